import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CrawlCommand, crawlStreamId, type ScrapeRequest, validateCrawlRequest } from '#contracts';
import { type CrawlState, crawlDecider, nextDispatchAt } from '#domain';
import { SqliteEventStore } from '#event-store';
import {
  executeCommand,
  loadState,
  type StreamStateCache,
} from '../../apps/core/src/command-handling/execute-command.js';

const PAGES = 1_000;

/**
 * What core spends on a batch's page outcomes, as the crawl runner handles each: the outcome
 * recorded, then the crawl read back for its next dispatch; with the crawl's folded state kept
 * between them (the runner's way since 2026-12-06) vs each read from the start of the stream.
 */
export async function benchCrawlState(): Promise<Record<string, string>> {
  const dir = mkdtempSync(join(tmpdir(), 'trawl-crawl-state-'));
  const at = new Date().toISOString();
  const validated = validateCrawlRequest({ url: 'http://site.test/' });
  if (!validated.ok) throw new Error(validated.error);
  const scrapeRequest = validated.value.scrapeRequest as ScrapeRequest;
  const msPerPage = async (cache: StreamStateCache<CrawlState> | undefined) => {
    const store = new SqliteEventStore(join(dir, `${cache ? 'cached' : 'whole'}.sqlite`));
    const crawlId = randomUUID();
    const streamId = crawlStreamId(crawlId);
    const run = (command: CrawlCommand) => executeCommand(store, crawlDecider, streamId, command, {}, cache);
    const urls = Array.from({ length: PAGES }, (_, index) => `http://site.test/page-${index}`);
    await run({
      type: 'StartBatchScrape',
      data: { crawlId, teamId: 'team-1', urls, maxConcurrency: 10, scrapeRequest, at },
    });
    const started = process.hrtime.bigint();
    for (;;) {
      const { state } = await loadState(store, crawlDecider, streamId, cache);
      if (state.status !== 'scraping') break;
      for (const [scrapeId, page] of [...state.inFlight]) {
        const outcome = {
          status: 'scraped' as const,
          finalUrl: page.url,
          statusCode: 200,
          documentBlob: 'document',
          links: [],
          credits: 1,
        };
        await run({ type: 'RecordPageOutcome', data: { crawlId, scrapeId, outcome, at } });
        nextDispatchAt((await loadState(store, crawlDecider, streamId, cache)).state);
      }
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6 / PAGES;
    await store.close();
    return ms;
  };
  try {
    const whole = await msPerPage(undefined);
    const cached = await msPerPage(new Map());
    return {
      [`core per page outcome, batch of ${PAGES.toLocaleString('en-US')} pages`]: `${cached.toFixed(1)} ms cached vs ${whole.toFixed(1)} ms reading the whole stream: ${(cached / whole).toFixed(2)}×`,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
