import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import {
  BROWSER_CATEGORY,
  BROWSER_SESSIONS_LISTED_FOR_MS,
  BROWSER_SESSIONS_READ_MODEL,
  type BrowserExecuteRequest,
  type BrowserSessionRequest,
  type BrowserSessionView,
  type BrowserWorkerRequest,
  type InteractWorkerRun,
  type LiveViewFrame,
  type LiveViewInput,
  type NatsNames,
  TrawlError,
} from '#contracts';
import { type BrowserSessionState, browserSessionBasis, lostSessionDurationMs, operationCost } from '#domain';
import { CommandBus, lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import type { Caller } from '../auth/caller.decorator.js';
import { refusalsAsErrors } from '../http/refusals-as-errors.js';
import { teamDocuments } from '../read-models/team-documents.js';
import { untilProjected } from '../read-models/until-projected.js';
import { askBrowserWorker } from '../workers/ask-browser-worker.js';
import { LiveViewUrls } from './live-view-urls.js';

/** Time allowed on top of a run's own timeout for the round trips. */
const ROUTING_MARGIN_MS = 15_000;
/** Opening a page (and loading its profile) takes well under a second; this bounds a stuck worker. */
const OPEN_TIMEOUT_MS = 30_000;

type OpenSession = Exclude<BrowserSessionState, { status: 'none' }>;

/**
 * Browser sessions: records each on its own stream and routes it to a browser-worker — any with
 * room to open it, then the one holding it for runs and DELETE. Lists come from the
 * `browser_sessions` projection, which create and delete wait for, so a list never misses them.
 */
@Injectable()
export class BrowserSessionsService {
  private readonly listed: () => Promise<KV>;

  constructor(
    private readonly bus: CommandBus,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    private readonly liveViews: LiveViewUrls,
  ) {
    this.listed = lazyKv(nc, names.kvBucket(BROWSER_SESSIONS_READ_MODEL), {
      ttl: BROWSER_SESSIONS_LISTED_FOR_MS,
    });
  }

  async create(caller: Caller, request: BrowserSessionRequest, correlationId: string) {
    const sessionId = uuidv7();
    const { teamId } = caller;
    const { ttl, activityTtl, profile, streamWebView } = request;
    await this.command(
      'OpenBrowserSession',
      { sessionId, ...caller, ttl, activityTtl, profile, streamWebView, at: now() },
      correlationId,
    );
    const open: BrowserWorkerRequest = {
      op: 'open',
      sessionId,
      teamId,
      ttlMs: ttl * 1_000,
      idleMs: (activityTtl ?? ttl) * 1_000,
      ...(profile ? { profile } : {}),
    };
    try {
      const opened = await this.ask(this.names.browserOpenSubject, open, OPEN_TIMEOUT_MS, correlationId);
      // Full workers leave the queue of opens: nobody in it means no room anywhere.
      if (!opened) {
        throw new TrawlError(
          'BROWSER_SESSION_LIMIT',
          'No browser-worker has room for another browser session (each holds BROWSER_SESSIONS_MAX); delete one or try again later',
        );
      }
    } catch (error) {
      // Recorded as never open: nothing is billed.
      await this.close(teamId, sessionId, 'failed', 0, correlationId);
      throw error;
    }
    const view = await untilProjected('browser sessions', () => this.view(teamId, sessionId));
    return { success: true, id: sessionId, ...this.liveViewUrlsOf(view), expiresAt: view.expiresAt };
  }

  async execute(teamId: string, sessionId: string, request: BrowserExecuteRequest, correlationId: string) {
    const session = await this.openSession(teamId, sessionId, correlationId);
    const timeoutMs = request.timeout * 1_000;
    const run = await this.askHolder<Omit<InteractWorkerRun, 'replayed'>>(
      { op: 'run', sessionId, code: request.code, language: request.language, timeoutMs },
      timeoutMs,
      correlationId,
    );
    if (!run) throw await this.lost(teamId, sessionId, session, correlationId);
    await this.command(
      'RecordBrowserRun',
      { sessionId, teamId, exitCode: run.exitCode, killed: run.killed, at: now() },
      correlationId,
    );
    return {
      success: run.exitCode === 0 && !run.killed,
      stdout: run.stdout,
      stderr: run.stderr,
      result: run.result,
      exitCode: run.exitCode,
      killed: run.killed,
      ...(run.error ? { error: run.error } : {}),
    };
  }

  /** What the session's page shows now (live view); 410 once no worker holds it. */
  async frame(sessionId: string, correlationId: string): Promise<LiveViewFrame> {
    return this.held(
      sessionId,
      await this.askHolder<LiveViewFrame>({ op: 'frame', sessionId }, 10_000, correlationId),
    );
  }

  /** A live view viewer's click, typing, key or scroll on the session's page. */
  async input(sessionId: string, input: LiveViewInput, correlationId: string) {
    this.held(sessionId, await this.askHolder({ op: 'input', sessionId, input }, 10_000, correlationId));
    return { success: true };
  }

  /** Closes the session (its profile saved when it saves changes) and says what it was billed. */
  async delete(teamId: string, sessionId: string, correlationId: string) {
    const session = await this.openSession(teamId, sessionId, correlationId);
    const stopped = await this.askHolder<{ keptForMs: number | null }>(
      { op: 'stop', sessionId },
      10_000,
      correlationId,
    );
    // No worker held it any more (a crash): it is closed all the same, as lost.
    const durationMs = stopped?.keptForMs ?? lostSessionDurationMs(session.openedAt, session.lastRunAt);
    await this.close(teamId, sessionId, stopped ? 'stopped' : 'lost', durationMs, correlationId);
    await untilProjected('browser sessions', async () =>
      (await this.view(teamId, sessionId))?.status === 'destroyed' ? true : undefined,
    );
    return {
      success: true,
      status: 'destroyed',
      sessionDurationMs: durationMs,
      creditsBilled: operationCost(browserSessionBasis(durationMs)),
    };
  }

  /** The team's sessions, newest first; `status` keeps one kind. */
  async list(teamId: string, status?: BrowserSessionView['status']) {
    const views = await teamDocuments<BrowserSessionView>(await this.listed(), teamId);
    return {
      success: true,
      sessions: views
        .filter((view) => status === undefined || view.status === status)
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .map((view) => ({ ...view, ...this.liveViewUrlsOf(view) })),
    };
  }

  /** An open session's live view URLs, when it streams one. */
  private liveViewUrlsOf(view: BrowserSessionView) {
    return view.status === 'active' && view.streamWebView
      ? this.liveViews.urlsOf(view.id, view.expiresAt)
      : {};
  }

  private async view(teamId: string, sessionId: string): Promise<BrowserSessionView | undefined> {
    const entry = await (await this.listed()).get(`${teamId}.${sessionId}`);
    return entry?.operation === 'PUT' ? entry.json<BrowserSessionView>() : undefined;
  }

  /** The session if it is open; 404 when the team has none by that id, 410 once it closed. */
  private async openSession(teamId: string, sessionId: string, correlationId: string): Promise<OpenSession> {
    const session = await this.command<OpenSession>(
      'DescribeBrowserSession',
      { sessionId, teamId },
      correlationId,
    );
    if (session.closed) {
      throw new TrawlError(
        'BROWSER_SESSION_ENDED',
        `Browser session ${sessionId} already ended (${session.closed.reason}) at ${session.closed.closedAt}`,
      );
    }
    return session;
  }

  /**
   * No worker holds an open session: it is recorded closed as lost (its worker crashed), unless
   * its worker recorded its end meanwhile (it expired or idled out just now).
   */
  private async lost(teamId: string, sessionId: string, session: OpenSession, correlationId: string) {
    await this.openSession(teamId, sessionId, correlationId);
    await this.close(
      teamId,
      sessionId,
      'lost',
      lostSessionDurationMs(session.openedAt, session.lastRunAt),
      correlationId,
    );
    return new TrawlError(
      'BROWSER_SESSION_ENDED',
      `Browser session ${sessionId} ended: its browser-worker no longer holds it`,
    );
  }

  private close(
    teamId: string,
    sessionId: string,
    reason: string,
    durationMs: number,
    correlationId: string,
  ) {
    return this.command(
      'CloseBrowserSession',
      { sessionId, teamId, reason, durationMs, at: now() },
      correlationId,
    );
  }

  private command<T = unknown>(name: string, payload: unknown, correlationId: string): Promise<T> {
    return refusalsAsErrors(() => this.bus.send<T>(BROWSER_CATEGORY, name, payload, { correlationId }));
  }

  /** The holder's answer; undefined when no worker holds the session (any more). */
  private askHolder<T>(
    request: Extract<BrowserWorkerRequest, { sessionId: string }>,
    timeoutMs: number,
    correlationId: string,
  ) {
    const subject = this.names.browserSessionSubject(request.sessionId);
    return this.ask<T>(subject, request, timeoutMs, correlationId, 'BROWSER_SESSION_GONE');
  }

  private held<T>(sessionId: string, answer: T | undefined): T {
    if (answer === undefined) {
      throw new TrawlError('BROWSER_SESSION_ENDED', `Browser session ${sessionId} has ended`);
    }
    return answer;
  }

  private ask<T>(
    subject: string,
    request: BrowserWorkerRequest,
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
}

const now = () => new Date().toISOString();
