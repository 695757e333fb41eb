import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import type { ProxyPools } from '#domain';
import { proxyPoolsFrom } from './proxy-pools.js';

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
  /** EventStoreDB (`esdb://…`) instead of the embedded sqlite store when set. */
  eventStoreConnectionString?: string;
  chromiumPath: string;
  /** bubblewrap, the sandbox of LibreOffice conversions and of Python scripts. */
  bwrapPath: string;
  /** LibreOffice, which converts legacy and open office uploads, and whether bubblewrap sandboxes it (OFFICE_SANDBOX=off runs it bare). */
  office: { sofficePath: string; sandbox: boolean };
  browserConcurrency: number;
  extractorThreads: number;
  /** A worker that stops heart-beating for this long loses its job to another instance. */
  workerAckWaitMs: number;
  /** Webhooks and e-mails are not sent for events the relay published this long after their commit (history sent again). */
  notifyReplayHorizonMs: number;
  /** Private, loopback and link-local addresses outbound fetches may reach (tests, intranets). */
  allowedPrivateAddresses: PrivateAddressAllowance;
  /** DNS servers (`host:port`) the SSRF guard resolves names through; empty = the system resolver. */
  dnsServers: readonly string[];
  /** Proxies that fetch pages (`PROXY_BASIC`, `PROXY_ENHANCED`); trusted, so the SSRF guard checks targets, not them. */
  proxies: ProxyPools;
  logLevel: string;
  /** `Strict-Transport-Security` max-age of API answers; 0 (the default) sends none, for plain-HTTP deployments. */
  hstsMaxAgeSeconds: number;
  /** Port of the `/metrics` endpoint of an app without HTTP (core, projector, workers); 0 = none. The api serves `/metrics` itself. */
  metricsPort: number;
  /** Requests per minute per team and per API key, shared by all api instances; 0 = no limit. */
  rateLimitPerTeam: number;
  rateLimitPerKey: number;
  /** HMAC key of signed file URLs; every api instance must share it. Default: a key kept in DATA_DIR. */
  filesSigningSecret?: string;
  /**
   * Credits of a team that was never granted any: an opening allowance every team starts with,
   * or `unlimited` (the default) to leave such teams unmetered. Granting credits meters a team.
   */
  defaultTeamCredits: number | 'unlimited';
  /**
   * Model tokens a team may use in a calendar month (UTC) unless the operator set its own cap;
   * unset (the default): no cap. Model work past it falls back to the local methods, saying why.
   */
  defaultTeamMonthlyTokens?: number;
  /** Bearer token of the operator-only admin API (`/admin/...`); unset = the admin API is off. */
  adminApiKey?: string;
  /** Scrapes one team may run at once, across every api instance; more wait in a queue. */
  concurrencyPerTeam: number;
  /**
   * Core renews the places of its waiting pages and the slots of the pages it holds this often; a
   * core that dies leaves them within two of these.
   */
  concurrencyLeaseStepMs: number;
  /** AES-256-GCM key (base64, 32 bytes) of stored profiles; every browser-worker must share it. Default: a key kept in DATA_DIR. */
  profilesEncryptionKey?: string;
  /** Pages a browser-worker keeps open after their scrape for interact (0: always replay). */
  interactMaxSessions: number;
  /** A kept page unused this long is closed; a later interact call replays the scrape. */
  interactIdleMs: number;
  /** Browser sessions (`POST /v2/browser`) a browser-worker holds at most (0: none). */
  browserSessionsMax: number;
  /** How often core looks for browser sessions a crashed worker left open, and how long past expiry it waits. */
  browserSessionSweep: { intervalMs: number; graceMs: number };
  /** SearXNG instance that `POST /v2/search` asks; without it, search uses the local index of scraped pages. */
  searxngUrl?: string;
  /**
   * A crawl page whose scrape has not ended this long after its own timeout is failed as
   * SCRAPE_TIMEOUT, so a lost job never stalls its crawl; the watchdog looks every interval.
   */
  crawlPageStallGraceMs: number;
  crawlWatchdogIntervalMs: number;
  /** Shortest interval between two runs of a monitor's schedule. */
  monitorMinIntervalMinutes: number;
  /** How often the scheduler looks for due monitor checks. */
  monitorSchedulerTickMs: number;
  /**
   * Per core instance: checks in progress at once (they mostly wait), and pages scraped and crawl
   * targets crawled at once, which its checks share in turns by team.
   */
  monitorCheckConcurrency: number;
  monitorPageConcurrency: number;
  monitorCrawlConcurrency: number;
  /** A check running longer is completed by the watchdog, its unreported pages as `error`. */
  monitorCheckDeadlineMs: number;
  /** How often core drops checks older than their monitor's `retentionDays`, and how long such a day is. */
  monitorRetentionSweepMs: number;
  monitorRetentionDaySeconds: number;
  /** Key of webhook signatures (`whsec_<base64>`); default: one kept in DATA_DIR. */
  webhookSigningSecret?: string;
  /** Attempts per webhook call before it is logged as failed; the first retry waits `webhookRetryBaseMs`. */
  webhookMaxAttempts: number;
  webhookRetryBaseMs: number;
  /** SMTP server of monitor e-mails, e.g. `smtp://user:pass@mail.example.com:587`; e-mail is refused without it. */
  smtpUrl?: string;
  smtpFrom: string;
  /** Where the standalone app writes the API key it creates for the local team on first start. */
  localKeyFile: string;
  /** Create a local team and key on first start (standalone default). */
  bootstrapLocalKey: boolean;
  /** An OpenAI-compatible chat-completions endpoint for model-based features; absent = local methods only. */
  llm?: LlmSettings;
  /** An S3-compatible bucket for page bodies, documents and files; absent = the JetStream object store. */
  s3?: S3BlobSettings;
}

