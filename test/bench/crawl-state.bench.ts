import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CrawlCommand, crawlStreamId, type ScrapeRequest, validateCrawlRequest } from '#contracts';
import { type CrawlState, crawlDecider, nextDispatchAt } from '#domain';
import { type EventStore, SqliteEventStore } from '#event-store';
import { executeCommand, loadState } from '../../apps/core/src/command-handling/execute-command.js';
import { CrawlStates } from '../../apps/core/src/crawl/crawl-states.service.js';

const PAGES = 1_000;

/**
 * What core spends on a batch's page outcomes, as the crawl runner handles each: the outcome
 * recorded, then the crawl read back for its next dispatch; through `CrawlStates`, which keeps the
 * crawl's folded state between them (since 2026-12-06), vs each read from the stream's start.
 */
export async function benchCrawlState(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-crawl-state-'));
  const at = new Date().toISOString();
  const validated = validateCrawlRequest({ url: 'http://site.test/' });
  if (!validated.ok) throw new Error(validated.error);
  const scrapeRequest = validated.value.scrapeRequest as ScrapeRequest;
  /** A crawl's commands and reads: through `CrawlStates`, or each from the stream's start. */
  interface Crawls {
    execute(crawlId: string, command: CrawlCommand): Promise<unknown>;
    read<T>(crawlId: string, read: (state: CrawlState) => T): Promise<T>;
  }
  const msPerPage = async (name: string, crawlsOf: (store: EventStore) => Crawls) => {
    const store = new SqliteEventStore(join(dir, `${name}.sqlite`));
    const crawls = crawlsOf(store);
    const crawlId = randomUUID();
    const urls = Array.from({ length: PAGES }, (_, index) => `http://site.test/page-${index}`);
    await crawls.execute(crawlId, {
      type: 'StartBatchScrape',
      data: { crawlId, teamId: 'team-1', urls, maxConcurrency: 10, scrapeRequest, at },
    });
    const started = process.hrtime.bigint();
    for (;;) {
      const inFlight = await crawls.read(crawlId, (state) =>
        state.status === 'scraping' ? [...state.inFlight] : undefined,
      );
      if (!inFlight) break;
      for (const [scrapeId, page] of inFlight) {
        const outcome = {
          status: 'scraped' as const,
          finalUrl: page.url,
          statusCode: 200,
          documentBlob: 'document',
          links: [],
          credits: 1,
        };
        await crawls.execute(crawlId, {
          type: 'RecordPageOutcome',
          data: { crawlId, scrapeId, outcome, at },
        });
        await crawls.read(crawlId, nextDispatchAt);
      }
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / PAGES;
    await store.close();
    return ms;
  };
  try {
    const whole = await msPerPage('whole', (store) => ({
      execute: (crawlId, command) => executeCommand(store, crawlDecider, crawlStreamId(crawlId), command, {}),
      read: async (crawlId, read) =>
        read((await loadState(store, crawlDecider, crawlStreamId(crawlId))).state),
    }));
    const cached = await msPerPage('cached', (store) => {
      const crawls = new CrawlStates(store);
      return {
        execute: (crawlId, command) => crawls.execute(crawlId, command, {}),
        read: crawls.read.bind(crawls),
      };
    });
    return {
      [`core per page outcome, batch of ${PAGES.toLocaleString('en-US')} pages`]: `${cached.toFixed(1)} ms cached vs ${whole.toFixed(1)} ms reading the whole stream: ${(cached / whole).toFixed(2)}×`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
