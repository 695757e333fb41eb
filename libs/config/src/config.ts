import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Every setting of Trawl, read once from the environment. The README's configuration table
 * documents each variable; keep the two in step.
 */
export interface TrawlConfig {
  host: string;
  port: number;
  /** Base URL clients reach this server at; used for absolute `next` links. */
  publicUrl: string;
  natsUrl: string;
  natsPrefix: string;
  dataDir: string;
  sqlitePath: string;
  chromiumPath: string;
  browserConcurrency: number;
  extractorThreads: number;
  /** A worker that stops heart-beating for this long loses its job to another instance. */
  workerAckWaitMs: number;
  /** Let outbound fetches reach private, loopback and link-local addresses (tests, intranets). */
  allowPrivateAddresses: boolean;
  logLevel: string;
  /** Requests per minute per team and per API key, shared by all api instances; 0 = no limit. */
  rateLimitPerTeam: number;
  rateLimitPerKey: number;
  /** HMAC key of signed file URLs; every api instance must share it. Default: a key kept in DATA_DIR. */
  filesSigningSecret?: string;
  /** Where the standalone app writes the API key it creates for the local team on first start. */
  localKeyFile: string;
  /** Create a local team and key on first start (standalone default). */
  bootstrapLocalKey: boolean;
  /** Shortest interval between two runs of a monitor's schedule. */
  monitorMinIntervalMinutes: number;
  /** How often the scheduler looks for due monitor checks. */
  monitorSchedulerTickMs: number;
  /** Checks running at once per core instance, and pages scraped at once per check. */
  monitorCheckConcurrency: number;
  monitorPageConcurrency: number;
  /** Key of webhook signatures (`whsec_<base64>`); default: one kept in DATA_DIR. */
  webhookSigningSecret?: string;
  /** Attempts per webhook call before it is logged as failed; the first retry waits `webhookRetryBaseMs`. */
  webhookMaxAttempts: number;
  webhookRetryBaseMs: number;
  /** SMTP server of monitor e-mails, e.g. `smtp://user:pass@mail.example.com:587`; e-mail is refused without it. */
  smtpUrl?: string;
  smtpFrom: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TrawlConfig {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const host = env.HOST ?? '127.0.0.1';
  const port = int(env, 'PORT', 3002);
  return {
    host,
    port,
    publicUrl: (env.PUBLIC_URL ?? `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`).replace(
      /\/$/,
      '',
    ),
    natsUrl: env.NATS_URL ?? 'nats://127.0.0.1:4222',
    natsPrefix: env.NATS_PREFIX ?? 'trawl',
    dataDir,
    sqlitePath: env.EVENTSTORE_SQLITE_PATH ?? join(dataDir, 'events.sqlite'),
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    browserConcurrency: int(env, 'BROWSER_CONCURRENCY', Math.max(2, availableParallelism())),
    extractorThreads: int(env, 'EXTRACTOR_THREADS', Math.max(1, availableParallelism())),
    workerAckWaitMs: int(env, 'WORKER_ACK_WAIT_MS', 30_000),
    allowPrivateAddresses: bool(env, 'ALLOW_PRIVATE_ADDRESSES', false),
    logLevel: env.LOG_LEVEL ?? 'info',
    filesSigningSecret: env.FILES_SIGNING_SECRET || undefined,
    rateLimitPerTeam: int(env, 'RATE_LIMIT_PER_TEAM', 600),
    rateLimitPerKey: int(env, 'RATE_LIMIT_PER_KEY', 0),
    localKeyFile: env.LOCAL_KEY_FILE ?? join(dataDir, 'local-api-key'),
    bootstrapLocalKey: bool(env, 'BOOTSTRAP_LOCAL_KEY', true),
    monitorMinIntervalMinutes: int(env, 'MONITOR_MIN_INTERVAL_MINUTES', 5),
    monitorSchedulerTickMs: int(env, 'MONITOR_SCHEDULER_TICK_MS', 5_000),
    monitorCheckConcurrency: int(env, 'MONITOR_CHECK_CONCURRENCY', 2),
    monitorPageConcurrency: int(env, 'MONITOR_PAGE_CONCURRENCY', 4),
    webhookSigningSecret: env.WEBHOOK_SIGNING_SECRET || undefined,
    webhookMaxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 2_000),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM ?? 'Trawl <trawl@localhost>',
  };
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}
