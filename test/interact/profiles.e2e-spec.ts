import { Objm } from '@nats-io/obj';
import { connect } from '@nats-io/transport-node';
import { post } from '../support/scrape-client.js';
import { issueKeyWithCli } from '../support/trawl-process.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';

const running = sharedTrawlWithSite();

const scrape = (body: Record<string, unknown>, apiKey?: string) =>
  post(running.trawl, '/v2/scrape', { formats: ['markdown'], ...body }, apiKey ? { apiKey } : {});

async function stop(scrapeId: string) {
  const response = await fetch(`${running.trawl.baseUrl}/v2/scrape/${scrapeId}/interact`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${running.trawl.apiKey}` },
  });
  return response.status;
}

describe('profiles', () => {
  it('keeps cookies and localStorage for later scrapes of the same team, one writer at a time, encrypted at rest', async () => {
    const otherTeam = await issueKeyWithCli(running.trawl.env, running.trawl.logs);
    const login = await scrape({
      url: running.site.url('/login'),
      profile: { name: 'harbour', saveChanges: true },
    });
    expect(login.status).toBe(200);
    const loginId = login.body.data.metadata.scrapeId;

    // While that session holds the profile for writing, a second writer is refused; readers are not.
    const second = await scrape({
      url: running.site.url('/account'),
      profile: { name: 'harbour', saveChanges: true },
    });
    expect(second).toMatchObject({ status: 409, body: { code: 'PROFILE_LOCKED' } });
    const reader = await scrape({
      url: running.site.url('/account'),
      profile: { name: 'harbour', saveChanges: false },
    });
    expect(reader.status).toBe(200);
    expect(reader.body.data.markdown).toContain('Session: none');

    // The writer's interact session changes the state once more, then stopping it saves the profile.
    const changed = await post(running.trawl, `/v2/scrape/${loginId}/interact`, {
      code: "await page.evaluate(() => localStorage.setItem('tideUnit', 'metres')); return 'ok'",
    });
    expect(changed.body).toMatchObject({ success: true, result: 'ok' });
    expect(await stop(loginId)).toBe(200);

    const account = await scrape({
      url: running.site.url('/account'),
      profile: { name: 'harbour', saveChanges: false },
    });
    expect(account.status).toBe(200);
    expect(account.body.data.markdown).toContain('Session: tide-42');
    expect(account.body.data.markdown).toContain('Station: North Point');
    expect(account.body.data.metadata.cacheState).toBeUndefined();

    const unit = await post(running.trawl, `/v2/scrape/${account.body.data.metadata.scrapeId}/interact`, {
      code: "return await page.evaluate(() => localStorage.getItem('tideUnit'))",
    });
    expect(unit.body.result).toBe('metres');

    // The lock went with the stopped session: a new writer may take it.
    const writer = await scrape({
      url: running.site.url('/account'),
      profile: { name: 'harbour', saveChanges: true },
    });
    expect(writer.status).toBe(200);
    expect(await stop(writer.body.data.metadata.scrapeId)).toBe(200);

    // Another team's profile of the same name is its own, empty one.
    const stranger = await scrape(
      { url: running.site.url('/account'), profile: { name: 'harbour', saveChanges: false } },
      otherTeam,
    );
    expect(stranger.body.data.markdown).toContain('Session: none');

    // What is stored is sealed: the cookie value appears nowhere in the bucket.
    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const bucket = await new Objm(nc).open(`${running.trawl.prefix}_profiles`);
      const entries = await bucket.list();
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        const bytes = Buffer.from((await bucket.getBlob(entry.name)) ?? []);
        expect(bytes.includes(Buffer.from('tide-42'))).toBe(false);
      }
    } finally {
      await nc.close();
    }
  });
});