export interface S3BlobSettings {
  /** Unset: AWS (`https://s3.<region>.amazonaws.com`); MinIO, R2, Ceph…: their URL. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
  /** `<endpoint>/<bucket>/<key>` URLs (MinIO) instead of virtual-hosted `<bucket>.<host>/<key>`. */
  forcePathStyle: boolean;
}

/** Every private address (`'all'`), or only these ranges; an empty list keeps the SSRF guard whole. */
export type PrivateAddressAllowance = 'all' | readonly AllowedAddressRange[];

export interface AllowedAddressRange {
  network: string;
  prefix: number;
  family: 'ipv4' | 'ipv6';
  /** Only this port of the range (e.g. one intranet service); every port when absent. */
  port?: number;
}

/**
 * `ALLOW_PRIVATE_ADDRESSES`: `true` (all), `false` or empty (none), or a comma-separated list of
 * ranges, each an address or CIDR with an optional port: `10.0.0.0/8`, `127.0.0.1:8080`, `[::1]:8080`, `fd00::/8`.
 */
export function privateAddressAllowance(raw: string): PrivateAddressAllowance {
  if (/^(1|true|yes)$/i.test(raw.trim())) return 'all';
  if (/^(|0|false|no)$/i.test(raw.trim())) return [];
  return raw.split(',').map((entry) => {
    const [range, port] = splitRangeAndPort(entry.trim());
    const [network = '', prefixText] = range.split('/');
    const version = isIP(network);
    const prefix = prefixText === undefined ? (version === 6 ? 128 : 32) : Number(prefixText);
    if (
      version === 0 ||
      (prefixText !== undefined && !/^\d+$/.test(prefixText)) ||
      prefix > (version === 6 ? 128 : 32) ||
      !isPortOrAbsent(port)
    ) {
      throw new Error(
        `ALLOW_PRIVATE_ADDRESSES must be true, false or ranges such as 10.0.0.0/8,127.0.0.1:8080,[::1]:8080; got "${entry}"`,
      );
    }
    return {
      network,
      prefix,
      family: version === 6 ? 'ipv6' : 'ipv4',
      port: port === undefined ? undefined : Number(port),
    };
  });
}

/**
 * `DNS_SERVERS`: comma-separated addresses with an optional port (`10.0.0.2`, `127.0.0.1:5353`,
 * `[fd00::53]:53`), in the forms `dns.Resolver#setServers` takes.
 */
export function dnsServers(raw: string): string[] {
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [address, port] = splitRangeAndPort(entry);
      if (!isIP(address) || !isPortOrAbsent(port)) {
        throw new Error(
          `DNS_SERVERS must be addresses with an optional port such as 10.0.0.2,127.0.0.1:5353,[::1]:53; got "${entry}"`,
        );
      }
      return entry;
    });
}

