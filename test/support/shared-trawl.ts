import { readFileSync } from 'node:fs';
import { onceMoreIfConnectionDropped } from './dropped-connection.js';
import { call } from './monitor-client.js';
import type { RunningTrawl, Trawl } from './trawl-process.js';

/** What test files know of the default Trawl that the e2e global setup started for them to share. */
export interface SharedTrawl {
  baseUrl: string;
  prefix: string;
  dataDir: string;
  logFile: string;
  /** Its env entries that differ from the test process's (the CLI needs them). */
  env: NodeJS.ProcessEnv;
}

/** Test files run in other module registries (or workers): they read the description from the env. */
export const SHARED_TRAWL_ENV = 'TRAWL_E2E_SHARED';

/** What global setup hands to global teardown (Jest's way: the global object of their process). */
export const setupGlobals = globalThis as { sharedTrawl?: RunningTrawl };

export function sharedTrawlDescription(): SharedTrawl {
  const description = process.env[SHARED_TRAWL_ENV];
  if (!description) throw new Error(`${SHARED_TRAWL_ENV} is unset: the e2e project's globalSetup starts it`);
  return JSON.parse(description);
}

/** The shared Trawl with a new team of the caller's own, so no other test file sees its data. */
export async function joinSharedTrawl(): Promise<Trawl> {
  const { baseUrl, prefix, dataDir, logFile, env: own } = sharedTrawlDescription();
  const env = { ...process.env, ...own };
  const logs = () => readFileSync(logFile, 'utf8');
  // The operator's admin key creates the file's team; the file then acts with that team's key.
  const operator: Trawl = { baseUrl, prefix, dataDir, env, logs, apiKey: String(env.ADMIN_API_KEY) };
  // A Jest worker keeps its connections to the shared Trawl alive from its previous file.
  const created = await onceMoreIfConnectionDropped(() =>
    call(operator, 'POST', '/admin/teams', { name: 'e2e' }),
  );
  if (created.status !== 200)
    throw new Error(`the admin API could not create a team: ${JSON.stringify(created.body)}\n${logs()}`);
  return { ...operator, apiKey: created.body.data.key };
}
