import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ContentPool } from '#content';
import { CRAWL_DEFAULTS, type ValidMapRequest } from '#contracts';
import { proxyAttempts, selectMapLinks } from '#domain';
import { discoverSite, type FetchedText, fetchText } from '#site-discovery';

/**
 * Fast URL discovery without scraping: the start page's links (one plain HTTP GET, no browser)
 * and every sitemap the site declares. The page is parsed in a worker thread, as scrapes are,
 * with the same link rules (`<base href>`, fragments dropped).
 */
@Injectable()
export class MapService implements OnApplicationShutdown {
  private readonly pool = new ContentPool(1);

  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {}

  async map(request: ValidMapRequest): Promise<string[]> {
    const fetchOptions = {
      allowedPrivateAddresses: this.config.allowedPrivateAddresses,
      timeoutMs: request.timeout,
      userAgent: CRAWL_DEFAULTS.robotsUserAgent,
      // Map fetches like a basic scrape: through the basic pool when the operator has one.
      proxy: proxyAttempts(this.config.proxies, { proxy: 'basic' }, request.url)[0]?.proxy,
    };
    const [site, pageLinks] = await Promise.all([
      discoverSite(request.url, {
        ...fetchOptions,
        sitemaps: request.sitemap !== 'skip',
        maxUrls: CRAWL_DEFAULTS.maxMapLimit,
      }),
      request.sitemap === 'only'
        ? Promise.resolve([])
        : fetchText(request.url, fetchOptions).then((page) => this.linksOf(page)),
    ]);
    return selectMapLinks([...pageLinks, ...site.sitemapUrls], {
      startUrl: request.url,
      includeSubdomains: request.includeSubdomains,
      ignoreQueryParameters: request.ignoreQueryParameters,
      search: request.search,
      limit: request.limit,
    });
  }

  private async linksOf(page: FetchedText): Promise<string[]> {
    if (!/html/i.test(page.contentType)) return [];
    const output = await this.pool.convert({
      html: page.body,
      url: page.url,
      contentType: page.contentType,
      formats: ['links'],
      onlyMainContent: false,
      removeBase64Images: true,
    });
    return output.links ?? [];
  }

  async onApplicationShutdown() {
    await this.pool.close();
  }
}
