import { call, runCheck } from '../support/monitor-client.js';
import { deleteNatsResources } from '../support/nats-cleanup.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// Its own Trawl: the test stops it, empties its NATS and starts it again on the same data dir. Events
// relayed 2 s after their commit count as history sent again (a restart here takes longer).
const running = trawlWithSite({ env: { NOTIFY_REPLAY_HORIZON_MS: '2000' } });
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>> | undefined;
afterAll(() => receiver?.close());

// Long enough for a busy CI machine (5 s once ran out there), short enough to wait out after the restart.
const SCRAPE_TIMEOUT_MS = 15_000;

describe('NATS lost its streams while the event store kept the history', () => {
  it('relays the history again without fetching a finished scrape anew, retrying its extraction or calling webhooks again', async () => {
    const { trawl, site } = running;
    receiver = await startWebhookReceiver(() => ({ status: 200 }));
    const { calls } = receiver;
    const monitor = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Front page',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', url: site.url('/') }],
      webhook: { url: receiver.url },
    });
    await runCheck(trawl, monitor.body.data.id);
    await until(async () => calls.length === 2, "the check's two webhook calls");

    const path = '/articles/tide-pools';
    // The check has started the browser, which alone may take longer than this scrape's short timeout.
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
    const goneBody = () =>
      logsSinceRestart()
        .split('\n')
        .filter((line) => line.includes(scrapeId) && line.includes('the page body is gone'));
    await until(async () => goneBody().length > 0, 'the extractor meeting the replayed fetch');
    expect(goneBody()).toHaveLength(1);
    // Past its timeout the replayed request is not fetched again.
    expect(fetches()).toBe(1);
    // The monitor's webhook calls went out when the check ran: not again for its history.
    await until(
      async () => /"type":"CheckCompleted".*history relayed again: not notified/.test(logsSinceRestart()),
      'the webhook outbox passing over the replayed check',
    );
    expect(calls).toHaveLength(2);
    // And nothing failed on the way.
    expect(logsSinceRestart()).not.toMatch(/"level":50/);
  });
});
