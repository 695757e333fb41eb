import { freePort, issueKeyWithCli } from '../support/trawl-process.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = trawlWithSite({ env: { RATE_LIMIT_PER_KEY: '3' } });

async function scrapeAt(baseUrl: string, apiKey = running.trawl.apiKey) {
  const response = await fetch(`${baseUrl}/v2/scrape`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    // Cache-only: answers at once (404) without fetching anything.
    body: JSON.stringify({ url: running.site.url('/articles/tide-pools'), minAge: 1 }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: await response.json(),
  };
}

/** Counters are per minute: start well inside one, so that all requests share it. */
async function intoOneMinute() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describe('rate limits', () => {
  it('count every one of many requests arriving at once: exactly the limit gets through', async () => {
    const apiKey = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    await intoOneMinute();
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => scrapeAt(running.trawl.baseUrl, apiKey)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(3).fill(404), ...Array(37).fill(429)]);
  });

  it('are shared by every api instance and answer 429 with Retry-After', async () => {
    const port = await freePort();
    running.trawl.spawnApp('api', { PORT: String(port) });
    const second = `http://127.0.0.1:${port}`;
    // A Nest app takes 10-20 s to boot on a busy 2-core machine.
    await until(() => fetch(`${second}/health`).catch(() => undefined), 'the second api to start', 60_000);

    await intoOneMinute();

    expect((await scrapeAt(running.trawl.baseUrl)).status).toBe(404);
    expect((await scrapeAt(second)).status).toBe(404);
    expect((await scrapeAt(running.trawl.baseUrl)).status).toBe(404);
    const limited = await scrapeAt(second);
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, code: 'RATE_LIMIT_EXCEEDED' });
    expect(limited.body.error).toMatch(/retry after \d+s$/);
    expect(Number(limited.retryAfter)).toBeGreaterThanOrEqual(1);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
  });
});
