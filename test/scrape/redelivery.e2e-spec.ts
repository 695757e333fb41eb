import { createTeam, operatorCli } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Every app in its own process, as in production; a short lease so redelivery comes quickly.
const running = trawlWithSite({
  apps: ['core', 'projector', 'extractor', 'api'],
  env: { WORKER_ACK_WAIT_MS: '3000' },
  waitForHealthy: false,
});

describe('a browser-worker that dies mid-scrape', () => {
  it('answers a zero-data-retention scrape at once while no browser-worker is up: it cannot wait in a queue', async () => {
    const team = await createTeam(running.trawl, 'zdr-no-worker');
    await operatorCli(running.trawl, 'teams', 'zdr', team.teamId, 'on');
    const answer = await until(async () => {
      const { status, body } = await post(
        running.trawl,
        '/v2/scrape',
        { url: running.site.url('/articles/tide-pools'), zeroDataRetention: true },
        { apiKey: team.key },
      );
      // 403 until the operator's switch is read.
      return status !== 403 && { status, body };
    }, 'the team allowed zero data retention');
    expect(answer).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', error: 'No browser-worker is running; retry shortly' },
    });
  });

  it('does not lose the scrape: another worker gets it and the client gets the page', async () => {
    const first = running.trawl.spawnApp('browser-worker');
    const slowRequests = () =>
      running.site.requests.filter((request) => request.path === '/slow?ms=4000').length;

    const response = post(running.trawl, '/v2/scrape', {
      url: running.site.url('/slow?ms=4000'),
      timeout: 60_000,
    });
    await until(() => slowRequests() === 1, 'the first worker to fetch the page');
    first.kill('SIGKILL');
    running.trawl.spawnApp('browser-worker');

    const { status, body } = await response;
    expect(status).toBe(200);
    expect(body.data.markdown).toContain('Finally');
    // At least once: a second worker fetched it again (a late heartbeat on a loaded machine may add one more).
    expect(slowRequests()).toBeGreaterThanOrEqual(2);
  });
});
