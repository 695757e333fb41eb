import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { Page } from 'playwright-core';
import { type BrowserPool, LiveSessions, type SessionEndReason } from '#browser';
import { runUserCode, sandboxUnavailable } from '#code-sandbox';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  BROWSER_CATEGORY,
  type BrowserCloseReason,
  type BrowserProfile,
  type BrowserWorkerRequest,
  type InteractWorkerRun,
  type LiveViewFrame,
  type LiveViewInput,
  type NatsNames,
} from '#contracts';
import { CommandBus, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER, registerSampledGauge } from '#observability';
import { BROWSER_POOL } from '../browser-pool.provider.js';
import { ProfileVault } from '../profiles/profile-vault.service.js';
import { answerRequest, WorkerFailure } from '../worker-replies.js';

/** JPEG quality of live view frames: readable text at a fraction of a PNG's size. */
const LIVE_VIEW_QUALITY = 60;

interface SessionMeta {
  teamId: string;
  profile?: BrowserProfile;
  subscription: Subscription;
}

type OpenRequest = Extract<BrowserWorkerRequest, { op: 'open' }>;
type RunRequest = Extract<BrowserWorkerRequest, { op: 'run' }>;

/** Why a worker let a session go, as the session's stream records it (`evicted` never happens: sessions are not evicted). */
const CLOSE_REASON: Record<Exclude<SessionEndReason, 'stopped'>, BrowserCloseReason> = {
  idle: 'idle',
  expired: 'expired',
  shutdown: 'shutdown',
  evicted: 'shutdown',
};

/**
 * The browser sessions (`POST /v2/browser`) this worker holds: a blank page each, behind the same
 * request guards as scrapes, from the team's profile when one is named. Any worker with room
 * opens one (queue subject `<prefix>.browser.open`); the holder then answers on the session's own
 * subject (`<prefix>.browser.session.<id>`) until the session is deleted, idles out or expires.
 * Unlike interact pages, a session is never evicted to make room: a full worker leaves the queue
 * until one of its sessions ends, so opens go to the workers that have room.
 */
