import type { PrivateAddressAllowance, TrawlConfig } from '#config';
import type { CrawlStarted } from '#contracts';
import { proxyAttempts } from '#domain';
import { discoverSite, type SiteDiscovery } from './discover-site.js';

const DISCOVERY_TIMEOUT_MS = 15_000;
/** A sitemap may list more pages than the crawl's limit: robots or scope may still drop some. */
const SITEMAP_URLS_PER_LIMIT = 4;

/** robots.txt and the sitemaps of a crawl's site, read as the crawl's options say, before its pages. */
export function discoverCrawlSite(
  crawl: CrawlStarted['data'],
  config: { allowedPrivateAddresses: PrivateAddressAllowance; proxies: TrawlConfig['proxies'] },
): Promise<SiteDiscovery> {
  const { options } = crawl;
  return discoverSite(crawl.url, {
    allowedPrivateAddresses: config.allowedPrivateAddresses,
    // robots.txt and sitemaps leave through the proxy the crawl's pages take first.
    proxy: proxyAttempts(config.proxies, crawl.scrapeRequest, crawl.crawlId)[0]?.proxy,
    timeoutMs: DISCOVERY_TIMEOUT_MS,
    userAgent: options.robotsUserAgent,
    sitemaps: options.sitemap !== 'skip',
    maxUrls: options.limit * SITEMAP_URLS_PER_LIMIT,
  });
}
