import { randomUUID } from 'node:crypto';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import type { NatsNames } from '#contracts';
import { acquire, acquireInTurn, type ConcurrencyQueue, leave, renewLeases } from '#domain';
import { NATS_CONNECTION, NATS_NAMES, TeamConcurrencyDocuments } from '#messaging';
import { LOGGER, registerSampledGauge } from '#observability';
import { PeriodicTask } from '../periodic-task.js';

/** How often a team's waiting pages look again for free slots. */
const POLL_MS = 250;
/**
 * A team's pages waiting in this process that hold places in its document (about 120 bytes each:
 * 60 KB per core at most); the rest wait here behind them, counted in the document's backlog, so
 * that a monitor check of 5,000 pages, or a few cores' crawls, cannot outgrow NATS's 1 MB message.
 */
export const MAX_PLACES = 500;

/** What a page belongs to: a crawl or batch scrape, or a monitor check. */
export type PageSource = 'crawl' | 'monitor';

interface WaitingPage {
  ticket: string;
  source: PageSource;
  timeoutMs: number;
  admit(): void;
  fail(error: unknown): void;
}

/**
 * The pages of crawls, batch scrapes and monitor checks count against `CONCURRENCY_PER_TEAM` with
 * the team's scrapes, as Firecrawl counts a team's jobs: a page that needs the browser takes a slot
 * of its team's concurrency document first, behind the team's waiting scrapes and its earlier pages,
 * and frees it when its scrape ends. So one team's crawls and checks cannot fill the browsers' queue
 * past its limit, and `GET /v2/team/queue-status` shows them. A team's pages waiting in this process
 * look for slots together, in one change of its document per look.
 */
