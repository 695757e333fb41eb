import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

// One kept page per worker, closed after 10 s without use (long enough for a scrape to evict it first).
const running = trawlWithSite({ env: { INTERACT_MAX_SESSIONS: '1', INTERACT_IDLE_MS: '10000' } });

interface StoppedEvent {
  data: { scrapeId: string; reason: string; durationMs: number };
}

/** Resolves with the InteractSessionStopped event of a scrape, as published on NATS. */
function sessionStopped(nc: NatsConnection, scrapeId: string): Promise<StoppedEvent> {
  const subject = natsNames(running.trawl.prefix).eventSubject('scrape', 'InteractSessionStopped');
  return new Promise((resolve) => {
    const subscription = nc.subscribe(subject, {
      callback: (_err, msg) => {
        const event = msg.json<StoppedEvent>();
        if (event.data.scrapeId !== scrapeId) return;
        subscription.unsubscribe();
        resolve(event);
      },
    });
  });
}

async function scrapeForm(): Promise<string> {
  const { body } = await post(running.trawl, '/v2/scrape', { url: running.site.url('/form'), maxAge: 0 });
  return body.data.metadata.scrapeId;
}

const fillName = (scrapeId: string, name: string) =>
  post(running.trawl, `/v2/scrape/${scrapeId}/interact`, {
    code: `await page.locator('#name').fill('${name}'); return await page.locator('#name').inputValue()`,
  });

describe('interact session lifetime', () => {
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: '127.0.0.1:4222' });
  });
  afterAll(() => nc.close());

  it('ends an idle session, records why, and replays the scrape on the next call', async () => {
    const scrapeId = await scrapeForm();
    const stopped = sessionStopped(nc, scrapeId);
    expect((await fillName(scrapeId, 'Ada')).body).toMatchObject({ success: true, result: 'Ada' });
    expect((await stopped).data.reason).toBe('idle');

    const ended = await fetch(`${running.trawl.baseUrl}/v2/scrape/${scrapeId}/interact`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    });
    expect(ended.status).toBe(410);

    const replayed = await post(running.trawl, `/v2/scrape/${scrapeId}/interact`, {
      code: "return await page.locator('#name').inputValue()",
    });
    expect(replayed.body).toMatchObject({ success: true, result: '' });
  });

  it('evicts the least recently used page when a new one needs room', async () => {
    const first = await scrapeForm();
    const evicted = sessionStopped(nc, first);
    expect((await fillName(first, 'Grace')).body.success).toBe(true);
    await scrapeForm();
    expect((await evicted).data.reason).toBe('evicted');
  });
});
