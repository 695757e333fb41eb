import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniquePrefix } from './nats-cleanup.js';
import { SHARED_TRAWL_ENV, type SharedTrawl, setupGlobals } from './shared-trawl.js';
import { startTrawl } from './trawl-process.js';

/**
 * Jest global setup of the e2e project (run from dist/): starts the one Trawl that test files needing
 * only the default options share (`sharedTrawlWithSite`), since booting and stopping one takes seconds.
 */
export default async function globalSetup() {
  const logFile = join(tmpdir(), `${uniquePrefix('trawl-e2e-shared-')}.log`);
  // Test files get their teams from the admin API: one request instead of a CLI process each.
  const trawl = await startTrawl({ logFile, env: { ADMIN_API_KEY: randomBytes(24).toString('hex') } });
  setupGlobals.sharedTrawl = trawl;
  const env = Object.fromEntries(
    Object.entries(trawl.env).filter(([name, value]) => process.env[name] !== value),
  );
  const shared: SharedTrawl = {
    baseUrl: trawl.baseUrl,
    prefix: trawl.prefix,
    dataDir: trawl.dataDir,
    logFile,
    env,
  };
  process.env[SHARED_TRAWL_ENV] = JSON.stringify(shared);
}
