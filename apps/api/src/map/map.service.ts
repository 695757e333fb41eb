import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { ContentPool } from '#content';
import { CRAWL_DEFAULTS, type NatsNames, type ValidMapRequest } from '#contracts';
import { canonicalCrawlUrl, proxyAttempts, selectMapLinks, similarUrlKey } from '#domain';
import { NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { SearchIndex } from '#search';
import { discoverSite, type FetchedText, fetchText } from '#site-discovery';

/** One URL of a map, with the title and description of its page when the team has scraped it. */
export interface MapLink {
  url: string;
  title?: string;
  description?: string;
}

/**
 * Fast URL discovery without scraping: the start page's links (one plain HTTP GET, no browser),
 * every sitemap the site declares, and the site's pages the team scraped before (its search
 * index), as Firecrawl adds the pages its index holds. The page is parsed in a worker thread, as
 * scrapes are, with the same link rules (`<base href>`, fragments dropped).
 */
@Injectable()
export class MapService implements OnApplicationShutdown {
  private readonly pool = new ContentPool(1);
  private readonly index: SearchIndex;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
  ) {
    this.index = new SearchIndex(nc, names);
  }

  async map(teamId: string, request: ValidMapRequest): Promise<MapLink[]> {
    const fetchOptions = {
      allowedPrivateAddresses: this.config.allowedPrivateAddresses,
      timeoutMs: request.timeout,
      userAgent: CRAWL_DEFAULTS.robotsUserAgent,
      // Map fetches like a basic scrape: through the basic pool when the operator has one.
      proxy: proxyAttempts(this.config.proxies, { proxy: 'basic' }, request.url)[0]?.proxy,
    };
    const [site, pageLinks, scraped] = await Promise.all([
      discoverSite(request.url, {
        ...fetchOptions,
        sitemaps: request.sitemap !== 'skip',
        maxUrls: CRAWL_DEFAULTS.maxMapLimit,
      }),
      request.sitemap === 'only'
        ? Promise.resolve([])
        : fetchText(request.url, fetchOptions).then((page) => this.linksOf(page)),
      this.index.pages(teamId),
    ]);
    // Pages scraped before are known by their canonical address, as the map's own are compared.
    const key = (url: string) => {
      const canonical = canonicalCrawlUrl(url, { ignoreQueryParameters: request.ignoreQueryParameters });
      return canonical ? similarUrlKey(canonical) : url;
    };
    const known = new Map(scraped.map((page) => [key(page.url), page]));
    const titles = new Map([...known].map(([url, page]) => [url, page.title]));
    const urls = selectMapLinks(
      [
        ...pageLinks,
        ...site.sitemapUrls,
        ...(request.sitemap === 'only' ? [] : scraped.map((page) => page.url)),
      ],
      {
        startUrl: request.url,
        includeSubdomains: request.includeSubdomains,
        ignoreQueryParameters: request.ignoreQueryParameters,
        filterByPath: request.filterByPath,
        search: request.search,
        limit: request.limit,
        titles,
      },
    );
    return urls.map((url) => {
      const page = known.get(key(url));
      return {
        url,
        ...(page?.title ? { title: page.title } : {}),
        ...(page?.description ? { description: page.description } : {}),
      };
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
