import Firecrawl from '@mendable/firecrawl-js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Every app in its own process, so core (the crawl's writer and runner) can die alone.
const running = trawlWithSite({
  apps: ['core', 'projector', 'extractor', 'browser-worker', 'api'],
  env: { WORKER_ACK_WAIT_MS: '3000' },
  waitForHealthy: false,
});

describe('a core that dies mid-crawl', () => {
  it('resumes the crawl from its event-sourced frontier after a restart', async () => {
    const client = new Firecrawl({ apiUrl: running.trawl.baseUrl, apiKey: running.trawl.apiKey });
    const crawled = () =>
      new Set(
        running.site.requests.map((request) => request.path).filter((path) => path.startsWith('/crawl/')),
      );
    const started = await client.startCrawl(running.site.url('/crawl/'), {
      sitemap: 'skip',
      excludePaths: ['calendar', 'loop'],
      ignoreQueryParameters: true,
      delay: 1,
    });
    const core = running.trawl.processOf('core');
    await until(() => crawled().size >= 2, 'two pages of the crawl');
    core?.kill('SIGKILL');
    running.trawl.spawnApp('core');

    const status = await until(async () => {
      const current = await client.getCrawlStatus(started.id).catch(() => undefined);
      return current?.status === 'completed' && current;
    }, 'the crawl to complete');
    expect(
      status.data.map((document) => new URL(document.metadata?.sourceURL as string).pathname).sort(),
    ).toEqual([
      '/crawl/',
      '/crawl/about',
      '/crawl/guide',
      '/crawl/guide/chapter-1',
      '/crawl/guide/chapter-2',
    ]);
  });
});
