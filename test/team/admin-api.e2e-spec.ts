import { post } from '../support/scrape-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();
/** The operator's key of the shared Trawl (`ADMIN_API_KEY`). */
const adminKey = () => String(running.trawl.env.ADMIN_API_KEY);

const admin = async (method: string, path: string, body?: unknown, key: string | null = adminKey()) => {
  const response = await fetch(`${running.trawl.baseUrl}/admin${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
};

describe('the operator-only admin API', () => {
  it('answers only the operator key: not team keys, not anonymous callers', async () => {
    expect((await admin('POST', '/teams', { name: 'x' }, null)).status).toBe(401);
    const asTeam = await admin('POST', '/teams', { name: 'x' }, running.trawl.apiKey);
    expect(asTeam).toMatchObject({ status: 401, body: { success: false, code: 'UNAUTHORIZED' } });
  });

  it('creates teams, issues, rotates and revokes keys, grants credits, caps model tokens and allows zero data retention', async () => {
    const created = await admin('POST', '/teams', { name: 'Acme' });
    expect(created.status).toBe(200);
    const { teamId, keyId, key } = created.body.data;
    const scrape = (apiKey: string, extra: Record<string, unknown> = {}) =>
      post(
        running.trawl,
        '/v2/scrape',
        { url: running.site.url('/articles/tide-pools'), ...extra },
        { apiKey },
      );
    expect((await scrape(key)).status).toBe(200);

    expect(await admin('POST', `/teams/${teamId}/credits`, { credits: 0 })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', error: 'credits must be a positive integer' },
    });
    expect(
      (await admin('POST', `/teams/${teamId}/credits`, { credits: 10, note: 'trial' })).body.data,
    ).toMatchObject({
      teamId,
      credits: 10,
    });
    const balance = await until(async () => {
      const answer = (await admin('GET', `/teams/${teamId}/credits`)).body.data;
      return answer.metered && answer.creditsUsed === 1 && answer;
    }, 'the grant');
    // The scrape before the grant was charged too: 10 granted, 1 used.
    // No model is configured here: no tokens.
    expect(balance).toEqual({
      metered: true,
      planCredits: 10,
      remainingCredits: 9,
      creditsUsed: 1,
      tokensUsed: 0,
      tokensThisMonth: 0,
      monthlyTokenAllowance: null,
    });

    // A cap on the team's model tokens a month: the team's token usage answers against it.
    expect(await admin('PUT', `/teams/${teamId}/token-allowance`, { monthlyTokens: -1 })).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST', error: 'monthlyTokens must be a non-negative integer or null' },
    });
    expect((await admin('PUT', `/teams/${teamId}/token-allowance`, { monthlyTokens: 5000 })).body).toEqual({
      success: true,
      data: { teamId, monthlyTokens: 5000 },
    });
    await until(
      async () => (await admin('GET', `/teams/${teamId}/credits`)).body.data.monthlyTokenAllowance === 5000,
      'the token cap',
    );
    const month = new Date().toISOString().slice(0, 7);
    const tokenUsage = await fetch(`${running.trawl.baseUrl}/v2/team/token-usage`, {
      headers: { authorization: `Bearer ${key}` },
    }).then((response) => response.json());
    expect(tokenUsage.data).toEqual({
      remainingTokens: 5000,
      planTokens: 5000,
      tokensUsed: 0,
      unlimited: false,
      billingPeriodStart: `${month}-01T00:00:00.000Z`,
      billingPeriodEnd: expect.stringMatching(/T23:59:59\.999Z$/),
    });

    const second = (await admin('POST', `/teams/${teamId}/keys`, { label: 'ci' })).body.data;
    expect((await scrape(second.key)).status).toBe(200);
    const rotated = (await admin('POST', `/teams/${teamId}/keys/${keyId}/rotate`)).body.data;
    expect((await scrape(rotated.key)).status).toBe(200);
    await until(async () => (await scrape(key)).status === 401, 'the rotated key to stop working');
    expect((await admin('DELETE', `/teams/${teamId}/keys/${second.keyId}`)).body).toEqual({ success: true });

    expect((await scrape(rotated.key, { zeroDataRetention: true })).status).toBe(403);
    expect((await admin('PUT', `/teams/${teamId}/zero-data-retention`, { enabled: true })).status).toBe(200);
    await until(
      async () => (await scrape(rotated.key, { zeroDataRetention: true })).status === 200,
      'zero data retention to be allowed',
    );

    // The operator finds the team, its keys that still work (the rotated one under its label) and its settings.
    const listed = {
      teamId,
      name: 'Acme',
      createdAt: expect.any(String),
      zeroDataRetention: true,
      keys: [{ keyId: rotated.keyId, label: 'default', issuedAt: expect.any(String) }],
    };
    // Its own projection may apply the last change a moment after the one the scrape reads.
    await until(
      async () => (await admin('GET', `/teams/${teamId}`)).body.data?.zeroDataRetention,
      'the team',
    );
    expect(await admin('GET', `/teams/${teamId}`)).toEqual({
      status: 200,
      body: { success: true, data: listed },
    });
    const teams = (await admin('GET', '/teams')).body.data;
    expect(teams).toContainEqual(listed);
    const creation = teams.map((team: { createdAt: string }) => team.createdAt);
    expect(creation).toEqual([...creation].sort());
  });

  it('answers 404 for a team or key that does not exist', async () => {
    const nobody = '/teams/00000000-0000-0000-0000-000000000000';
    const notFound = { status: 404, body: { success: false, code: 'TEAM_NOT_FOUND' } };
    expect(await admin('POST', `${nobody}/keys`, {})).toMatchObject(notFound);
    // A mistyped team id gets no credits, cap or balance of its own.
    expect(await admin('POST', `${nobody}/credits`, { credits: 10 })).toMatchObject(notFound);
    expect(await admin('PUT', `${nobody}/token-allowance`, { monthlyTokens: 5 })).toMatchObject(notFound);
    expect(await admin('GET', `${nobody}/credits`)).toMatchObject(notFound);
    expect(await admin('GET', `${nobody}/feedback`)).toMatchObject(notFound);
    expect(await admin('GET', nobody)).toMatchObject(notFound);
    expect(await admin('GET', '/teams/not-a-team')).toMatchObject(notFound);
    expect(await admin('GET', '/teams/not-a-team/credits')).toMatchObject(notFound);
    const team = (await admin('POST', '/teams', { name: 'Other' })).body.data;
    const noKey = await admin('DELETE', `/teams/${team.teamId}/keys/nope`);
    expect(noKey).toMatchObject({ status: 404, body: { code: 'API_KEY_NOT_FOUND' } });
  });

  it('shows the timeline of a stream to the operator only: GET /v2/admin/streams/{stream}', async () => {
    const scraped = await post(running.trawl, '/v2/scrape', {
      url: running.site.url('/articles/tide-pools'),
    });
    const stream = `scrape-${scraped.body.data.metadata.scrapeId}`;
    const history = async (path: string, key: string) => {
      const response = await fetch(`${running.trawl.baseUrl}/v2/admin/streams/${path}`, {
        headers: { authorization: `Bearer ${key}` },
      });
      return { status: response.status, body: await response.json() };
    };

    const answer = await history(stream, adminKey());
    expect(answer.status).toBe(200);
    expect(answer.body.data.events.map((event: { type: string }) => event.type)).toEqual([
      'ScrapeRequested',
      'PageFetched',
      'ScrapeCompleted',
    ]);
    expect(answer.body.data.events[0].summary).toContain('tide-pools');
    expect(answer.body.data.nextRevision).toBeNull();

    const paged = await history(`${stream}?limit=1&fromRevision=1`, adminKey());
    expect(paged.body.data).toMatchObject({
      events: [{ type: 'PageFetched', revision: 1 }],
      nextRevision: 2,
    });
    expect((await history(stream, running.trawl.apiKey)).status).toBe(401);
    expect((await history('scrape-does-not-exist', adminKey())).body).toMatchObject({ code: 'NOT_FOUND' });
    // 2^53 is an integer to JavaScript but not one it can count to exactly: refused, not a 500 from the store.
    expect(await history(`${stream}?fromRevision=9007199254740992`, adminKey())).toMatchObject({
      status: 400,
      body: { code: 'BAD_REQUEST' },
    });
  });
});
