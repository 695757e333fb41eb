import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { v5 as uuidv5 } from 'uuid';
import {
  FEEDBACK_CATEGORY,
  FEEDBACK_READ_MODEL,
  type Feedback,
  type FeedbackView,
  type NatsNames,
  SCRAPE_CATEGORY,
  TrawlError,
} from '#contracts';
import { CommandBus, lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { teamDocuments } from '../read-models/team-documents.js';

/** Feedback ids are derived from the job, so a repeated submission answers with the first one's id. */
const FEEDBACK_NAMESPACE = '4f0c1b3e-8e0f-5d53-9a7c-2f6b1d3c9e21';

/**
 * `POST /v2/feedback`: feedback on a finished scrape (a crawl's pages are scrapes too), kept on the
 * job's own stream for the operator, who lists it with `GET /admin/teams/<teamId>/feedback`. Trawl refunds no
 * credits for feedback: credits are the operator's own accounting.
 */
@Injectable()
export class FeedbackService {
  private readonly given: () => Promise<KV>;

  constructor(
    private readonly bus: CommandBus,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.given = lazyKv(nc, names.kvBucket(FEEDBACK_READ_MODEL));
  }

  async give(caller: Caller, feedback: Feedback, correlationId: string) {
    const { teamId } = caller;
    if (feedback.endpoint !== 'scrape') {
      throw new TrawlError(
        'FEEDBACK_JOB_NOT_FOUND',
        `Trawl keeps no ${feedback.endpoint} jobs to take feedback on: only scrapes (and the pages of crawls and batches) have ids that last`,
      );
    }
    const { status } = await refusalsAsErrors(() =>
      this.bus.send<{ status: string }>(
        SCRAPE_CATEGORY,
        'DescribeScrape',
        { scrapeId: feedback.jobId, teamId },
        { correlationId },
      ),
    ).catch((error: unknown) => {
      if (error instanceof TrawlError && error.code === 'SCRAPE_NOT_FOUND') {
        throw new TrawlError('FEEDBACK_JOB_NOT_FOUND', `No scrape ${feedback.jobId} of this team`);
      }
      throw error;
    });
    if (status !== 'completed' && status !== 'failed') {
      throw new TrawlError(
        'BAD_REQUEST',
        `Scrape ${feedback.jobId} is still ${status}: feedback is for finished jobs`,
      );
    }
    const feedbackId = uuidv5(feedback.jobId, FEEDBACK_NAMESPACE);
    const { events } = await refusalsAsErrors(() =>
      this.bus.send<{ events: string[] }>(
        FEEDBACK_CATEGORY,
        'GiveFeedback',
        { feedbackId, ...caller, jobId: feedback.jobId, feedback, at: new Date().toISOString() },
        { correlationId },
      ),
    );
    return {
      success: true,
      feedbackId,
      creditsRefunded: 0,
      ...(events.length === 0 ? { alreadySubmitted: true } : {}),
      dailyRefundCap: 0,
      creditsRefundedToday: 0,
      warning: 'Feedback is kept for the operator of this server, which refunds no credits for it',
    };
  }

  /** A team's feedback, newest first (for the operator). */
  async list(teamId: string): Promise<FeedbackView[]> {
    const views = await teamDocuments<FeedbackView>(await this.given(), teamId);
    return views.sort((a, b) => b.givenAt.localeCompare(a.givenAt));
  }
}
