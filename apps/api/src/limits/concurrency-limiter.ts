import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type NatsNames, TrawlError } from '#contracts';
import { acquire, type ConcurrencyQueue, type CreditHold, holdCredits, queueWaitLimitMs } from '#domain';
import { NATS_CONNECTION, NATS_NAMES, TeamConcurrencyDocuments } from '#messaging';
import { insufficientCredits } from '../credits/credits.guard.js';

/** How often a waiting scrape looks again for a free slot. */
const POLL_MS = 100;
/** Why a metered team with credits on its balance is refused: running scrapes and hits hold them. */
const HELD_BY_OTHERS = 'this team has no credits left (its running scrapes hold the rest)';
/** A slot outlives its scrape's timeout by this much before it frees itself (a dead api instance). */
const LEASE_GRACE_MS = 15_000;

export interface ConcurrencySlot {
  /** The scrape had to wait for a slot. */
  limited: boolean;
  queuedMs: number;
  /** The scrape holds what it costs of a metered team's credits until `release`. */
  holdsCredits: boolean;
  release(succeeded: boolean): Promise<void>;
}

/**
 * Scrapes one team runs at once (CONCURRENCY_PER_TEAM), counted with its crawl and batch pages
 * in the team's concurrency document. Excess scrapes wait their turn in arrival order, ahead of
 * waiting pages, for up to two thirds of their timeout, then get 408 CONCURRENCY_QUEUE_TIMEOUT.
 */
@Injectable()
export class ConcurrencyLimiter {
  private readonly documents: TeamConcurrencyDocuments;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.documents = new TeamConcurrencyDocuments(nc, names);
  }

  get limit(): number {
    return this.config.concurrencyPerTeam;
  }

  /**
   * A slot for the ticket, once one is free; `credits` (read again at each look) makes a metered
   * team's scrape hold its cost while it runs, and refuses it with 402 when nothing is left.
   */
  async acquire(
    teamId: string,
    ticket: string,
    timeoutMs: number,
    credits: () => Promise<CreditHold | undefined>,
  ): Promise<ConcurrencySlot> {
    const startedAt = Date.now();
    const giveUpAt = startedAt + queueWaitLimitMs(timeoutMs);
    const leaseUntil = startedAt + queueWaitLimitMs(timeoutMs) + timeoutMs + LEASE_GRACE_MS;
    for (let polls = 0; ; polls++) {
      const now = Date.now();
      if (now >= giveUpAt) {
        await this.documents.release(teamId, ticket);
        throw new TrawlError(
          'CONCURRENCY_QUEUE_TIMEOUT',
          `This team already runs ${this.limit} scrapes at once; this one waited ${now - startedAt} ms (two thirds of its timeout) for a free slot`,
        );
      }
      const hold = await credits();
      const result = await this.documents.update(teamId, (queue) => {
        const result = acquire(queue, {
          ticket,
          now,
          limit: this.limit,
          leaseUntil,
          giveUpAt,
          credits: hold,
        });
        return { queue: result.queue, result };
      });
      if ('outOfCredits' in result) throw insufficientCredits(HELD_BY_OTHERS);
      const { admitted } = result;
      if (admitted) {
        return {
          limited: polls > 0,
          queuedMs: polls > 0 ? Date.now() - startedAt : 0,
          holdsCredits: hold !== undefined,
          release: (succeeded) =>
            this.documents
              .release(teamId, ticket, succeeded ? new Date().toISOString() : undefined)
              .catch(() => {
                // The scrape's answer stands; a slot that could not be freed now frees itself when its lease ends.
              }),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  /**
   * Holds a metered team's credits for a cache hit, which takes no slot, until `release`; 402
   * when its credits less those held are spent. A hold that is never released ends with the timeout.
   */
  async holdCredits(
    teamId: string,
    ticket: string,
    timeoutMs: number,
    credits: CreditHold,
  ): Promise<{ release(): Promise<void> }> {
    const now = Date.now();
    const until = now + timeoutMs + LEASE_GRACE_MS;
    const held = await this.documents.update(teamId, (queue) => {
      const { queue: next, held } = holdCredits(queue, { ticket, now, until, credits });
      return { queue: next, result: held };
    });
    if (!held) throw insufficientCredits(HELD_BY_OTHERS);
    return {
      release: () =>
        this.documents.release(teamId, ticket).catch(() => {
          // The answer stands; a hold that could not be let go ends on its own.
        }),
    };
  }

  /** The team's running and waiting scrapes (and crawl pages) right now. */
  snapshot(teamId: string): Promise<ConcurrencyQueue> {
    return this.documents.snapshot(teamId);
  }
}
