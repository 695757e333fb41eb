/**
 * Markers of bot walls and challenge pages (Cloudflare, Akamai, DataDome, PerimeterX, Imperva,
 * AWS WAF): a page that holds one is the wall, not the site.
 */
const CHALLENGE_MARKERS = [
  /<title>\s*(just a moment\.\.\.|attention required! \| cloudflare|access denied|pardon our interruption)\s*<\/title>/i,
  /cf-browser-verification|challenge-platform|_cf_chl_opt|cf_chl_/i,
  /captcha-delivery\.com|px-captcha|_Incapsula_Resource|awswaf/i,
  /please verify you are a human|checking your browser before accessing/i,
];

/** Statuses a bot wall answers with. */
const BLOCKING_STATUSES = new Set([401, 403, 429]);

/**
 * Whether a fetched page looks like the site refused the fetch rather than served the page:
 * 401/403/429, a challenge page, or an empty body. `auto` retries such a fetch through the
 * enhanced proxy. Documents (a PDF's bytes) are never a wall.
 */
export function looksBlocked(page: { statusCode: number; body: string | Uint8Array }): boolean {
  if (BLOCKING_STATUSES.has(page.statusCode)) return true;
  if (typeof page.body !== 'string') return false;
  if (CHALLENGE_MARKERS.some((marker) => marker.test(page.body as string))) return true;
  return isEmptyPage(page.body);
}

/** No text and no media once scripts, styles and tags are gone. */
function isEmptyPage(body: string): boolean {
  if (/<(img|video|audio|iframe|canvas|svg|object|embed)\b/i.test(body)) return false;
  const text = body
    .replace(/<(script|style|noscript|template)\b[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim();
  return text.length === 0;
}
