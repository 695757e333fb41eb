import { type FixtureSite, startFixtureSite } from '../fixtures/site/fixture-site.js';
import { post } from '../support/scrape-client.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';

let trawl: RunningTrawl;
let site: FixtureSite;

beforeAll(async () => {
  site = await startFixtureSite();
  // Every app in its own process, as in production; a short lease so redelivery comes quickly.
  trawl = await startTrawl({
    apps: ['core', 'projector', 'extractor', 'api'],
    env: { WORKER_ACK_WAIT_MS: '3000' },
    waitForHealthy: false,
  });
});

afterAll(async () => {
  await trawl?.stop();
  await site?.close();
});

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('a browser-worker that dies mid-scrape', () => {
  it('does not lose the scrape: another worker gets it and the client gets the page', async () => {
    const first = trawl.spawnApp('browser-worker');
    const slowRequests = () => site.requests.filter((request) => request.path === '/slow?ms=4000').length;

    const response = post(trawl, '/v2/scrape', { url: site.url('/slow?ms=4000'), timeout: 60_000 });
    await until(() => slowRequests() === 1, 'the first worker to fetch the page');
    first.kill('SIGKILL');
    trawl.spawnApp('browser-worker');

    const { status, body } = await response;
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('Finally');
    expect(slowRequests()).toBe(2);
  });
});
