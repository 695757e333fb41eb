/**
 * Every NATS name Trawl uses, derived from one prefix so that several deployments (or test runs)
 * can share a NATS server without colliding. This layout is a public contract: see the README.
 */
export interface NatsNames {
  readonly prefix: string;
  /** JetStream stream holding every committed event. */
  readonly eventsStream: string;
  /** `<prefix>.evt.<category>.<EventType>`, e.g. `trawl.evt.scrape.ScrapeCompleted`. */
  eventSubject(category: string, type: string): string;
  /** Wildcard over all events, or all events of one category. */
  eventWildcard(category?: string): string;
  /** Request/reply subject of a command, e.g. `trawl.cmd.scrape.StartScrape`. */
  commandSubject(category: string, command: string): string;
  /** Durable consumer name for a worker group. */
  consumerName(worker: string): string;
  /** JetStream object store bucket for page bodies and documents. */
  readonly blobBucket: string;
  /** Object store of files served by signed URL (screenshots, PDFs); entries expire. */
  readonly filesBucket: string;
  /** Object store of audio and video served by signed URL; entries expire after an hour. */
  readonly mediaBucket: string;
  /** JetStream KV bucket of one read model. */
  kvBucket(readModel: string): string;
  /** Request/reply subject of the browser-worker holding a scrape's live page (interact). */
  interactSessionSubject(scrapeId: string): string;
  /** Queue subject any browser-worker answers by replaying a scrape whose live page is gone. */
  readonly interactReplaySubject: string;
  /** Request/reply subject of the browser-worker holding a browser session (`/v2/browser`). */
  browserSessionSubject(sessionId: string): string;
  /** Queue subject any browser-worker with room answers by opening a browser session. */
  readonly browserOpenSubject: string;
  /** Request/reply subject of the api holding a zero-data-retention crawl or batch scrape in its memory. */
  zeroRetentionJobSubject(jobId: string): string;
  /** Every api answers it with the zero-data-retention crawls it holds for a team (`GET /v2/crawl/active`). */
  readonly zeroRetentionActiveSubject: string;
}

/** Prefixes are lower-case letters, digits and `_`, so they are valid in subjects and stream names. */
export function natsNames(prefix = 'trawl'): NatsNames {
  if (!/^[a-z][a-z0-9_]{0,31}$/.test(prefix)) {
    throw new Error(`NATS prefix "${prefix}" must match ^[a-z][a-z0-9_]{0,31}$`);
  }
  const upper = prefix.toUpperCase();
  return {
    prefix,
    eventsStream: `${upper}_EVENTS`,
    eventSubject: (category, type) => `${prefix}.evt.${category}.${type}`,
    eventWildcard: (category) => (category ? `${prefix}.evt.${category}.>` : `${prefix}.evt.>`),
    commandSubject: (category, command) => `${prefix}.cmd.${category}.${command}`,
    consumerName: (worker) => `${prefix}_${worker}`,
    blobBucket: `${prefix}_blobs`,
    filesBucket: `${prefix}_files`,
    mediaBucket: `${prefix}_media`,
    kvBucket: (readModel) => `${prefix}_${readModel}`,
    interactSessionSubject: (scrapeId) => `${prefix}.interact.session.${scrapeId}`,
    interactReplaySubject: `${prefix}.interact.replay`,
    browserSessionSubject: (sessionId) => `${prefix}.browser.session.${sessionId}`,
    browserOpenSubject: `${prefix}.browser.open`,
    zeroRetentionJobSubject: (jobId) => `${prefix}.zdr.job.${jobId}`,
    zeroRetentionActiveSubject: `${prefix}.zdr.active`,
  };
}
