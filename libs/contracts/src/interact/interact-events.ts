import type { ScriptLanguage } from '../browser-sessions/browser-session-events.js';
import type { ActionOutputs } from '../scrape-events/scrape-events.js';
import type { ScrapeRequest } from '../scrape-request/index.js';

/**
 * Interact sessions live on the scrape's own stream (`scrape-<scrapeId>`): started by the first
 * interact call, each run recorded (what kind, how it ended — never the code or its output),
 * stopped by DELETE or when the browser-worker lets the page go.
 */
export interface InteractSessionStarted {
  type: 'InteractSessionStarted';
  data: { scrapeId: string; teamId: string; sessionId: string; startedAt: string };
}

export type InteractionMode = 'code' | 'actions' | 'code+actions' | 'prompt';

export interface InteractionRan {
  type: 'InteractionRan';
  data: {
    scrapeId: string;
    sessionId: string;
    mode: InteractionMode;
    exitCode: number;
    killed: boolean;
    /** True when the live page was gone and the scrape was replayed for this run. */
    replayed: boolean;
    ranAt: string;
  };
}

/** `stopped`: DELETE; `idle`/`evicted`/`shutdown`: the browser-worker let the page go. */
export type InteractStopReason = 'stopped' | 'idle' | 'evicted' | 'shutdown';

export interface InteractSessionStopped {
  type: 'InteractSessionStopped';
  data: {
    scrapeId: string;
    sessionId: string;
    reason: InteractStopReason;
    durationMs: number;
    stoppedAt: string;
  };
}

export type InteractEvent = InteractSessionStarted | InteractionRan | InteractSessionStopped;

export interface StartInteraction {
  type: 'StartInteraction';
  data: { scrapeId: string; teamId: string; sessionId: string; at: string };
}

export interface RecordInteraction {
  type: 'RecordInteraction';
  data: {
    scrapeId: string;
    sessionId: string;
    mode: InteractionMode;
    exitCode: number;
    killed: boolean;
    replayed: boolean;
    at: string;
  };
}

export interface StopInteraction {
  type: 'StopInteraction';
  data: { scrapeId: string; reason: InteractStopReason; at: string };
}

export type InteractCommand = StartInteraction | RecordInteraction | StopInteraction;

/** Answer of the core's `DescribeInteraction` query: what the api needs to route an interact call. */
export interface InteractionView {
  request: ScrapeRequest;
  session: { sessionId: string; startedAt: string } | null;
  /** The most recent session that ended, if any. */
  ended: { sessionId: string; reason: InteractStopReason; stoppedAt: string } | null;
}

/** What the api asks the browser-worker holding (or replaying) a scrape's page to do. */
export type InteractWorkerRequest =
  | {
      op: 'run';
      scrapeId: string;
      /** Present when sent to any worker to replay the scrape: the page is gone. */
      replay?: { teamId: string; request: ScrapeRequest };
      code?: string;
      /** The language of `code` (default node). */
      language?: ScriptLanguage;
      /** A natural-language instruction the worker's model agent carries out on the page. */
      prompt?: string;
      /** Whose usage a prompt's model tokens are (the scrape id is the operation). */
      payer?: { teamId: string; apiKeyId?: string; correlationId?: string };
      actions: ScrapeRequest['actions'];
      timeoutMs: number;
    }
  | { op: 'stop'; scrapeId: string };

/** The browser-worker's answer to a run; files are file-store keys (the api signs them). */
export interface InteractWorkerRun {
  stdout: string;
  stderr: string;
  result: unknown;
  exitCode: number;
  killed: boolean;
  error?: string;
  /** Prompt mode: the model's answer to the instruction. */
  output?: string;
  replayed: boolean;
  actions?: ActionOutputs<{ url: string; htmlBlob: string }>;
}

/** A browser-worker's answer to a request (interact, browser sessions): its value, or an error code. */
export type WorkerReply<T> = { ok: true; value: T } | { ok: false; code: string; error: string };
