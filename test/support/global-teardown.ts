import { rm } from 'node:fs/promises';
import { setupGlobals, sharedTrawlDescription } from './shared-trawl.js';

/** Jest global teardown of the e2e project: stops the shared Trawl and deletes its NATS resources. */
export default async function globalTeardown() {
  await setupGlobals.sharedTrawl?.stop();
  await rm(sharedTrawlDescription().logFile, { force: true });
}