@Injectable()
export class BrowserSessions implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly sessions: LiveSessions<SessionMeta>;
  private openSubscription?: Subscription;
  private shuttingDown = false;
  private unregisterGauges: (() => void)[] = [];

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BROWSER_POOL) private readonly pool: BrowserPool,
    private readonly bus: CommandBus,
    private readonly profiles: ProfileVault,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'browser-sessions' });
    this.sessions = new LiveSessions<SessionMeta>({
      maxSessions: Math.max(1, config.browserSessionsMax),
      evictIdle: false,
      idleMs: 300_000,
      onClosing: (sessionId, meta, live) => this.profiles.release(sessionId, meta.teamId, meta.profile, live),
      onEnded: (sessionId, meta, reason, keptForMs) => this.ended(sessionId, meta, reason, keptForMs),
    });
  }

  onApplicationBootstrap() {
    this.unregisterGauges = [
      registerSampledGauge({
        name: 'trawl_browser_sessions_open',
        help: 'Browser sessions (/v2/browser) this browser-worker holds open',
        sample: () => [{ value: this.sessions.size }],
      }),
      registerSampledGauge({
        name: 'trawl_browser_sessions_max',
        help: 'Browser sessions a browser-worker holds at most (BROWSER_SESSIONS_MAX)',
        sample: () => [{ value: this.config.browserSessionsMax }],
      }),
    ];
    this.takeOpensWhileRoom();
  }

  async beforeApplicationShutdown() {
    for (const unregister of this.unregisterGauges) unregister();
    this.shuttingDown = true;
    this.takeOpensWhileRoom();
    await this.sessions.endAll('shutdown');
  }

  /**
   * In the queue of opens while this worker has room (BROWSER_SESSIONS_MAX=0: never), out of it
   * while full or stopping; with no worker in it the api answers that none has room.
   */
  private takeOpensWhileRoom() {
    const room = !this.shuttingDown && this.sessions.size < this.config.browserSessionsMax;
    if (room && !this.openSubscription) {
      this.openSubscription = this.nc.subscribe(this.names.browserOpenSubject, {
        queue: `${this.names.prefix}_browser_open`,
        callback: (err, msg) => {
          if (!err) void this.answer(msg);
        },
      });
    } else if (!room && this.openSubscription) {
      this.openSubscription.unsubscribe();
      this.openSubscription = undefined;
    }
  }

  private answer(msg: Msg) {
    return answerRequest(
      msg,
      () => {
        const request = msg.json<BrowserWorkerRequest>();
        switch (request.op) {
          case 'open':
            return this.open(request);
          case 'run':
            return this.run(request);
          case 'frame':
            return this.frame(request.sessionId);
          case 'input':
            return this.input(request.sessionId, request.input);
          case 'stop':
            return this.stop(request.sessionId);
        }
      },
      this.logger,
    );
  }

  private async open({ sessionId, teamId, profile, ttlMs, idleMs }: OpenRequest): Promise<{ opened: true }> {
    const storageState = await this.profiles.open(sessionId, teamId, profile);
    const live = await this.pool
      .openBlankPage({ allowedPrivateAddresses: this.config.allowedPrivateAddresses, storageState })
      .catch(async (error: unknown) => {
        await this.profiles.release(sessionId, teamId, profile);
        throw error;
      });
    const subscription = this.nc.subscribe(this.names.browserSessionSubject(sessionId), {
      callback: (err, msg) => {
        if (!err) void this.answer(msg);
      },
    });
    const meta: SessionMeta = { teamId, profile, subscription };
    if (!(await this.sessions.add(sessionId, meta, live, { idleMs, closeAt: Date.now() + ttlMs }))) {
      subscription.unsubscribe();
      await live.context.close().catch(() => undefined);
      await this.profiles.release(sessionId, teamId, profile);
      throw new WorkerFailure(
        'BROWSER_SESSION_LIMIT',
        `This browser-worker holds its ${this.config.browserSessionsMax} browser sessions (BROWSER_SESSIONS_MAX); delete one or try again later`,
      );
    }
    this.takeOpensWhileRoom();
    this.logger.info({ sessionId, teamId, ttlMs, idleMs }, 'browser session opened');
    return { opened: true };
  }

  private async run(request: RunRequest): Promise<Omit<InteractWorkerRun, 'replayed'>> {
    const { sessionId, code, language, timeoutMs } = request;
    const unavailable = sandboxUnavailable(language, this.config.bwrapPath);
    if (unavailable) throw new WorkerFailure('FEATURE_NOT_AVAILABLE', unavailable);
    const outcome = await this.sessions.use(sessionId, (live) =>
      runUserCode(live.page, code, { timeoutMs, language, bwrapPath: this.config.bwrapPath }),
    );
    if (!outcome) throw new WorkerFailure('BROWSER_SESSION_GONE', 'The browser session was closed');
    return outcome.value;
  }

  /** What the page shows now, as a live view frame: the viewport, as a JPEG. */
  private async frame(sessionId: string): Promise<LiveViewFrame> {
    const live = this.sessions.peek(sessionId);
    if (!live) throw new WorkerFailure('BROWSER_SESSION_GONE', 'The browser session was closed');
    const jpeg = await live.page.screenshot({ type: 'jpeg', quality: LIVE_VIEW_QUALITY, scale: 'css' });
    return { jpeg: jpeg.toString('base64'), url: live.page.url(), title: await live.page.title() };
  }

  /** A viewer's input, in turn with the session's runs. */
  private async input(sessionId: string, input: LiveViewInput): Promise<{ done: true }> {
    const done = await this.sessions.use(sessionId, ({ page }) =>
      applyInput(page, input).catch((error: unknown) => {
        // An unknown key name, mostly: the viewer's mistake, not the worker's.
        throw new WorkerFailure('BAD_REQUEST', `The input could not be applied: ${(error as Error).message}`);
      }),
    );
    if (!done) throw new WorkerFailure('BROWSER_SESSION_GONE', 'The browser session was closed');
    return { done: true };
  }

  private async stop(sessionId: string): Promise<{ keptForMs: number | null }> {
    const keptForMs = (await this.sessions.end(sessionId, 'stopped')) ?? null;
    this.logger.info({ sessionId, keptForMs }, 'browser session stopped');
    return { keptForMs };
  }

  private ended(sessionId: string, meta: SessionMeta, reason: SessionEndReason, keptForMs: number) {
    meta.subscription.unsubscribe();
    this.takeOpensWhileRoom();
    // A DELETE records its own close; sessions the worker lets go are recorded here.
    if (reason === 'stopped') return;
    this.bus
      .send(BROWSER_CATEGORY, 'CloseBrowserSession', {
        sessionId,
        teamId: meta.teamId,
        reason: CLOSE_REASON[reason],
        durationMs: keptForMs,
        at: new Date().toISOString(),
      })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, sessionId }, 'could not record the end of a browser session'),
      );
  }
}

function applyInput(page: Page, input: LiveViewInput): Promise<void> {
  switch (input.type) {
    case 'click':
      return page.mouse.click(input.x, input.y);
    case 'type':
      return page.keyboard.type(input.text);
    case 'press':
      return page.keyboard.press(input.key);
    case 'scroll':
      return page.mouse.wheel(input.deltaX, input.deltaY);
  }
}
