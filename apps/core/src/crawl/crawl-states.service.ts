import { Inject, Injectable } from '@nestjs/common';
import { type CrawlCommand, type CrawlEvent, crawlStreamId, type EventMetadata } from '#contracts';
import { type CrawlState, crawlDecider } from '#domain';
import type { EventStore } from '#event-store';
import { SerialLanes } from '#messaging';
import { executeCommand, loadState, type StreamStateCache } from '../command-handling/execute-command.js';
import { EVENT_STORE } from '../event-store.provider.js';

/** Crawls whose folded state a core keeps (a crawl of 10,000 pages holds a few MB). */
const KEPT_CRAWLS = 100;

/**
 * The crawls' folded states in this core, kept while they scrape so that each read or command
 * reads only a crawl's new events: read whole, a crawl of 5,000 pages (15,000 events) cost 0.1 s
 * a read on sqlite, and its runner reads it twice for every page. One read or command at a time per crawl,
 * since the crawl decider folds its state further in place and concurrent commands would fight
 * over revisions; so `read` must take what it needs from the state before it returns.
 */
@Injectable()
export class CrawlStates {
  private readonly lanes = new SerialLanes();
  private readonly states: StreamStateCache<CrawlState> = new Map();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** What `read` takes from the crawl's current state. */
  read<T>(crawlId: string, read: (state: CrawlState) => T): Promise<T> {
    return this.lanes.run(crawlId, async () => {
      const streamId = crawlStreamId(crawlId);
      const { state } = await loadState(this.store, crawlDecider, streamId, this.states);
      const result = read(state);
      this.keep(streamId);
      return result;
    });
  }

  /** Decides the command on the crawl's current state and appends what it decided. */
  execute(
    crawlId: string,
    command: CrawlCommand,
    metadata: EventMetadata,
  ): Promise<{ events: CrawlEvent[]; revision: number }> {
    return this.lanes.run(crawlId, async () => {
      const streamId = crawlStreamId(crawlId);
      const result = await executeCommand(this.store, crawlDecider, streamId, command, metadata, this.states);
      this.keep(streamId);
      return result;
    });
  }

  /** The most recently used crawls that still scrape, at most `KEPT_CRAWLS`. */
  private keep(streamId: string) {
    const entry = this.states.get(streamId);
    this.states.delete(streamId);
    if (entry?.state.status === 'scraping') this.states.set(streamId, entry);
    for (const oldest of this.states.keys()) {
      if (this.states.size <= KEPT_CRAWLS) break;
      this.states.delete(oldest);
    }
  }
}
