import type { BrowserContext, Page } from 'playwright-core';

/** A page kept open after its scrape, with the context that owns it. */
export interface LivePage {
  page: Page;
  context: BrowserContext;
}

export type SessionEndReason = 'stopped' | 'idle' | 'evicted' | 'shutdown';

export interface LiveSessionsOptions<Meta> {
  /** Pages kept at most; the least recently used idle one makes room for a new one. */
  maxSessions: number;
  /** A page unused this long is closed. */
  idleMs: number;
  /** Called once per session that ends, before its context closes (e.g. to save its state). */
  onClosing?(id: string, meta: Meta, live: LivePage, reason: SessionEndReason): Promise<void>;
  /** Called once per session that ends, whatever ended it (after its context closed). */
  onEnded(id: string, meta: Meta, reason: SessionEndReason): void;
}

interface Session<Meta> {
  live: LivePage;
  meta: Meta;
  keptAt: number;
  lastUsed: number;
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

  has(id: string): boolean {
    return this.sessions.has(id);
  }

  /** Keeps a page; false when every kept page is busy and none can make room (the caller still owns it). */
  async add(id: string, meta: Meta, live: LivePage): Promise<boolean> {
    await this.end(id, 'evicted');
    while (this.sessions.size >= this.options.maxSessions) {
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
      queue: Promise.resolve(),
      busy: 0,
    };
    this.sessions.set(id, session);
    this.armIdleTimer(id, session);
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
    try {
      // Waits for a call still running on the page, so what it changed is part of what is saved.
      await session.queue;
      await this.options.onClosing?.(id, session.meta, session.live, reason);
    } finally {
      await session.live.context.close().catch(() => undefined);
      this.options.onEnded(id, session.meta, reason);
    }
    return this.now() - session.keptAt;
  }

  async endAll(reason: SessionEndReason): Promise<void> {
    await Promise.allSettled([...this.sessions.keys()].map((id) => this.end(id, reason)));
  }

  private armIdleTimer(id: string, session: Session<Meta>) {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => void this.end(id, 'idle'), this.options.idleMs);
    session.timer.unref();
  }
}