@Injectable()
export class TeamPageSlots
  implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly documents: TeamConcurrencyDocuments;
  /** Pages waiting in this process, by team, in arrival order; a team is here while its poller runs. */
  private readonly waiting = new Map<string, WaitingPage[]>();
  /** Names this process's backlog in the teams' documents. */
  private readonly holder = randomUUID();
  /** Pages given a slot here whose release this process has not seen yet, by team. */
  private readonly held = new Map<string, Set<string>>();
  private readonly renewals: PeriodicTask;
  private stopping = false;
  private unregisterGauge?: () => void;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.documents = new TeamConcurrencyDocuments(nc, names);
    this.renewals = new PeriodicTask(
      () => this.renewHeld(),
      (error) => logger.warn({ err: error }, 'slot leases not renewed; trying again next step'),
    );
  }

  /**
   * Waiting pages' places, and the slots of pages held past their first lease, are renewed in steps
   * of `CONCURRENCY_LEASE_STEP_MS`, so that a core that dies leaves them within two steps, and looks
   * that change nothing write nothing.
   */
  private get step(): number {
    return this.config.concurrencyLeaseStepMs;
  }

  /** A slot's first lease outlasts its page's timeout by two steps; the core renews it while it holds the page. */
  private leaseUntil(now: number, timeoutMs: number): number {
    return now + timeoutMs + 2 * this.step;
  }

  /** A waiting page's place lasts to the end of the next step, so renewing it writes once a step. */
  private placeUntil(now: number): number {
    return (Math.ceil(now / this.step) + 1) * this.step;
  }

  /**
   * Waits for a slot for the page (its scrape id is the ticket) and holds it; a page that holds
   * one already has it at once. Answers whether the page had to wait.
   */
  async take(teamId: string, ticket: string, timeoutMs: number, source: PageSource): Promise<boolean> {
    if (this.stopping) throw stopping();
    // The page joins the team's pages here at once, so they stay in arrival order however long the
    // first tries take; the poller looks for all of them, this first try for this one alone.
    let pages = this.waiting.get(teamId);
    const pollerRuns = pages !== undefined;
    if (!pages) {
      pages = [];
      this.waiting.set(teamId, pages);
    }
    let admit = () => {};
    let fail: (error: unknown) => void = () => {};
    const admitted = new Promise<void>((resolve, reject) => {
      admit = resolve;
      fail = reject;
    });
    admitted.catch(() => undefined); // failed at a stop while its first try was under way: nobody waits
    const page = { ticket, source, timeoutMs, admit, fail };
    pages.push(page);
    if (!pollerRuns) void this.poll(teamId);
    // Past the first MAX_PLACES, a page waits here without a place (counted as backlog): no first try.
    if (pages.length <= MAX_PLACES) {
      // NATS unreachable for a moment: the page stays in the list, and the poller tries again.
      const atOnce = await this.tryAtOnce(teamId, ticket, timeoutMs).catch(() => false);
      if (atOnce) {
        remove(pages, page);
        this.hold(teamId, ticket);
        return false;
      }
    }
    await admitted;
    return true;
  }

  private hold(teamId: string, ticket: string) {
    const tickets = this.held.get(teamId);
    if (tickets) tickets.add(ticket);
    else this.held.set(teamId, new Set([ticket]));
  }

  /** Takes a free slot if the page is in turn; otherwise the page keeps its place in the queue. */
  private async tryAtOnce(teamId: string, ticket: string, timeoutMs: number): Promise<boolean> {
    const now = Date.now();
    return this.documents.update(teamId, (queue) => {
      const result = acquire(queue, {
        ticket,
        now,
        limit: this.config.concurrencyPerTeam,
        leaseUntil: this.leaseUntil(now, timeoutMs),
        giveUpAt: this.placeUntil(now),
        background: true,
      });
      return { queue: result.queue, result: result.admitted };
    });
  }

  /** Frees the page's slot or place; a page that succeeded is the team's newest success. */
  release(teamId: string, ticket: string, succeededAt?: string): Promise<void> {
    this.held.get(teamId)?.delete(ticket);
    return this.documents.release(teamId, ticket, succeededAt);
  }

  /**
   * Keeps the slots of the pages held here while this process lives, however long they wait for a
   * browser or a turn; drops those released elsewhere (a crawl page's scrape may end on another core).
   */
  private async renewHeld() {
    for (const [teamId, tickets] of this.held) {
      const renewed = new Set(tickets);
      const now = Date.now();
      const holding = await this.documents.update(teamId, (queue) => {
        const result = renewLeases(queue, { tickets: renewed, until: now + 2 * this.step, now });
        return { queue: result.queue, result: new Set(result.holding) };
      });
      for (const ticket of renewed) if (!holding.has(ticket)) tickets.delete(ticket);
      if (tickets.size === 0) this.held.delete(teamId);
    }
  }

  /** The team's running and waiting scrapes and pages, for the watchdog's judgement of stalled pages. */
  snapshot(teamId: string): Promise<ConcurrencyQueue> {
    return this.documents.snapshot(teamId);
  }

  onApplicationBootstrap() {
    this.renewals.start(this.step);
    this.unregisterGauge = registerSampledGauge({
      name: 'trawl_pages_waiting_for_slot',
      help: "Pages of crawls and batch scrapes (crawl) and of monitor checks (monitor) waiting in this core for a slot of their team's concurrency",
      labelNames: ['source'],
      sample: () => {
        const counts: Record<PageSource, number> = { crawl: 0, monitor: 0 };
        for (const pages of this.waiting.values()) for (const page of pages) counts[page.source]++;
        return Object.entries(counts).map(([source, value]) => ({ labels: { source }, value }));
      },
    });
  }

  /** Before the consumers stop, so that the pages waiting here go back to their queue at once. */
  beforeApplicationShutdown() {
    this.stopping = true;
  }

  async onApplicationShutdown() {
    this.unregisterGauge?.();
    // The pages held here go on in the browsers; their leases run out unless released before.
    await this.renewals.stop();
  }

  /** Looks for slots for the team's waiting pages until none waits here. */
  private async poll(teamId: string) {
    const pages = this.waiting.get(teamId) ?? [];
    while (pages.length > 0) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      if (this.stopping) {
        const gone = pages.splice(0);
        await this.documents
          .update(teamId, (queue) => ({
            queue: leave(queue, { tickets: gone.map((page) => page.ticket), holder: this.holder }),
            result: undefined,
          }))
          .catch(() => undefined); // their places end on their own
        for (const page of gone) page.fail(stopping());
        break;
      }
      const now = Date.now();
      const admitted = await this.documents
        .update(teamId, (queue) => {
          const placed = pages.slice(0, MAX_PLACES);
          const result = acquireInTurn(queue, {
            pages: placed.map((page) => ({
              ticket: page.ticket,
              leaseUntil: this.leaseUntil(now, page.timeoutMs),
            })),
            now,
            limit: this.config.concurrencyPerTeam,
            giveUpAt: this.placeUntil(now),
            holder: this.holder,
            backlog: pages.length - placed.length,
          });
          return { queue: result.queue, result: new Set(result.admitted) };
        })
        .catch(() => new Set<string>()); // NATS unreachable for a moment: look again
      for (let index = pages.length - 1; index >= 0; index--) {
        const page = pages[index];
        if (!page || !admitted.has(page.ticket)) continue;
        pages.splice(index, 1);
        this.hold(teamId, page.ticket);
        page.admit();
      }
    }
    this.waiting.delete(teamId);
  }
}

function remove(pages: WaitingPage[], page: WaitingPage) {
  const index = pages.indexOf(page);
  if (index >= 0) pages.splice(index, 1);
}

/** A page that was waiting for a slot when core stopped: its dispatch or check goes back to the queue, as it should. */
export class PageHandedBack extends Error {
  constructor() {
    super('core is stopping: the page waits for its slot on another instance');
  }
}

const stopping = () => new PageHandedBack();
