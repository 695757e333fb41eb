import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uniquePrefix } from './nats-cleanup.js';
import { SHARED_TRAWL_ENV, type SharedTrawl, setupGlobals } from './shared-trawl.js';
import { startTrawl } from './trawl-process.js';

/**
 * What the shared Trawl sets beside the defaults: options some test files need that change nothing
 * for the others (none of which sends webhooks, reads HSTS or waits for a scheduled check).
 */
const SHARED_OPTIONS: NodeJS.ProcessEnv = {
  // Webhook answers are signed, and a refused call is tried twice, 100 ms apart.
  WEBHOOK_SIGNING_SECRET: `whsec_${randomBytes(32).toString('base64')}`,
  WEBHOOK_RETRY_BASE_MS: '100',
  WEBHOOK_MAX_ATTEMPTS: '2',
  HSTS_MAX_AGE_SECONDS: '31536000',
  // Its scheduler does not tick within a run: the files run their checks by hand, and a slot that
  // fell due mid-test (an hourly monitor's minute, a weekly one's Monday morning) would add a check.
  MONITOR_SCHEDULER_TICK_MS: String(24 * 60 * 60 * 1000),
};

/**
 * Jest global setup of the e2e project (run from dist/): starts the one Trawl that test files needing
 * no option of their own share (`sharedTrawlWithSite`), since booting and stopping one takes seconds
 * (10-20 s on a busy 2-core machine).
 */
export default async function globalSetup() {
  const logFile = join(tmpdir(), `${uniquePrefix('trawl-e2e-shared-')}.log`);
  // Test files get their teams from the admin API: one request instead of a CLI process each.
  const trawl = await startTrawl({
    logFile,
    env: { ...SHARED_OPTIONS, ADMIN_API_KEY: randomBytes(24).toString('hex') },
  });
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
