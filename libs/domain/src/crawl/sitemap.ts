/**
 * A sitemap (sitemaps.org): either a `<urlset>` of page `<loc>`s or a `<sitemapindex>` of further
 * sitemaps. Parsed with a tolerant scan of `<loc>` elements, as real sitemaps are often sloppy XML.
 */
export interface ParsedSitemap {
  pages: string[];
  sitemaps: string[];
}

export function parseSitemap(xml: string): ParsedSitemap {
  const locs = [...xml.matchAll(/<loc>\s*(?:<!\[CDATA\[)?\s*([^<\]]+?)\s*(?:\]\]>)?\s*<\/loc>/gi)].map(
    (match) => decodeXmlEntities(match[1]),
  );
  return /<sitemapindex[\s>]/i.test(xml) ? { pages: [], sitemaps: locs } : { pages: locs, sitemaps: [] };
}

function decodeXmlEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&amp;/g, '&');
}
