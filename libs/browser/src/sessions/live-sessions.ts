import type { BrowserContext, Page } from 'playwright-core';

/** A page kept open after its scrape, with the context that owns it. */
export interface LivePage {
  page: Page;
  context: BrowserContext;
}

/** `expired`: the session's own time to live passed (browser sessions set one; interact pages do not). */
export type SessionEndReason = 'stopped' | 'idle' | 'evicted' | 'shutdown' | 'expired';

export interface LiveSessionsOptions<Meta> {
  /** Pages kept at most; the least recently used idle one makes room for a new one (unless `evictIdle` is false). */
  maxSessions: number;
  /** False: a full set refuses a new page rather than closing one a user still owns. */
  evictIdle?: boolean;
  /** A page unused this long is closed (unless `add` gives it its own). */
  idleMs: number;
  /** Called once per session that ends, before its context closes (e.g. to save its state). */
  onClosing?(id: string, meta: Meta, live: LivePage, reason: SessionEndReason): Promise<void>;
  /** Called once per session that ends, whatever ended it (after its context closed), with how long it was kept. */
  onEnded(id: string, meta: Meta, reason: SessionEndReason, keptForMs: number): void;
}

interface Session<Meta> {
  live: LivePage;
  meta: Meta;
  keptAt: number;
  lastUsed: number;
  idleMs: number;
  expiry?: NodeJS.Timeout;
  /** Work on one page runs one call at a time, in arrival order. */
  queue: Promise<unknown>;
  busy: number;
  timer?: NodeJS.Timeout;
}

/**
 * The pages a browser-worker keeps alive for interact, by scrape id: bounded in number, closed
 * when idle, one call at a time per page. The clock is injectable for tests.
 */
export class LiveSessions<Meta> {
  private readonly sessions = new Map<string, Session<Meta>>();

  constructor(
    private readonly options: LiveSessionsOptions<Meta>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Pages kept now. */
  get size(): number {
    return this.sessions.size;
  }

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** The kept page, to look at without queueing behind its calls or counting as its use (a live view). */
  peek(id: string): LivePage | undefined {
    return this.sessions.get(id)?.live;
  }

  /**
   * Keeps a page, optionally with its own idle time and a time (epoch ms) at which it closes
   * whatever happens; false when no page can make room (the caller still owns it).
   */
  async add(
    id: string,
    meta: Meta,
    live: LivePage,
    lifetime: { idleMs?: number; closeAt?: number } = {},
  ): Promise<boolean> {
    await this.end(id, 'evicted');
    while (this.sessions.size >= this.options.maxSessions) {
      if (this.options.evictIdle === false) return false;
      const idle = [...this.sessions.entries()]
        .filter(([, session]) => session.busy === 0)
        .sort(([, a], [, b]) => a.lastUsed - b.lastUsed)[0];
      if (!idle) return false;
      await this.end(idle[0], 'evicted');
    }
    const session: Session<Meta> = {
      live,
      meta,
      keptAt: this.now(),
      lastUsed: this.now(),
      idleMs: lifetime.idleMs ?? this.options.idleMs,
      queue: Promise.resolve(),
      busy: 0,
    };
    this.sessions.set(id, session);
    this.armIdleTimer(id, session);
    if (lifetime.closeAt !== undefined) {
      session.expiry = setTimeout(
        () => void this.end(id, 'expired'),
        Math.max(0, lifetime.closeAt - this.now()),
      );
      session.expiry.unref();
    }
    return true;
  }

  /** Runs work on a kept page after the calls before it; undefined when the page is gone. */
  async use<T>(id: string, work: (live: LivePage) => Promise<T>): Promise<{ value: T } | undefined> {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    session.busy++;
    clearTimeout(session.timer);
    const run = session.queue.then(() =>
      this.sessions.get(id) === session ? work(session.live).then((value) => ({ value })) : undefined,
    );
    session.queue = run.catch(() => undefined);
    try {
      return await run;
    } finally {
      session.busy--;
      session.lastUsed = this.now();
      if (this.sessions.get(id) === session && session.busy === 0) this.armIdleTimer(id, session);
    }
  }

  /** Closes a kept page; how long it was kept (ms), undefined when there was none. */
  async end(id: string, reason: SessionEndReason): Promise<number | undefined> {
    const session = this.sessions.get(id);
    if (!session) return undefined;
    this.sessions.delete(id);
    clearTimeout(session.timer);
    clearTimeout(session.expiry);
    try {
      // Waits for a call still running on the page, so what it changed is part of what is saved.
      await session.queue;
      await this.options.onClosing?.(id, session.meta, session.live, reason);
    } finally {
      await session.live.context.close().catch(() => undefined);
      this.options.onEnded(id, session.meta, reason, this.now() - session.keptAt);
    }
    return this.now() - session.keptAt;
  }

  async endAll(reason: SessionEndReason): Promise<void> {
    await Promise.allSettled([...this.sessions.keys()].map((id) => this.end(id, reason)));
  }

  private armIdleTimer(id: string, session: Session<Meta>) {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => void this.end(id, 'idle'), session.idleMs);
    session.timer.unref();
  }
}
