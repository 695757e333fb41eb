/**
 * URL identity for crawling: the form a URL is fetched and recorded under, and the looser key
 * under which two URLs count as "the same page" when similar URLs are deduplicated.
 */

/** Absolute http(s) URL without fragment, lower-case host, no default port; optionally without query. */
export function canonicalCrawlUrl(
  raw: string,
  options: { base?: string; ignoreQueryParameters?: boolean } = {},
): string | undefined {
  let url: URL;
  try {
    url = new URL(raw, options.base);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!url.hostname) return undefined;
  url.hash = '';
  if (options.ignoreQueryParameters) url.search = '';
  // WHATWG URL already lower-cases the host and drops default ports.
  return url.href;
}

/**
 * Key of a page regardless of scheme, `www.`, a trailing slash or an index file: `http://www.a.test/x/`
 * and `https://a.test/x/index.html` are one page. Query order does not matter either.
 */
export function similarUrlKey(canonical: string): string {
  const url = new URL(canonical);
  const host = url.hostname.replace(/^www\./, '');
  const path = url.pathname.replace(/\/index\.(html?|php|aspx?)$/i, '/').replace(/\/+$/, '') || '/';
  const params = [...url.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  return `${host}${url.port ? `:${url.port}` : ''}${path}${query}`;
}

/** The registrable part used for `allowSubdomains`: the last two labels (`blog.a.test` → `a.test`). */
export function baseDomain(hostname: string): string {
  if (/^[\d.]+$/.test(hostname) || hostname.includes(':')) return hostname;
  return hostname.split('.').slice(-2).join('.');
}
