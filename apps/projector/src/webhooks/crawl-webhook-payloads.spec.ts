import type { RecordedEvent } from '#contracts';
import { crawlWebhookCallOf } from './crawl-webhook-payloads.js';

const recorded = (type: string, data: object): RecordedEvent => ({
  id: 'evt-7',
  type,
  streamId: 'crawl-c-1',
  revision: 4,
  position: 11,
  data,
  metadata: {},
  createdAt: 't',
});
const batch = {
  kind: 'batch' as const,
  returnLinks: true,
  webhook: { url: 'http://hooks.test/', metadata: { a: 1 } },
};

describe('crawl webhook payloads', () => {
  it('builds Firecrawl payloads: the page document, a failed page, the named stages only', () => {
    const page = crawlWebhookCallOf(
      recorded('PageScraped', { crawlId: 'c-1', scrapeId: 's', url: 'http://a.test/', documentBlob: 'd' }),
      batch,
      { markdown: '# A' },
    );
    expect(page).toMatchObject({ webhookId: 'evt-7', event: 'batch_scrape.page', url: 'http://hooks.test/' });
    expect(JSON.parse(page?.body ?? '')).toEqual({
      success: true,
      type: 'batch_scrape.page',
      id: 'c-1',
      webhookId: 'evt-7',
      data: [{ markdown: '# A' }],
      metadata: { a: 1 },
    });
    const failed = crawlWebhookCallOf(
      recorded('PageFailed', {
        crawlId: 'c-1',
        scrapeId: 's',
        url: 'u',
        code: 'SCRAPE_TIMEOUT',
        error: 'slow',
      }),
      { ...batch, kind: 'crawl' },
    );
    expect(JSON.parse(failed?.body ?? '')).toMatchObject({
      success: false,
      type: 'crawl.page',
      data: [],
      error: 'SCRAPE_TIMEOUT: slow',
    });
    const onlyCompleted = { ...batch, webhook: { ...batch.webhook, events: ['completed' as const] } };
    expect(crawlWebhookCallOf(recorded('CrawlStarted', { crawlId: 'c-1' }), onlyCompleted)).toBeNull();
    expect(crawlWebhookCallOf(recorded('PagesQueued', { crawlId: 'c-1' }), batch)).toBeNull();
    expect(
      JSON.parse(
        crawlWebhookCallOf(recorded('CrawlCompleted', { crawlId: 'c-1' }), onlyCompleted)?.body ?? '',
      ),
    ).toMatchObject({ success: true, type: 'batch_scrape.completed', data: [] });
  });
});
