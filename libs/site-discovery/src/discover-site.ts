import { parseRobotsTxt, parseSitemap } from '#domain';
import { fetchText, type GuardedFetchOptions } from './guarded-fetch.js';

export interface SiteDiscovery {
  /** The robots.txt text, or null when the site answers none (any non-2xx). */
  robotsTxt: string | null;
  /** Page URLs listed by the site's sitemaps, in the order found, without duplicates. */
  sitemapUrls: string[];
}

/** Nested sitemap indexes are followed this many levels deep, and this many files at most. */
const MAX_SITEMAP_DEPTH = 3;
const MAX_SITEMAP_FILES = 50;

/**
 * What a site says about itself before any page is fetched: robots.txt, and the pages of every
 * sitemap that robots.txt names plus `/sitemap.xml`. Missing or broken files count as absent.
 */
export async function discoverSite(
  startUrl: string,
  options: GuardedFetchOptions & { sitemaps: boolean; maxUrls: number },
): Promise<SiteDiscovery> {
  const origin = new URL(startUrl).origin;
  const robots = await fetchText(`${origin}/robots.txt`, { ...options, maxBytes: 512 * 1024 }).catch(
    () => undefined,
  );
  const robotsTxt = robots && robots.status >= 200 && robots.status < 300 ? robots.body : null;
  if (!options.sitemaps) return { robotsTxt, sitemapUrls: [] };
  const pages = new Set<string>();
  const visited = new Set<string>();
  let level = [...(robotsTxt ? parseRobotsTxt(robotsTxt).sitemaps : []), `${origin}/sitemap.xml`];
  for (let depth = 0; depth < MAX_SITEMAP_DEPTH && level.length > 0; depth++) {
    const nested: string[] = [];
    for (const sitemapUrl of level) {
      if (visited.has(sitemapUrl) || visited.size >= MAX_SITEMAP_FILES || pages.size >= options.maxUrls)
        continue;
      visited.add(sitemapUrl);
      const file = await fetchText(sitemapUrl, options).catch(() => undefined);
      if (!file || file.status < 200 || file.status >= 300) continue;
      const parsed = parseSitemap(file.body);
      for (const page of parsed.pages) if (pages.size < options.maxUrls) pages.add(page);
      nested.push(...parsed.sitemaps);
    }
    level = nested;
  }
  return { robotsTxt, sitemapUrls: [...pages] };
}
