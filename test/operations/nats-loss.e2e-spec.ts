import { deleteNatsResources } from '../support/nats-cleanup.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

// Its own Trawl: the test stops it, empties its NATS and starts it again on the same data dir.
const running = trawlWithSite();

const SCRAPE_TIMEOUT_MS = 5_000;

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 90_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('NATS lost its streams while the event store kept the history', () => {
  it('relays the history again without fetching a finished scrape anew or retrying its extraction', async () => {
    const { trawl, site } = running;
    const path = '/articles/tide-pools';
    // The first scrape starts the browser, which alone may take longer than the short timeout below.
    expect((await post(trawl, '/v2/scrape', { url: site.url('/') })).status).toBe(200);
    const requestedAt = Date.now();
    const scraped = await post(trawl, '/v2/scrape', {
      url: site.url(path),
      formats: ['markdown'],
      timeout: SCRAPE_TIMEOUT_MS,
    });
    expect(scraped.status).toBe(200);
    const { scrapeId } = scraped.body.data.metadata;
    const fetches = () => site.requests.filter((request) => request.path === path).length;
    expect(fetches()).toBe(1);

    // A new NATS server, or a wiped volume: streams, read models and page bodies are gone.
    const standalone = trawl.processOf('standalone');
    const exited = new Promise((resolve) => standalone?.once('exit', resolve));
    standalone?.kill('SIGTERM');
    await exited;
    await deleteNatsResources(trawl.prefix);
    // Replayed within its timeout, a request would rightly be fetched again (its client may still wait).
    await new Promise((resolve) =>
      setTimeout(resolve, Math.max(0, requestedAt + SCRAPE_TIMEOUT_MS - Date.now())),
    );
    const before = trawl.logs().length;
    trawl.spawnApp('standalone');
    const logsSinceRestart = () => trawl.logs().slice(before);
    await until(
      async () => (await fetch(`${trawl.baseUrl}/health`).catch(() => undefined))?.status === 200,
      'the restarted Trawl to be healthy',
    );

    // The relay sends every event again: the extractor meets the page's fetch once more, its body gone.
    await until(
      () => logsSinceRestart().includes('the page body is gone'),
      'the extractor meeting the replayed fetch',
    );
    const replayed = logsSinceRestart()
      .split('\n')
      .filter((line) => line.includes(scrapeId));
    expect(replayed.filter((line) => line.includes('the page body is gone'))).toHaveLength(1);
    // Past its timeout the replayed request is not fetched again, and nothing failed on the way.
    expect(fetches()).toBe(1);
    expect(logsSinceRestart()).not.toMatch(/"level":50/);
  });
});
