import Firecrawl from '@mendable/firecrawl-js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver, verifySignatures } from '../support/webhook-receiver.js';

const running = sharedTrawlWithSite();
const client = () => new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });

describe('crawl and batch scrape webhooks', () => {
  it('sends crawl.started, one crawl.page per page and crawl.completed, signed, to a local receiver', async () => {
    const receiver = await startWebhookReceiver(() => ({ status: 200 }));
    try {
      const job = await client().crawl(running.site.url('/crawl/'), {
        sitemap: 'skip',
        excludePaths: ['loop', 'calendar'],
        limit: 3,
        webhook: { url: receiver.url, headers: { 'x-run': 'e2e' }, metadata: { source: 'e2e' } },
        scrapeOptions: { formats: ['markdown'] },
        pollInterval: 1,
        timeout: 120,
      });
      expect(job.status).toBe('completed');
      const payloads = await until(() => {
        const bodies = receiver.calls.map((call) => JSON.parse(call.body));
        return bodies.some((body) => body.type === 'crawl.completed') ? bodies : undefined;
      }, 'crawl.completed');

      expect(payloads.map((payload) => payload.type)).toEqual([
        'crawl.started',
        'crawl.page',
        'crawl.page',
        'crawl.page',
        'crawl.completed',
      ]);
      for (const payload of payloads) {
        expect(payload).toMatchObject({ success: true, id: job.id, metadata: { source: 'e2e' } });
      }
      expect(payloads[0].data).toEqual([]);
      const pages = payloads.filter((payload) => payload.type === 'crawl.page').map((p) => p.data[0]);
      expect(pages.map((page) => new URL(page.metadata.sourceURL).pathname).sort()).toEqual(
        job.data.map((document) => new URL(document.metadata?.sourceURL as string).pathname).sort(),
      );
      expect(pages.find((page) => page.metadata.sourceURL.endsWith('/crawl/'))?.markdown).toContain(
        '# Crawl start',
      );
      expect(pages[0].links).toBeUndefined();
      expect(pages.some((page) => 'pageLinks' in page)).toBe(false);

      const ids = new Set(receiver.calls.map((call) => call.headers['webhook-id']));
      expect(ids.size).toBe(receiver.calls.length);
      for (const received of receiver.calls) {
        expect(received.headers['x-run']).toBe('e2e');
        expect(() =>
          verifySignatures(received, String(running.trawl.env.WEBHOOK_SIGNING_SECRET)),
        ).not.toThrow();
        expect(JSON.parse(received.body).webhookId).toBe(received.headers['webhook-id']);
      }
    } finally {
      await receiver.close();
    }
  });

  it("holds back only its own batch's calls while its receiver is down, however many wait behind it", async () => {
    // The receiver that is down asks to be tried again in an hour (the outbox waits its 5-minute cap).
    const down = await startWebhookReceiver(() => ({ status: 503, retryAfter: '3600' }));
    const up = await startWebhookReceiver(() => ({ status: 200 }));
    const types = (calls: { body: string }[]) => calls.map((call) => JSON.parse(call.body).type);
    try {
      // More calls than the notifier takes events at once (32) queue behind the first one.
      const urls = Array.from({ length: 40 }, (_, n) => running.site.url(`/big/p/${n}`));
      const stalled = await client().batchScrape(urls, {
        options: { formats: ['markdown'] },
        webhook: { url: down.url },
        pollInterval: 1,
        timeout: 240,
      });
      expect(stalled.status).toBe('completed');
      await client().batchScrape([running.site.url('/articles/tide-pools')], {
        options: { formats: ['markdown'] },
        webhook: { url: up.url },
        pollInterval: 1,
        timeout: 120,
      });
      const flowing = await until(() => {
        const sent = types(up.calls);
        return sent.includes('batch_scrape.completed') ? sent : undefined;
      }, "the other batch's calls");
      expect(flowing).toEqual(['batch_scrape.started', 'batch_scrape.page', 'batch_scrape.completed']);
      // The stalled batch's first call waits for its retry, and its other 41 calls wait behind it.
      expect(types(down.calls)).toEqual(['batch_scrape.started']);
    } finally {
      await down.close();
      await up.close();
    }
  });

  it('sends only the batch_scrape events a webhook asks for, and refuses a bad webhook', async () => {
    const receiver = await startWebhookReceiver(() => ({ status: 200 }));
    try {
      const job = await client().batchScrape(
        [running.site.url('/articles/tide-pools'), running.site.url('/missing')],
        {
          options: { formats: ['markdown'] },
          webhook: { url: receiver.url, events: ['page', 'completed'] },
          pollInterval: 1,
          timeout: 120,
        },
      );
      expect(job.status).toBe('completed');
      const payloads = await until(() => {
        const bodies = receiver.calls.map((call) => JSON.parse(call.body));
        return bodies.some((body) => body.type === 'batch_scrape.completed') ? bodies : undefined;
      }, 'batch_scrape.completed');
      expect(payloads.map((payload) => payload.type)).toEqual([
        'batch_scrape.page',
        'batch_scrape.page',
        'batch_scrape.completed',
      ]);
      expect(
        payloads
          .map((payload) => payload.data[0]?.metadata?.statusCode)
          .slice(0, 2)
          .sort(),
      ).toEqual([200, 404]);

      // Pages appended to the finished batch are reported to its webhook, and so is its new completion.
      await client().startBatchScrape([running.site.url('/crawl/about')], { appendToId: job.id });
      const again = await until(() => {
        const bodies = receiver.calls.map((call) => JSON.parse(call.body));
        const completions = bodies.filter((body) => body.type === 'batch_scrape.completed');
        return completions.length === 2 ? bodies : undefined;
      }, 'a second batch_scrape.completed');
      expect(again.slice(3).map((payload) => payload.type)).toEqual([
        'batch_scrape.page',
        'batch_scrape.completed',
      ]);
      expect(again[3]).toMatchObject({ id: job.id, data: [{ metadata: { statusCode: 200 } }] });
      expect(new URL(again[3].data[0].metadata.sourceURL).pathname).toBe('/crawl/about');

      const refused = await fetch(`${running.trawl.baseUrl}/v2/crawl`, {
        method: 'POST',
        headers: { authorization: `Bearer ${running.trawl.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          url: running.site.url('/crawl/'),
          webhook: { url: 'ftp://x', events: ['done'] },
        }),
      });
      expect(refused.status).toBe(400);
      expect((await refused.json()).details.map((d: { path: string[] }) => d.path.join('.'))).toEqual([
        'webhook.url',
        'webhook.events',
      ]);
    } finally {
      await receiver.close();
    }
  });
});
