import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import {
  type ActionOutputs,
  apiKeyOf,
  type InteractionView,
  type InteractRequest,
  type InteractWorkerRequest,
  type InteractWorkerRun,
  type NatsNames,
  SCRAPE_CATEGORY,
  TrawlError,
} from '#contracts';
import { BLOB_STORE, type BlobStore, CommandBus, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { FileUrls } from '../files/file-urls.js';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { askBrowserWorker } from '../workers/ask-browser-worker.js';

/** Time allowed on top of the script's own timeout for replaying the scrape and the round trips. */
const ROUTING_MARGIN_MS = 45_000;

/** The worker's run as the user gets it: with its session, and snapshots and files as signed URLs. */
export interface InteractResponse extends Omit<InteractWorkerRun, 'replayed' | 'actions'> {
  success: boolean;
  sessionId: string;
  actions?: ActionOutputs<{ url: string; html: string }>;
}

/**
 * Interact calls: asks the core whether this team may act on the scrape (and which session is
 * live), routes the call to the browser-worker holding the page — or to any worker to replay the
 * scrape when none does — and records the run on the scrape's stream.
 */
@Injectable()
export class InteractService {
  constructor(
    private readonly bus: CommandBus,
    private readonly fileUrls: FileUrls,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async interact(
    caller: Caller,
    scrapeId: string,
    request: InteractRequest,
    correlationId: string,
  ): Promise<InteractResponse> {
    const { teamId } = caller;
    let view = await this.describe(teamId, scrapeId, correlationId);
    if (!view.session) {
      await this.command(
        'StartInteraction',
        { scrapeId, teamId, sessionId: uuidv7(), at: now() },
        correlationId,
      );
      view = await this.describe(teamId, scrapeId, correlationId);
    }
    const sessionId = view.session?.sessionId as string;
    const timeoutMs = request.timeout * 1_000;
    const run: Extract<InteractWorkerRequest, { op: 'run' }> = {
      op: 'run',
      scrapeId,
      code: request.code,
      language: request.language,
      prompt: request.prompt,
      ...(request.prompt !== undefined ? { payer: { teamId, ...apiKeyOf(caller), correlationId } } : {}),
      actions: request.actions,
      timeoutMs,
    };
    const outcome =
      (await this.askHolder<InteractWorkerRun>(scrapeId, run, timeoutMs, correlationId)) ??
      (await this.ask<InteractWorkerRun>(
        this.names.interactReplaySubject,
        { ...run, replay: { teamId, request: view.request } },
        timeoutMs + view.request.timeout,
        correlationId,
      ));
    if (!outcome)
      throw new TrawlError('SERVICE_UNAVAILABLE', 'No browser-worker is available to replay the scrape');
    const mode =
      request.prompt !== undefined
        ? 'prompt'
        : request.code === undefined
          ? 'actions'
          : request.actions.length > 0
            ? 'code+actions'
            : 'code';
    await this.command(
      'RecordInteraction',
      {
        scrapeId,
        sessionId,
        mode,
        exitCode: outcome.exitCode,
        killed: outcome.killed,
        replayed: outcome.replayed,
        at: now(),
      },
      correlationId,
    );
    return {
      success: outcome.exitCode === 0 && !outcome.killed,
      sessionId,
      stdout: outcome.stdout,
      stderr: outcome.stderr,
      result: outcome.result,
      exitCode: outcome.exitCode,
      killed: outcome.killed,
      ...(outcome.error ? { error: outcome.error } : {}),
      ...(outcome.output !== undefined ? { output: outcome.output } : {}),
      ...(outcome.actions ? { actions: await this.withActionFiles(outcome.actions) } : {}),
    };
  }

  /**
   * Ends the scrape's session: the page is closed (its profile saved when the scrape asked to
   * save changes). A page nobody interacted with yet can be stopped too: its session began
   * with the scrape.
   */
  async stop(
    teamId: string,
    scrapeId: string,
    correlationId: string,
  ): Promise<{ success: true; sessionDurationMs: number }> {
    const view = await this.describe(teamId, scrapeId, correlationId);
    // The page may already be gone (its worker restarted): a recorded session still ends here.
    const stopped = await this.askHolder<{ keptForMs: number | null }>(
      scrapeId,
      { op: 'stop', scrapeId },
      10_000,
      correlationId,
    );
    if (!view.session) {
      if (typeof stopped?.keptForMs === 'number')
        return { success: true, sessionDurationMs: stopped.keptForMs };
      if (view.ended) {
        throw new TrawlError(
          'INTERACT_SESSION_ENDED',
          `The interact session of scrape ${scrapeId} already ended (${view.ended.reason}) at ${view.ended.stoppedAt}`,
        );
      }
      throw new TrawlError('INTERACT_SESSION_NOT_FOUND', `Scrape ${scrapeId} has no live session`);
    }
    const stoppedAt = now();
    await this.command('StopInteraction', { scrapeId, reason: 'stopped', at: stoppedAt }, correlationId);
    return {
      success: true,
      sessionDurationMs: Math.max(0, Date.parse(stoppedAt) - Date.parse(view.session.startedAt)),
    };
  }

  private describe(teamId: string, scrapeId: string, correlationId: string): Promise<InteractionView> {
    return this.command<InteractionView>('DescribeInteraction', { scrapeId, teamId }, correlationId);
  }

  private command<T = unknown>(name: string, payload: unknown, correlationId: string): Promise<T> {
    return refusalsAsErrors(() => this.bus.send<T>(SCRAPE_CATEGORY, name, payload, { correlationId }));
  }

  /** The worker holding the page, if any: undefined when none answers or it let the page go. */
  private askHolder<T>(
    scrapeId: string,
    request: InteractWorkerRequest,
    timeoutMs: number,
    correlationId: string,
  ) {
    const subject = this.names.interactSessionSubject(scrapeId);
    return this.ask<T>(subject, request, timeoutMs, correlationId, 'INTERACT_SESSION_GONE');
  }

  private ask<T>(
    subject: string,
    request: InteractWorkerRequest,
    timeoutMs: number,
    correlationId: string,
    goneCode?: string,
  ) {
    return askBrowserWorker<T>(this.nc, subject, request, {
      timeoutMs: timeoutMs + ROUTING_MARGIN_MS,
      correlationId,
      ...(goneCode ? { goneCode } : {}),
    });
  }

  private async withActionFiles(
    actions: NonNullable<InteractWorkerRun['actions']>,
  ): Promise<InteractResponse['actions']> {
    const sign = (key: string) => this.fileUrls.sign(key);
    return {
      screenshots: actions.screenshots.map(sign),
      scrapes: await Promise.all(
        actions.scrapes.map(async ({ url, htmlBlob }) => ({
          url,
          html: (await this.blobs.getText(htmlBlob)) ?? '',
        })),
      ),
      javascriptReturns: actions.javascriptReturns,
      pdfs: actions.pdfs.map(sign),
    };
  }
}

const now = () => new Date().toISOString();