function isPortOrAbsent(port: string | undefined): boolean {
  return port === undefined || (/^\d+$/.test(port) && Number(port) >= 1 && Number(port) <= 65_535);
}

/** `[v6/prefix]:port`, `v6/prefix` (two colons or more), `v4/prefix:port` or `v4/prefix`. */
function splitRangeAndPort(entry: string): [string, string | undefined] {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return [bracketed[1] ?? '', bracketed[2]];
  if (entry.split(':').length > 2) return [entry, undefined];
  const [range = '', port] = entry.split(':');
  return [range, port];
}

export interface LlmSettings {
  /** e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama), a vLLM or llama.cpp server. */
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per attempt. */
  timeoutMs: number;
  /** Retries after a network error, 429 or 5xx. */
  maxRetries: number;
  /** Cap on the tokens of one answer. */
  maxTokens: number;
  /** Cap on the characters of page text sent with one request. */
  maxInputChars: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TrawlConfig {
  const dataDir = resolve(env.DATA_DIR ?? '.data');
  const host = env.HOST ?? '127.0.0.1';
  const port = int(env, 'PORT', 3002);
  // Pages mostly wait on the network: on 2 cores, 4 at once read 12 pages of a 1.5 s site in 10 s, 2 in 16 s.
  const browserConcurrency = int(env, 'BROWSER_CONCURRENCY', Math.max(4, availableParallelism()));
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
    eventStoreConnectionString: env.EVENTSTORE_CONNECTION_STRING || undefined,
    chromiumPath: env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    bwrapPath: env.BWRAP_PATH ?? '/usr/bin/bwrap',
    office: {
      sofficePath: env.SOFFICE_PATH ?? '/usr/bin/soffice',
      sandbox: officeSandbox(env.OFFICE_SANDBOX ?? 'bwrap'),
    },
    browserConcurrency,
    extractorThreads: int(env, 'EXTRACTOR_THREADS', Math.max(1, availableParallelism())),
    workerAckWaitMs: int(env, 'WORKER_ACK_WAIT_MS', 30_000),
    notifyReplayHorizonMs: int(env, 'NOTIFY_REPLAY_HORIZON_MS', 60 * 60_000),
    allowedPrivateAddresses: privateAddressAllowance(env.ALLOW_PRIVATE_ADDRESSES ?? ''),
    dnsServers: dnsServers(env.DNS_SERVERS ?? ''),
    proxies: proxyPoolsFrom(env),
    logLevel: env.LOG_LEVEL ?? 'info',
    hstsMaxAgeSeconds: int(env, 'HSTS_MAX_AGE_SECONDS', 0),
    metricsPort: int(env, 'METRICS_PORT', 0),
    filesSigningSecret: env.FILES_SIGNING_SECRET || undefined,
    rateLimitPerTeam: int(env, 'RATE_LIMIT_PER_TEAM', 600),
    rateLimitPerKey: int(env, 'RATE_LIMIT_PER_KEY', 0),
    defaultTeamCredits:
      (env.DEFAULT_TEAM_CREDITS ?? 'unlimited') === 'unlimited'
        ? 'unlimited'
        : int(env, 'DEFAULT_TEAM_CREDITS', 0),
    defaultTeamMonthlyTokens: env.DEFAULT_TEAM_MONTHLY_TOKENS
      ? int(env, 'DEFAULT_TEAM_MONTHLY_TOKENS', 0)
      : undefined,
    adminApiKey: env.ADMIN_API_KEY || undefined,
    concurrencyPerTeam: positiveInt(env, 'CONCURRENCY_PER_TEAM', 50),
    concurrencyLeaseStepMs: positiveInt(env, 'CONCURRENCY_LEASE_STEP_MS', 30_000),
    profilesEncryptionKey: env.PROFILES_ENCRYPTION_KEY || undefined,
    interactMaxSessions: int(env, 'INTERACT_MAX_SESSIONS', 8),
    interactIdleMs: int(env, 'INTERACT_IDLE_MS', 300_000),
    browserSessionsMax: int(env, 'BROWSER_SESSIONS_MAX', 4),
    browserSessionSweep: {
      intervalMs: positiveInt(env, 'BROWSER_SESSION_SWEEP_MS', 30_000),
      graceMs: int(env, 'BROWSER_SESSION_GRACE_MS', 60_000),
    },
    searxngUrl: env.SEARXNG_URL || undefined,
    localKeyFile: env.LOCAL_KEY_FILE ?? join(dataDir, 'local-api-key'),
    bootstrapLocalKey: bool(env, 'BOOTSTRAP_LOCAL_KEY', true),
    ...(env.LLM_BASE_URL
      ? {
          llm: {
            baseUrl: env.LLM_BASE_URL.replace(/\/$/, ''),
            model: required(env, 'LLM_MODEL', 'LLM_BASE_URL is set'),
            apiKey: env.LLM_API_KEY || undefined,
            timeoutMs: int(env, 'LLM_TIMEOUT_MS', 60_000),
            maxRetries: int(env, 'LLM_MAX_RETRIES', 2),
            maxTokens: int(env, 'LLM_MAX_TOKENS', 2_048),
            maxInputChars: int(env, 'LLM_MAX_INPUT_CHARS', 60_000),
          },
        }
      : {}),
    ...(env.S3_BUCKET
      ? {
          s3: {
            endpoint: env.S3_ENDPOINT || undefined,
            region: env.S3_REGION || 'us-east-1',
            bucket: env.S3_BUCKET,
            accessKeyId: required(env, 'S3_ACCESS_KEY_ID', 'S3_BUCKET is set'),
            secretAccessKey: required(env, 'S3_SECRET_ACCESS_KEY', 'S3_BUCKET is set'),
            sessionToken: env.S3_SESSION_TOKEN || undefined,
            // Self-hosted servers rarely have a wildcard DNS name per bucket.
            forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', Boolean(env.S3_ENDPOINT)),
          },
        }
      : {}),
    monitorMinIntervalMinutes: int(env, 'MONITOR_MIN_INTERVAL_MINUTES', 5),
    monitorSchedulerTickMs: int(env, 'MONITOR_SCHEDULER_TICK_MS', 5_000),
    monitorCheckConcurrency: int(env, 'MONITOR_CHECK_CONCURRENCY', 64),
    // As many pages as one browser-worker renders at once: more would only queue there, first come first served.
    monitorPageConcurrency: int(env, 'MONITOR_PAGE_CONCURRENCY', browserConcurrency),
    monitorCrawlConcurrency: int(env, 'MONITOR_CRAWL_CONCURRENCY', 2),
    monitorCheckDeadlineMs: int(env, 'MONITOR_CHECK_DEADLINE_MS', 3_600_000),
    monitorRetentionSweepMs: int(env, 'MONITOR_RETENTION_SWEEP_MS', 3_600_000),
    monitorRetentionDaySeconds: int(env, 'MONITOR_RETENTION_DAY_SECONDS', 86_400),
    crawlPageStallGraceMs: int(env, 'CRAWL_PAGE_STALL_GRACE_MS', 120_000),
    crawlWatchdogIntervalMs: int(env, 'CRAWL_WATCHDOG_INTERVAL_MS', 15_000),
    webhookSigningSecret: env.WEBHOOK_SIGNING_SECRET || undefined,
    webhookMaxAttempts: int(env, 'WEBHOOK_MAX_ATTEMPTS', 8),
    webhookRetryBaseMs: int(env, 'WEBHOOK_RETRY_BASE_MS', 2_000),
    smtpUrl: env.SMTP_URL || undefined,
    smtpFrom: env.SMTP_FROM ?? 'Trawl <trawl@localhost>',
  };
}

function required(env: NodeJS.ProcessEnv, name: string, because: string): string {
  const value = env[name];
  if (!value) throw new Error(`${name} is required when ${because}`);
  return value;
}

function int(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = int(env, name, fallback);
  if (value === 0) throw new Error(`${name} must be at least 1`);
  return value;
}

function officeSandbox(raw: string): boolean {
  if (raw === 'bwrap') return true;
  if (raw === 'off') return false;
  throw new Error(`OFFICE_SANDBOX must be bwrap or off, got "${raw}"`);
}

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes)$/i.test(raw)) return true;
  if (/^(0|false|no)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}
