import type { Page, Response } from 'playwright-core';

/** Where the HTML standard's prescan looks for a `<meta>` charset: the first 1024 bytes. */
const PRESCAN_BYTES = 1024;
const META_CHARSET = /<meta[^>]+(?:charset\s*=|http-equiv\s*=\s*["']?content-type)/i;
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const declaresCharset = (contentType: string) => /charset\s*=/i.test(contentType);

/**
 * Whether an HTML body that declares no charset (none in its content type, no `<meta>`, no byte
 * order mark) is UTF-8: it holds non-ASCII bytes, and they all form valid UTF-8 sequences, which
 * text in a legacy single-byte encoding (an `é` as 0xE9 before ASCII) practically never does.
 */
export function isUndeclaredUtf8(contentType: string, body: Uint8Array): boolean {
  if (declaresCharset(contentType)) return false;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return false;
  if (!body.some((byte) => byte >= 0x80)) return false;
  if (META_CHARSET.test(Buffer.from(body.subarray(0, PRESCAN_BYTES)).toString('latin1'))) return false;
  try {
    UTF8.decode(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Chromium reads an HTML page that declares no charset as windows-1252 (its fallback), where desktop
 * browsers guess and today's pages are nearly always UTF-8: `€` turns into `â‚¬`. When the page is
 * such UTF-8, it is loaded again from the bytes already received, now declared UTF-8, so no second
 * request reaches the site. Returns whether it reloaded.
 */
export async function reloadUndeclaredUtf8(
  page: Page,
  response: Response,
  contentType: string,
  timeout: number,
): Promise<boolean> {
  if (declaresCharset(contentType)) return false;
  const characterSet = await page.evaluate(() => document.characterSet).catch(() => 'UTF-8');
  if (characterSet.toUpperCase() === 'UTF-8') return false;
  const body = await response.body().catch(() => undefined);
  if (!body || !isUndeclaredUtf8(contentType, body)) return false;
  const url = page.url();
  await page.route(
    (address) => address.href === url,
    (route) =>
      route.request().isNavigationRequest()
        ? route.fulfill({
            status: response.status(),
            contentType: 'text/html; charset=utf-8',
            body,
          })
        : route.fallback(),
    { times: 1 },
  );
  await page.goto(url, { waitUntil: 'load', timeout });
  return true;
}
