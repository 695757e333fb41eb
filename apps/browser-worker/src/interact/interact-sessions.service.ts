import { randomUUID } from 'node:crypto';
import type { Msg, NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  type BrowserPool,
  FetchError,
  type FetchedPageBody,
  type LivePage,
  LiveSessions,
  PromptStepError,
  planImperativePrompt,
  runActions,
  runPromptAgent,
  runPromptSteps,
  type SessionEndReason,
} from '#browser';
import { runUserCode, sandboxUnavailable } from '#code-sandbox';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  type InteractWorkerRequest,
  type InteractWorkerRun,
  type NatsNames,
  SCRAPE_CATEGORY,
  type ScrapeRequest,
} from '#contracts';
import { proxyAttempts } from '#domain';
import { deadlineSignal, LLM_PORT, type LlmPort, ModelMeter } from '#llm';
import { BLOB_STORE, type BlobStore, CommandBus, FILE_STORE, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER } from '#observability';
import { BROWSER_POOL } from '../browser-pool.provider.js';
import { fetchOptionsOf, REPLAYED_ACTIONS } from '../fetch-options.js';
import { ProfileVault } from '../profiles/profile-vault.service.js';
import { fetchThroughProxies } from '../proxies/fetch-through-proxies.js';
import { answerRequest, WorkerFailure } from '../worker-replies.js';
import { answerFromPage } from './answer-from-page.js';

type RunRequest = Extract<InteractWorkerRequest, { op: 'run' }>;

/** Browser actions one prompt may take before the model must answer. */
const MAX_AGENT_STEPS = 15;

interface SessionMeta {
  teamId: string;
  request: ScrapeRequest;
  subscription: Subscription;
}

/**
 * The pages this browser-worker keeps open after their scrapes, and the interact calls on them.
 * Each kept page answers on its own subject (`<prefix>.interact.session.<scrapeId>`), so the api
 * reaches the worker that holds it; when no worker holds it any more, the api asks any worker
 * (queue subject `<prefix>.interact.replay`) to replay the scrape and keep the new page.
 */
