import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';

// A worker that keeps no page after its scrape (the setting for throughput): interact replays every call.
const running = trawlWithSite({ env: { INTERACT_MAX_SESSIONS: '0' } });

const interact = (scrapeId: string, code: string) =>
  post(running.trawl, `/v2/scrape/${scrapeId}/interact`, { code });

describe('interact without kept pages', () => {
  it('runs each call on a fresh replay of the scrape, and ends the session on DELETE', async () => {
    const { body } = await post(running.trawl, '/v2/scrape', { url: running.site.url('/form'), maxAge: 0 });
    const scrapeId = body.data.metadata.scrapeId;

    const filled = await interact(
      scrapeId,
      "await page.locator('#name').fill('Ada'); return await page.locator('#name').inputValue()",
    );
    expect(filled.body).toMatchObject({ success: true, result: 'Ada', exitCode: 0 });
    // Nothing kept the filled-in page: the next call sees the form as the scrape loaded it.
    const next = await interact(scrapeId, "return await page.locator('#name').inputValue()");
    expect(next.body).toMatchObject({ success: true, result: '', sessionId: filled.body.sessionId });

    const ended = await fetch(`${running.trawl.baseUrl}/v2/scrape/${scrapeId}/interact`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${running.trawl.apiKey}` },
    });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toMatchObject({ success: true });
  });
});
