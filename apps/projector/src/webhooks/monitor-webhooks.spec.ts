import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { type CheckPage, type CheckView, emptySummary, type RecordedEvent } from '#contracts';
import { redeliveriesOf, webhookDeliveryOf } from './monitor-webhook-payloads.js';
import { retryAfterMs, retryDelayMs } from './webhook-retry.js';
import { signatureHeaders } from './webhook-signature.js';

const secret = `whsec_${Buffer.from('0123456789abcdef0123456789abcdef').toString('base64')}`;
const page: CheckPage = {
  id: 'p-1',
  targetId: 't-1',
  url: 'http://a.test/',
  status: 'changed',
  previousScrapeId: 's-0',
  currentScrapeId: 's-1',
  statusCode: 200,
  error: null,
  metadata: null,
  diff: { text: '-a\n+b\n', json: { files: [] } },
  snapshot: null,
  judgment: null,
  createdAt: 't',
};
const recorded = (type: string, data: object): RecordedEvent => ({
  id: 'evt-1',
  type,
  streamId: 'monitor-m-1',
  revision: 3,
  position: 9,
  data,
  metadata: {},
  createdAt: 't',
});
const notify = (events?: string[]) => ({
  monitorName: 'Prices',
  webhook: { url: 'http://hooks.test/', metadata: { env: 'test' }, ...(events ? { events } : {}) },
  notification: null,
});

describe('monitor webhook payloads', () => {
  it('builds monitor.page with the page, its diff and the webhook metadata', () => {
    const delivery = webhookDeliveryOf(
      recorded('PageChecked', {
        monitorId: 'm-1',
        teamId: 'team',
        checkId: 'c-1',
        page,
        snapshot: null,
        notify: notify(),
      }),
    );
    expect(delivery).toMatchObject({ webhookId: 'evt-1', event: 'monitor.page', checkId: 'c-1' });
    expect(JSON.parse(delivery?.body ?? '')).toEqual({
      success: true,
      type: 'monitor.page',
      id: 'c-1',
      webhookId: 'evt-1',
      metadata: { env: 'test' },
      data: [
        {
          monitorId: 'm-1',
          checkId: 'c-1',
          url: 'http://a.test/',
          status: 'changed',
          previousScrapeId: 's-0',
          currentScrapeId: 's-1',
          error: null,
          isMeaningful: null,
          judgment: null,
          diff: page.diff,
        },
      ],
    });
  });

  it("says in monitor.page whether a crawl target's crawl still reached the page", () => {
    const pageOfCrawl = (visibility: 'visible' | 'hidden') =>
      webhookDeliveryOf(
        recorded('PageChecked', {
          monitorId: 'm-1',
          teamId: 'team',
          checkId: 'c-1',
          page: { ...page, visibility },
          snapshot: null,
          notify: notify(),
        }),
      );
    expect(JSON.parse(pageOfCrawl('hidden')?.body ?? '').data[0].visibility).toBe('hidden');
    expect(JSON.parse(pageOfCrawl('visible')?.body ?? '').data[0].visibility).toBe('visible');
  });

  it('filters by events and ignores events that notify nobody', () => {
    const completed = (events?: string[]) =>
      recorded('CheckCompleted', {
        monitorId: 'm-1',
        teamId: 'team',
        checkId: 'c-1',
        status: 'failed',
        summary: { totalPages: 0, same: 0, changed: 0, new: 0, removed: 0, error: 0 },
        actualCredits: 0,
        error: 'boom',
        finishedAt: 't',
        notify: notify(events),
      });
    expect(webhookDeliveryOf(completed(['monitor.page']))).toBeNull();
    expect(JSON.parse(webhookDeliveryOf(completed(['monitor.check.completed']))?.body ?? '')).toMatchObject({
      success: false,
      error: 'boom',
      type: 'monitor.check.completed',
    });
    expect(
      webhookDeliveryOf(recorded('MonitorPaused', { monitorId: 'm-1', teamId: 'team', pausedAt: 't' })),
    ).toBeNull();
  });
});

describe('webhook signatures', () => {
  it('redelivers a check from its read models under new ids, honouring the webhook filter', () => {
    const check = { status: 'completed', summary: emptySummary(), error: null } as CheckView;
    const request = (events?: string[]) =>
      recorded('CheckWebhooksRedeliveryRequested', {
        monitorId: 'm-1',
        teamId: 'team',
        checkId: 'c-1',
        webhook: notify(events).webhook,
        notify: notify(events),
        requestedAt: 't',
      });
    const all = redeliveriesOf(request(), check, [page]);
    expect(all.map((d) => [d.event, d.webhookId, d.redeliveryId])).toEqual([
      ['monitor.page', 'evt-1-0000', 'evt-1'],
      ['monitor.check.completed', 'evt-1-0001', 'evt-1'],
    ]);
    expect(JSON.parse(all[0].body)).toMatchObject({
      type: 'monitor.page',
      id: 'c-1',
      webhookId: 'evt-1-0000',
      metadata: { env: 'test' },
      data: [{ url: 'http://a.test/', status: 'changed', diff: page.diff }],
    });
    expect(redeliveriesOf(request(['monitor.check.completed']), check, [page]).map((d) => d.event)).toEqual([
      'monitor.check.completed',
    ]);
  });

  it('signs with both X-Firecrawl-Signature and Standard Webhooks', () => {
    const body = '{"a":1}';
    const headers = signatureHeaders(secret, 'evt-1', new Date('2026-01-01T00:00:00.900Z'), body);
    expect(headers['X-Firecrawl-Signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    expect(headers['webhook-timestamp']).toBe('1767225600');
    const webhook = new Webhook(secret);
    // verify() checks the timestamp against now, so check the signature it would produce.
    expect(headers['webhook-signature']).toBe(webhook.sign('evt-1', new Date(1767225600 * 1000), body));
  });
});

describe('webhook retries', () => {
  it('backs off exponentially with jitter and honours Retry-After', () => {
    const options = { baseMs: 1000, maxMs: 60_000 };
    expect(retryDelayMs(1, null, { ...options, random: () => 0 })).toBe(500);
    expect(retryDelayMs(3, null, { ...options, random: () => 1 })).toBe(4000);
    expect(retryDelayMs(20, null, { ...options, random: () => 1 })).toBe(60_000);
    expect(retryDelayMs(1, '7', options)).toBe(7000);
    expect(retryDelayMs(1, '9999', options)).toBe(60_000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:10 GMT', Date.parse('2026-01-01T00:00:00Z'))).toBe(10_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
