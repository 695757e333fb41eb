import { jest } from '@jest/globals';
import type { LivePage } from './live-sessions.js';
import { LiveSessions } from './live-sessions.js';

/** A kept page as far as the registry sees it: something whose context can be closed. */
function fakePage(closed: string[], name: string): LivePage {
  return { page: {}, context: { close: async () => void closed.push(name) } } as unknown as LivePage;
}

function registry(maxSessions: number, options: { evictIdle?: boolean; now?: () => number } = {}) {
  const closed: string[] = [];
  const ended: [string, string][] = [];
  const closing: string[] = [];
  let clock = 0;
  const sessions = new LiveSessions<string>(
    {
      maxSessions,
      evictIdle: options.evictIdle,
      idleMs: 60_000,
      onClosing: async (id) => void closing.push(id),
      onEnded: (id, _meta, reason) => void ended.push([id, reason]),
    },
    options.now ?? (() => ++clock),
  );
  return { sessions, closed, ended, closing };
}

describe('LiveSessions', () => {
  it('keeps at most maxSessions pages, evicting the least recently used idle one', async () => {
    const { sessions, closed, ended } = registry(2);
    await sessions.add('a', 'A', fakePage(closed, 'a'));
    await sessions.add('b', 'B', fakePage(closed, 'b'));
    await sessions.use('a', async () => undefined);
    await sessions.add('c', 'C', fakePage(closed, 'c'));
    expect([sessions.has('a'), sessions.has('b'), sessions.has('c')]).toEqual([true, false, true]);
    expect(closed).toEqual(['b']);
    expect(ended).toEqual([['b', 'evicted']]);
  });

  it('refuses a new page when every kept page is busy, and leaves it to the caller', async () => {
    const { sessions, closed } = registry(1);
    await sessions.add('a', 'A', fakePage(closed, 'a'));
    let release: () => void = () => undefined;
    const busy = sessions.use('a', () => new Promise<void>((resolve) => (release = resolve)));
    expect(await sessions.add('b', 'B', fakePage(closed, 'b'))).toBe(false);
    expect(closed).toEqual([]);
    release();
    await busy;
  });

  it('runs calls on one page one at a time, in order', async () => {
    const { sessions, closed } = registry(1);
    await sessions.add('a', 'A', fakePage(closed, 'a'));
    const order: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const first = sessions.use('a', async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('first ends');
    });
    const second = sessions.use('a', async () => void order.push('second'));
    await Promise.resolve();
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first starts', 'first ends', 'second']);
  });

  it('ends a page once: saves first (onClosing), closes, reports how long it was kept', async () => {
    const { sessions, closed, ended, closing } = registry(1);
    await sessions.add('a', 'A', fakePage(closed, 'a'));
    expect(await sessions.end('a', 'stopped')).toBeGreaterThan(0);
    expect(await sessions.end('a', 'stopped')).toBeUndefined();
    expect(await sessions.use('a', async () => 'x')).toBeUndefined();
    expect(closing).toEqual(['a']);
    expect(closed).toEqual(['a']);
    expect(ended).toEqual([['a', 'stopped']]);
  });

  it('refuses a new page when full rather than evicting, when told not to evict', async () => {
    const { sessions, closed } = registry(1, { evictIdle: false });
    await sessions.add('a', 'A', fakePage(closed, 'a'));
    expect(await sessions.add('b', 'B', fakePage(closed, 'b'))).toBe(false);
    expect(sessions.has('a')).toBe(true);
    expect(closed).toEqual([]);
  });

  describe('a page with its own lifetime', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('closes after its own idle time, each use restarting it', async () => {
      const { sessions, ended } = registry(2, { now: Date.now });
      await sessions.add('a', 'A', fakePage([], 'a'), { idleMs: 10_000 });
      await jest.advanceTimersByTimeAsync(9_000);
      await sessions.use('a', async () => undefined);
      await jest.advanceTimersByTimeAsync(9_000);
      expect(sessions.has('a')).toBe(true);
      await jest.advanceTimersByTimeAsync(1_001);
      expect(ended).toEqual([['a', 'idle']]);
    });

    it('closes at its time to live however busy it is', async () => {
      const { sessions, ended } = registry(2, { now: Date.now });
      await sessions.add('a', 'A', fakePage([], 'a'), { idleMs: 60_000, closeAt: Date.now() + 30_000 });
      for (let second = 0; second < 29; second++) {
        await sessions.use('a', async () => undefined);
        await jest.advanceTimersByTimeAsync(1_000);
      }
      expect(sessions.has('a')).toBe(true);
      await jest.advanceTimersByTimeAsync(1_001);
      expect(ended).toEqual([['a', 'expired']]);
    });
  });
});
