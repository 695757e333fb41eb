import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { CRAWL_DEFAULTS, type ValidMapRequest } from '#contracts';
import { selectMapLinks } from '#domain';
import { discoverSite, fetchText, linksOfHtml } from '#site-discovery';

/**
 * Fast URL discovery without scraping: the start page's links (one plain HTTP GET, no browser)
 * and every sitemap the site declares.
 */
@Injectable()
export class MapService {
  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {}

  async map(request: ValidMapRequest): Promise<string[]> {
    const fetchOptions = {
      allowPrivateAddresses: this.config.allowPrivateAddresses,
      timeoutMs: request.timeout,
      userAgent: CRAWL_DEFAULTS.robotsUserAgent,
    };
    const [site, pageLinks] = await Promise.all([
      discoverSite(request.url, {
        ...fetchOptions,
        sitemaps: request.sitemap !== 'skip',
        maxUrls: CRAWL_DEFAULTS.maxMapLimit,
      }),
      request.sitemap === 'only'
        ? Promise.resolve([])
        : fetchText(request.url, fetchOptions).then((page) =>
            /html/i.test(page.contentType) ? linksOfHtml(page.body, page.url) : [],
          ),
    ]);
    return selectMapLinks([...pageLinks, ...site.sitemapUrls], {
      startUrl: request.url,
      includeSubdomains: request.includeSubdomains,
      ignoreQueryParameters: request.ignoreQueryParameters,
      search: request.search,
      limit: request.limit,
    });
  }
}
