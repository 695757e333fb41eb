import type { Page } from 'playwright-core';
import { decodeArgument, runChain } from './page-relay.js';

/** Stands in for a Playwright page: records what the relay calls. */
function fakePage() {
  const calls: unknown[][] = [];
  const locator = {
    fill: async (value: string) => void calls.push(['fill', value]),
    textContent: async () => 'Hello',
  };
  const page = {
    locator: (selector: string) => {
      calls.push(['locator', selector]);
      return locator;
    },
    evaluate: async (fn: unknown, arg: unknown) => {
      calls.push(['evaluate', String(fn), typeof fn, arg]);
      return { ok: true };
    },
    context: () => ({ cookies: [] }),
    screenshot: async () => Buffer.from('png'),
  };
  return { page: page as unknown as Page, calls };
}

describe('page relay', () => {
  it('runs allowlisted chains on the page and returns JSON', async () => {
    const { page, calls } = fakePage();
    await runChain(page, [{ get: 'locator' }, { call: ['#name'] }, { get: 'fill' }, { call: ['Ada'] }]);
    expect(calls).toEqual([
      ['locator', '#name'],
      ['fill', 'Ada'],
    ]);
    expect(
      await runChain(page, [{ get: 'locator' }, { call: ['h1'] }, { get: 'textContent' }, { call: [] }]),
    ).toBe('Hello');
    expect(await runChain(page, [{ get: 'screenshot' }, { call: [] }])).toBe(
      Buffer.from('png').toString('base64'),
    );
  });

  it('hands page functions to Playwright as text it sends to the browser, never calling them here', async () => {
    const { page, calls } = fakePage();
    await runChain(page, [{ get: 'evaluate' }, { call: [{ __function: '(n) => n + 1' }, 41] }]);
    expect(calls).toEqual([['evaluate', '(n) => n + 1', 'function', 41]]);
  });

  it('refuses members outside the allowlist and options that write files', async () => {
    const { page } = fakePage();
    await expect(runChain(page, [{ get: 'context' }, { call: [] }])).rejects.toThrow(
      'page.context is not available in interact code',
    );
    await expect(runChain(page, [{ get: '__proto__' }])).rejects.toThrow('not available');
    expect(() => decodeArgument({ path: '/etc/cron.d/x' })).toThrow('The path option is not available');
  });
});
