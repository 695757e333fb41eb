import { baseDomain } from './crawl-url.js';

/** Which URLs a crawl may visit, from the crawl options and its start URL. */
export interface CrawlScope {
  startUrl: string;
  includePaths: string[];
  excludePaths: string[];
  /** Match include/exclude patterns against the whole URL instead of the path. */
  regexOnFullURL: boolean;
  /** Follow links to sibling and parent paths, not only below the start URL's path. */
  crawlEntireDomain: boolean;
  allowSubdomains: boolean;
  allowExternalLinks: boolean;
}

export type ScopeVerdict =
  | { admit: true }
  | { admit: false; reason: 'external' | 'outside-start-path' | 'excluded' | 'not-included' };

/** Pure: may the crawl visit `url` (canonical)? The start URL itself is checked by robots only. */
export function scopeVerdict(url: string, scope: CrawlScope): ScopeVerdict {
  const target = new URL(url);
  const start = new URL(scope.startUrl);
  const sameHost = target.host === start.host;
  const subdomain =
    !sameHost &&
    target.port === start.port &&
    (target.hostname === baseDomain(start.hostname) ||
      target.hostname.endsWith(`.${baseDomain(start.hostname)}`));
  if (!sameHost && !(scope.allowSubdomains && subdomain) && !scope.allowExternalLinks) {
    return { admit: false, reason: 'external' };
  }
  if (sameHost && !scope.crawlEntireDomain && !isBelow(target.pathname, start.pathname)) {
    return { admit: false, reason: 'outside-start-path' };
  }
  const subject = scope.regexOnFullURL ? url : target.pathname;
  if (scope.excludePaths.some((pattern) => new RegExp(pattern).test(subject))) {
    return { admit: false, reason: 'excluded' };
  }
  if (
    scope.includePaths.length > 0 &&
    !scope.includePaths.some((pattern) => new RegExp(pattern).test(subject))
  ) {
    return { admit: false, reason: 'not-included' };
  }
  return { admit: true };
}

/**
 * `/blog` holds `/blog` and `/blog/…`, not `/blog-archive`, nor its siblings (`/docs/a` does not hold
 * `/docs/b`) or parents: as in Firecrawl, only children unless the entire domain is crawled.
 */
function isBelow(pathname: string, startPath: string): boolean {
  const folder = startPath.endsWith('/') ? startPath : `${startPath}/`;
  return pathname === startPath || pathname.startsWith(folder);
}
