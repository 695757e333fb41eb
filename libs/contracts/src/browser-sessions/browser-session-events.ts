/**
 * Browser sessions (`POST /v2/browser`): a page of its own, not a scrape's, kept open in a
 * browser-worker for code runs until it is deleted, idles out or reaches its time to live. Each
 * session is a stream `browser-<sessionId>`, published on `<prefix>.evt.browser.<type>`: opened,
 * each run recorded (its language and how it ended — never the code or its output), closed with
 * how long it lived, which is what it is billed for.
 */
export const BROWSER_CATEGORY = 'browser';

export const browserStreamId = (sessionId: string) => `browser-${sessionId}`;

/** Read model (KV `<prefix>_browser_sessions`): one entry per session, `<teamId>.<sessionId>`. */
export const BROWSER_SESSIONS_READ_MODEL = 'browser_sessions';
/** How long a session stays listed after it was last written: its bucket's TTL, whoever opens it. */
export const BROWSER_SESSIONS_LISTED_FOR_MS = 30 * 24 * 3600 * 1000;

/** The languages scripts (interact, browser sessions) run in. */
export const SCRIPT_LANGUAGES = ['node', 'python', 'bash'] as const;
export type ScriptLanguage = (typeof SCRIPT_LANGUAGES)[number];

export interface BrowserProfile {
  name: string;
  saveChanges: boolean;
}

export interface BrowserSessionOpened {
  type: 'BrowserSessionOpened';
  data: {
    sessionId: string;
    teamId: string;
    /** Seconds from opening to closing, however busy. */
    ttl: number;
    /** Seconds without a run after which it closes (absent: only `ttl` ends it). */
    activityTtl?: number;
    profile?: BrowserProfile;
    /** Whether its page may be watched (and driven) through live view URLs. */
    streamWebView: boolean;
    openedAt: string;
    expiresAt: string;
    apiKeyId?: string;
  };
}

export interface BrowserCodeRan {
  type: 'BrowserCodeRan';
  data: { sessionId: string; teamId: string; exitCode: number; killed: boolean; ranAt: string };
}

/**
 * `stopped`: DELETE; `expired`: its `ttl` passed; `idle`: its `activityTtl` passed; `shutdown`:
 * its browser-worker stopped; `lost`: its browser-worker went away without closing it (a crash),
 * found by a call or by core's sweep; `failed`: no browser-worker could open it (never billed).
 */
export type BrowserCloseReason = 'stopped' | 'expired' | 'idle' | 'shutdown' | 'lost' | 'failed';

export interface BrowserSessionClosed {
  type: 'BrowserSessionClosed';
  data: {
    sessionId: string;
    teamId: string;
    reason: BrowserCloseReason;
    /** How long the page was open: what the session is billed for. */
    durationMs: number;
    closedAt: string;
    apiKeyId?: string;
  };
}

export type BrowserSessionEvent = BrowserSessionOpened | BrowserCodeRan | BrowserSessionClosed;

export interface OpenBrowserSession {
  type: 'OpenBrowserSession';
  data: {
    sessionId: string;
    teamId: string;
    ttl: number;
    activityTtl?: number;
    profile?: BrowserProfile;
    streamWebView: boolean;
    at: string;
    apiKeyId?: string;
  };
}

export interface RecordBrowserRun {
  type: 'RecordBrowserRun';
  data: { sessionId: string; teamId: string; exitCode: number; killed: boolean; at: string };
}

export interface CloseBrowserSession {
  type: 'CloseBrowserSession';
  data: { sessionId: string; teamId: string; reason: BrowserCloseReason; durationMs: number; at: string };
}

export type BrowserSessionCommand = OpenBrowserSession | RecordBrowserRun | CloseBrowserSession;

/** A session as `GET /v2/browser` lists it (the read model's document). */
export interface BrowserSessionView {
  id: string;
  status: 'active' | 'destroyed';
  streamWebView: boolean;
  createdAt: string;
  lastActivity: string;
  expiresAt: string;
  closedAt?: string;
  closeReason?: BrowserCloseReason;
  durationMs?: number;
}

/** What the api asks the browser-worker (any, to open; the holder, to run or stop) to do. */
export type BrowserWorkerRequest =
  | {
      op: 'open';
      sessionId: string;
      teamId: string;
      /** Milliseconds until the session closes whatever happens. */
      ttlMs: number;
      /** Milliseconds without a run until it closes. */
      idleMs: number;
      profile?: BrowserProfile;
    }
  | { op: 'run'; sessionId: string; code: string; language: ScriptLanguage; timeoutMs: number }
  /** A JPEG of what the page shows now (live view); not activity: watching does not keep it open. */
  | { op: 'frame'; sessionId: string }
  /** A viewer's click, typing, key or scroll (interactive live view); activity, like a run. */
  | { op: 'input'; sessionId: string; input: LiveViewInput }
  | { op: 'stop'; sessionId: string };

/** What an interactive live view sends: coordinates in CSS pixels of the page's viewport. */
export type LiveViewInput =
  | { type: 'click'; x: number; y: number }
  | { type: 'type'; text: string }
  | { type: 'press'; key: string }
  | { type: 'scroll'; deltaX: number; deltaY: number };

/** The browser-worker's answer to `frame`. */
export interface LiveViewFrame {
  jpeg: string;
  url: string;
  title: string;
}
