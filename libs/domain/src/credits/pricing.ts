import type { ChargeBasis, ScrapePremium, ScrapeRequest } from '#contracts';

/** Credits per operation, by the reference service's rules. */
export const CREDIT_PRICES = {
  scrape: 1,
  lockdownHit: 5,
  lockdownMiss: 1,
  /** The enhanced proxy costs this much more than a basic fetch (5 in all for one page). */
  enhancedProxyExtra: 4,
  pdfPage: 1,
  browserMinute: 2,
  /** A json answer makes the page cost this much in all. */
  jsonScrape: 5,
  /** Each of the question, highlights, audio and video formats, and redactPII (per page of a PDF). */
  formatExtra: 4,
  zeroDataRetentionExtra: 1,
} as const;

/** Premiums that add `formatExtra` each. */
const FORMAT_PREMIUMS: readonly ScrapePremium[] = ['question', 'highlights', 'audio', 'video'];

/**
 * What one operation costs, by the reference service's rules. A browser session costs 2 credits
 * per minute it was open. A lockdown miss costs 1 (the cache was searched). A page costs 1 (5
 * with a json answer or from the cache under lockdown), plus 1 for each parsed PDF page after
 * the first, 4 each for the question, highlights, audio and video formats, 4 for redactPII (and 4
 * more per PDF page after the first), 1 for zero data retention, and 4 for the enhanced proxy —
 * `auto` pays that only when its enhanced retry is the fetch that succeeded (then `proxyUsed` says so).
 */
export function operationCost(basis: ChargeBasis): number {
  if (basis.operation === 'browser') return (basis.browserMinutes ?? 0) * CREDIT_PRICES.browserMinute;
  if (basis.lockdown === 'miss') return CREDIT_PRICES.lockdownMiss;
  const premiums = new Set(basis.premiums);
  // json replaces lockdown's surcharge rather than adding to it: 5 either way.
  const base = premiums.has('json')
    ? CREDIT_PRICES.jsonScrape
    : basis.lockdown === 'hit'
      ? CREDIT_PRICES.lockdownHit
      : CREDIT_PRICES.scrape;
  const extraPages = Math.max(0, (basis.pdfPages ?? 1) - 1);
  const formats =
    FORMAT_PREMIUMS.filter((premium) => premiums.has(premium)).length * CREDIT_PRICES.formatExtra;
  const redaction = premiums.has('redactPII') ? CREDIT_PRICES.formatExtra * (1 + extraPages) : 0;
  const retention = premiums.has('zeroDataRetention') ? CREDIT_PRICES.zeroDataRetentionExtra : 0;
  const proxy = basis.proxyUsed === 'enhanced' ? CREDIT_PRICES.enhancedProxyExtra : 0;
  return base + extraPages * CREDIT_PRICES.pdfPage + formats + redaction + retention + proxy;
}

/** What a request pays extra for (lockdown is zero data retention already, priced on its own). */
export function scrapePremiums(
  request: Pick<ScrapeRequest, 'formats' | 'redactPII' | 'zeroDataRetention' | 'lockdown'>,
): ScrapePremium[] {
  const asks = (type: string) => request.formats.some((format) => format.type === type);
  const premiums: ScrapePremium[] = [];
  const jsonChanges = request.formats.some(
    (format) => format.type === 'changeTracking' && format.modes?.includes('json'),
  );
  if (asks('json') || jsonChanges) premiums.push('json');
  if (asks('question') || asks('query')) premiums.push('question');
  for (const premium of ['highlights', 'audio', 'video'] as const) if (asks(premium)) premiums.push(premium);
  if (request.redactPII !== undefined && request.redactPII !== false) premiums.push('redactPII');
  if (request.zeroDataRetention && !request.lockdown) premiums.push('zeroDataRetention');
  return premiums;
}

/** The `premiums` field of a charge basis for `request`, absent when it pays for nothing extra. */
export function premiumsOf(request: Parameters<typeof scrapePremiums>[0]): { premiums?: ScrapePremium[] } {
  const premiums = scrapePremiums(request);
  return premiums.length > 0 ? { premiums } : {};
}

/** What one page with these options costs at least (a PDF's further pages or the enhanced proxy add to it). */
export function pageCredits(request: Parameters<typeof scrapePremiums>[0]): number {
  return operationCost({ operation: 'scrape', ...premiumsOf(request) });
}

/**
 * What a completed scrape is charged for: the page (or each page the pdf parser read), through
 * the proxy that fetched it, with what its request paid extra for. A PDF returned Base64-encoded
 * (`parsers: []`) has no parsed pages: 1 flat.
 */
export function completedScrapeBasis(completed: {
  page: { proxyUsed?: ChargeBasis['proxyUsed'] };
  numPages?: number;
  premiums?: ScrapePremium[];
}): ChargeBasis {
  return {
    operation: 'scrape',
    proxyUsed: completed.page.proxyUsed,
    ...(completed.numPages !== undefined ? { pdfPages: completed.numPages } : {}),
    ...(completed.premiums?.length ? { premiums: completed.premiums } : {}),
  };
}

/** What a browser session open for `durationMs` is charged for: every started minute. */
export function browserSessionBasis(durationMs: number): ChargeBasis {
  return { operation: 'browser', browserMinutes: Math.ceil(Math.max(0, durationMs) / 60_000) };
}
