import Firecrawl from '@mendable/firecrawl-js';
import { call } from '../support/monitor-client.js';

import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

const running = sharedTrawlWithSite();
const admin = (method: string, path: string, body?: unknown) =>
  call(running.trawl, method, `/admin${path}`, body, String(running.trawl.env.ADMIN_API_KEY));

describe('feedback on jobs (POST /v2/feedback)', () => {
  it("keeps a team's feedback on a finished scrape for the operator, once per job, through the SDK", async () => {
    const team = (await admin('POST', '/teams', { name: 'feedback' })).body.data;
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: team.key });
    const url = running.site.url('/articles/tide-pools');
    const scraped = await client.scrape(url, { maxAge: 0 });
    const jobId = scraped.metadata?.scrapeId as string;

    const first = await client.feedback({
      endpoint: 'scrape',
      jobId,
      rating: 'partial',
      issues: ['missing_markdown'],
      note: 'The pricing table was missing from the markdown output.',
      url,
      metadata: { section: 'pricing' },
    });
    expect(first).toMatchObject({ success: true, feedbackId: expect.any(String), creditsRefunded: 0 });
    expect(first.warning).toContain('refunds no credits');
    const again = await client.feedback({ endpoint: 'scrape', jobId, rating: 'bad' });
    expect(again).toMatchObject({ feedbackId: first.feedbackId, alreadySubmitted: true });

    const listed = await until(async () => {
      const { body } = await admin('GET', `/teams/${team.teamId}/feedback`);
      return body.data.length > 0 && body.data;
    }, 'the feedback listed for the operator');
    expect(listed).toEqual([
      {
        feedbackId: first.feedbackId,
        teamId: team.teamId,
        apiKeyId: team.keyId,
        givenAt: expect.any(String),
        feedback: {
          endpoint: 'scrape',
          jobId,
          rating: 'partial',
          issues: ['missing_markdown'],
          note: 'The pricing table was missing from the markdown output.',
          url,
          metadata: { section: 'pricing' },
        },
      },
    ]);

    // Another team's scrape is as unknown as a missing one; Trawl keeps no map or search jobs.
    const other = new Firecrawl({
      apiUrl: running.trawl.baseUrl,
      apiKey: (await admin('POST', '/teams', { name: 'other' })).body.data.key,
    });
    await expect(other.feedback({ endpoint: 'scrape', jobId, rating: 'good' })).rejects.toMatchObject({
      status: 404,
    });
    await expect(client.feedback({ endpoint: 'map', jobId, rating: 'good' })).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('no map jobs'),
    });
    await expect(client.searchFeedback(jobId, { rating: 'bad' })).rejects.toMatchObject({ status: 404 });
    const invalid = await call(
      running.trawl,
      'POST',
      '/v2/feedback',
      { endpoint: 'scrape', jobId, rating: 'meh' },
      team.key,
    );
    expect(invalid).toMatchObject({ status: 400, body: { code: 'BAD_REQUEST' } });
  });
});