@Injectable()
export class InteractSessions implements OnApplicationBootstrap {
  private readonly logger: Logger;
  private readonly sessions: LiveSessions<SessionMeta>;
  private replaySubscription?: Subscription;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(BROWSER_POOL) private readonly pool: BrowserPool,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(FILE_STORE) private readonly files: BlobStore,
    private readonly bus: CommandBus,
    private readonly profiles: ProfileVault,
    @Inject(LOGGER) logger: Logger,
    @Inject(LLM_PORT) private readonly llm: LlmPort | null,
    private readonly models: ModelMeter,
  ) {
    this.logger = logger.child({ component: 'interact' });
    this.sessions = new LiveSessions<SessionMeta>({
      maxSessions: Math.max(1, config.interactMaxSessions),
      idleMs: config.interactIdleMs,
      onClosing: (scrapeId, meta, live) =>
        this.profiles.release(scrapeId, meta.teamId, meta.request.profile, live),
      onEnded: (scrapeId, meta, reason) => this.ended(scrapeId, meta, reason),
    });
  }

  onApplicationBootstrap() {
    this.replaySubscription = this.nc.subscribe(this.names.interactReplaySubject, {
      queue: `${this.names.prefix}_interact_replay`,
      callback: (err, msg) => {
        if (!err) void this.answer(msg);
      },
    });
  }

  /**
   * Whether a scrape's page stays open when it is done: for interact (never for zero data
   * retention; `INTERACT_MAX_SESSIONS=0` keeps none), or to save its profile once it is let go.
   */
  keepsPagesOf(request: ScrapeRequest): boolean {
    return this.keepsForInteract(request) || !!request.profile?.saveChanges;
  }

  private keepsForInteract(request: ScrapeRequest): boolean {
    return this.config.interactMaxSessions > 0 && !request.zeroDataRetention;
  }

  /** Keeps a scrape's page for interact; a page that cannot be kept is let go at once (its profile saved). */
  async keep(scrapeId: string, teamId: string, request: ScrapeRequest, live: LivePage): Promise<void> {
    if (!(await this.tryToKeep(scrapeId, teamId, request, live)))
      await this.letGo(scrapeId, teamId, request, live);
  }

  /** False when the page cannot be kept (`INTERACT_MAX_SESSIONS=0`, zero data retention, every kept page busy). */
  private async tryToKeep(scrapeId: string, teamId: string, request: ScrapeRequest, live: LivePage) {
    if (!this.keepsForInteract(request)) return false;
    const subscription = this.nc.subscribe(this.names.interactSessionSubject(scrapeId), {
      callback: (err, msg) => {
        if (!err) void this.answer(msg);
      },
    });
    if (await this.sessions.add(scrapeId, { teamId, request, subscription }, live)) return true;
    subscription.unsubscribe();
    return false;
  }

  /** Closes a page that is not kept, after saving its profile (when the scrape asked to). */
  private async letGo(scrapeId: string, teamId: string, request: ScrapeRequest, live: LivePage) {
    try {
      await this.profiles.release(scrapeId, teamId, request.profile, live);
    } finally {
      await live.context.close().catch(() => undefined);
    }
  }

  async endAll(): Promise<void> {
    this.replaySubscription?.unsubscribe();
    await this.sessions.endAll('shutdown');
  }

  private ended(scrapeId: string, meta: SessionMeta, reason: SessionEndReason) {
    meta.subscription.unsubscribe();
    // A DELETE records its own stop; pages let go by the worker are recorded here.
    if (reason === 'stopped') return;
    this.bus
      .send(SCRAPE_CATEGORY, 'StopInteraction', { scrapeId, reason, at: new Date().toISOString() })
      .catch((error: unknown) =>
        this.logger.warn({ err: error, scrapeId }, 'could not record the end of a session'),
      );
  }

  private answer(msg: Msg) {
    return answerRequest(
      msg,
      () => {
        const request = msg.json<InteractWorkerRequest>();
        return request.op === 'stop' ? this.stop(request.scrapeId) : this.run(request);
      },
      this.logger,
    );
  }

  private async stop(scrapeId: string): Promise<{ keptForMs: number | null }> {
    const keptForMs = (await this.sessions.end(scrapeId, 'stopped')) ?? null;
    this.logger.info({ scrapeId, keptForMs }, 'interact session stopped');
    return { keptForMs };
  }

  private async run(request: RunRequest): Promise<InteractWorkerRun> {
    const unavailable =
      request.code !== undefined && sandboxUnavailable(request.language ?? 'node', this.config.bwrapPath);
    if (unavailable) throw new WorkerFailure('FEATURE_NOT_AVAILABLE', unavailable);
    let replayed = false;
    if (!this.sessions.has(request.scrapeId)) {
      if (!request.replay)
        throw new WorkerFailure('INTERACT_SESSION_GONE', 'This worker no longer holds the page');
      const { teamId, request: scrape } = request.replay;
      const live = await this.replay(request.scrapeId, teamId, scrape);
      if (!(await this.tryToKeep(request.scrapeId, teamId, scrape, live))) {
        // No page may be kept here: this call alone uses the replayed page.
        try {
          return { ...(await this.runOn(live, request)), replayed: true };
        } finally {
          await this.letGo(request.scrapeId, teamId, scrape, live);
        }
      }
      replayed = true;
    }
    const outcome = await this.sessions.use(request.scrapeId, (live) => this.runOn(live, request));
    if (!outcome) throw new WorkerFailure('INTERACT_SESSION_GONE', 'The page was closed');
    return { ...outcome.value, replayed };
  }

  /** Opens the scrape's page again: URL, waitFor, navigation and input actions. */
  private async replay(scrapeId: string, teamId: string, request: ScrapeRequest): Promise<LivePage> {
    this.logger.info({ scrapeId, url: request.url }, 'replaying scrape for interact');
    const storageState = await this.profiles.open(scrapeId, teamId, request.profile);
    let page: FetchedPageBody;
    try {
      // Through the same proxies as the scrape, so the replay reaches the site the way the scrape did.
      ({ page } = await fetchThroughProxies(
        this.pool,
        fetchOptionsOf(request, {
          timeout: request.timeout,
          allowedPrivateAddresses: this.config.allowedPrivateAddresses,
          actions: request.actions.filter((action) => REPLAYED_ACTIONS.has(action.type)),
          screenshot: undefined,
          keepAlive: true,
          storageState,
        }),
        proxyAttempts(this.config.proxies, request, scrapeId),
      ));
    } catch (error) {
      await this.profiles.release(scrapeId, teamId, request.profile);
      throw error;
    }
    if (!page.live) {
      await this.profiles.release(scrapeId, teamId, request.profile);
      throw new WorkerFailure('INTERACT_SESSION_GONE', 'The replayed page could not be kept open');
    }
    return page.live;
  }

  private async runOn(live: LivePage, request: RunRequest): Promise<Omit<InteractWorkerRun, 'replayed'>> {
    let actions: InteractWorkerRun['actions'];
    if (request.actions.length > 0) {
      try {
        actions = await this.storeActionResults(
          request.scrapeId,
          await runActions(live.page, request.actions),
        );
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        return { stdout: '', stderr: '', result: null, exitCode: 1, killed: false, error: error.message };
      }
    }
    if (request.prompt !== undefined) {
      // The api names the payer of every prompt; one from an api older than that runs unmetered.
      const llm = request.payer
        ? this.models.for({ ...request.payer, operationId: request.scrapeId })
        : this.llm;
      const run = llm
        ? await this.runPrompt(live, request.prompt, request.timeoutMs, llm)
        : await this.runPlannedPrompt(live, request.prompt);
      return { ...run, ...(actions ? { actions } : {}) };
    }
    if (request.code === undefined) {
      return {
        stdout: '',
        stderr: '',
        result: null,
        exitCode: 0,
        killed: false,
        ...(actions ? { actions } : {}),
      };
    }
    const run = await runUserCode(live.page, request.code, {
      timeoutMs: request.timeoutMs,
      language: request.language,
      bwrapPath: this.config.bwrapPath,
    });
    return { ...run, ...(actions ? { actions } : {}) };
  }

  /** The model agent carries the instruction out on the page, within the call's timeout. */
  private async runPrompt(live: LivePage, prompt: string, timeoutMs: number, llm: LlmPort) {
    const signal = deadlineSignal(timeoutMs, `the interact timeout (${timeoutMs / 1_000} s) passed`);
    const run = await runPromptAgent(live.page, llm, prompt, { maxSteps: MAX_AGENT_STEPS, signal });
    return {
      stdout: run.log.map((line) => `${line}\n`).join(''),
      stderr: '',
      result: run.output ?? null,
      ...(run.output !== undefined ? { output: run.output } : {}),
      exitCode: run.output !== undefined ? 0 : 1,
      killed: signal.aborted && run.output === undefined,
      ...(run.error ? { error: run.error } : {}),
    };
  }

  /** Without a model: the deterministic planner's steps, or a clear answer naming what it cannot read. */
  private async runPlannedPrompt(live: LivePage, prompt: string) {
    const failed = (error: string) => ({
      stdout: '',
      stderr: '',
      result: null,
      exitCode: 1,
      killed: false,
      error,
    });
    const plan = planImperativePrompt(prompt);
    if ('unreadable' in plan) {
      return failed(
        `Without a language model (LLM_BASE_URL) only direct instructions (click, type "…" into, press, scroll, go to <url>, wait, extract the text of …) and questions about the page are understood; this part is not: "${plan.unreadable}"`,
      );
    }
    try {
      const run = await runPromptSteps(live.page, plan.steps, answerFromPage);
      const output = run.extracted.length > 0 ? run.extracted.join('\n\n') : run.log.join('; ');
      return {
        stdout: run.log.map((line) => `${line}\n`).join(''),
        stderr: '',
        result: output,
        output,
        exitCode: 0,
        killed: false,
      };
    } catch (error) {
      if (!(error instanceof PromptStepError)) throw error;
      return failed(error.message);
    }
  }

  /** Screenshots and PDFs go to the file store (the api signs URLs); HTML snapshots to the blob store. */
  private async storeActionResults(
    scrapeId: string,
    results: Awaited<ReturnType<typeof runActions>>,
  ): Promise<NonNullable<InteractWorkerRun['actions']>> {
    const run = randomUUID();
    const screenshots: string[] = [];
    for (const [index, image] of results.screenshots.entries()) {
      const key = `${scrapeId}/interact-${run}-screenshot-${index}.${image[0] === 0xff ? 'jpg' : 'png'}`;
      await this.files.put(key, image);
      screenshots.push(key);
    }
    const pdfs: string[] = [];
    for (const [index, pdf] of results.pdfs.entries()) {
      const key = `${scrapeId}/interact-${run}-pdf-${index}.pdf`;
      await this.files.put(key, pdf);
      pdfs.push(key);
    }
    const scrapes: { url: string; htmlBlob: string }[] = [];
    for (const [index, snapshot] of results.scrapes.entries()) {
      const htmlBlob = `pages/${scrapeId}/interact-${run}-scrape-${index}`;
      await this.blobs.put(htmlBlob, snapshot.html);
      // The api reads the HTML back: replies stay far below NATS's 1 MB message limit.
      scrapes.push({ url: snapshot.url, htmlBlob });
    }
    return { screenshots, scrapes, javascriptReturns: results.javascriptReturns, pdfs };
  }
}
