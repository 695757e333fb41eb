import type { ChargeBasis } from '#contracts';

/** Credits per operation, by the reference service's rules. */
export const CREDIT_PRICES = {
  scrape: 1,
  lockdownHit: 5,
  lockdownMiss: 1,
  /** The enhanced proxy costs this much more than a basic fetch (5 in all for one page). */
  enhancedProxyExtra: 4,
  pdfPage: 1,
  browserMinute: 2,
} as const;

/**
 * What one operation costs. A browser session costs 2 credits per minute it was open. A lockdown answer is priced on its own (5 on a hit, 1 on a miss);
 * otherwise a page costs 1, a parsed PDF 1 per page, and the enhanced proxy adds 4 — `auto`
 * pays that only when its enhanced retry is the fetch that succeeded (then `proxyUsed` says so).
 */
export function operationCost(basis: ChargeBasis): number {
  if (basis.operation === 'browser') return (basis.browserMinutes ?? 0) * CREDIT_PRICES.browserMinute;
  if (basis.lockdown === 'hit') return CREDIT_PRICES.lockdownHit;
  if (basis.lockdown === 'miss') return CREDIT_PRICES.lockdownMiss;
  const pages =
    basis.pdfPages !== undefined ? Math.max(1, basis.pdfPages) * CREDIT_PRICES.pdfPage : CREDIT_PRICES.scrape;
  const proxy = basis.proxyUsed === 'enhanced' ? CREDIT_PRICES.enhancedProxyExtra : 0;
  return pages + proxy;
}

/**
 * What a completed scrape is charged for: the page (or each page the pdf parser read), through
 * the proxy that fetched it. A PDF returned Base64-encoded (`parsers: []`) has no parsed pages: 1 flat.
 */
export function completedScrapeBasis(completed: {
  page: { proxyUsed?: ChargeBasis['proxyUsed'] };
  numPages?: number;
}): ChargeBasis {
  return {
    operation: 'scrape',
    proxyUsed: completed.page.proxyUsed,
    ...(completed.numPages !== undefined ? { pdfPages: completed.numPages } : {}),
  };
}

/** What a browser session open for `durationMs` is charged for: every started minute. */
export function browserSessionBasis(durationMs: number): ChargeBasis {
  return { operation: 'browser', browserMinutes: Math.ceil(Math.max(0, durationMs) / 60_000) };
}
