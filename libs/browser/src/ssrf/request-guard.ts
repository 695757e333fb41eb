import type { BrowserContext, Page, Request } from 'playwright-core';
import type { PrivateAddressAllowance } from '#config';
import { assertPublicUrl } from './address-guard.js';

/** What the guard refused during one scrape, so a failed navigation can say why. */
export interface RequestGuard {
  readonly blockedUrls: readonly string[];
  /**
   * Blocked URLs the page itself was sent to after it loaded (a meta refresh, a script, a click, or
   * their redirects): the page then shows Chromium's error page, not the site.
   */
  readonly blockedNavigations: readonly string[];
}

/**
 * Keeps everything a scrape's page loads off private addresses, after the pre-flight check of the
 * page URL: sub-resources, frames, WebSockets and every redirect hop.
 *
 * - Playwright's routes see each request but never its redirect hops, so a CDP `Fetch` session on
 *   the page pauses those hops too. It covers iframes only while they share the page's process:
 *   the pool launches Chromium with `--disable-site-isolation-trials` for that reason.
 * - Popups would escape the page's CDP session: `window.open` is disabled, any other page is
 *   closed as it opens and its requests are refused. A scrape never reads them anyway. Service
 *   workers are blocked in the context options for the same reason.
 *
 * Not covered: DNS rebinding (a host that resolves to a public address here and to a private one
 * when Chromium connects moments later).
 */
export async function guardPrivateAddresses(
  context: BrowserContext,
  page: Page,
  allowance: PrivateAddressAllowance,
): Promise<RequestGuard> {
  const blockedUrls: string[] = [];
  const blockedNavigations: string[] = [];
  const isPublic = publicHostVerdicts(allowance);
  const allow = async (url: string, mainFrameNavigation: boolean) => {
    if (await isPublic(url)) return true;
    blockedUrls.push(url);
    if (mainFrameNavigation) blockedNavigations.push(url);
    return false;
  };

  // A scrape reads one page: scripts get no popups, and any other page (a target=_blank click) is
  // closed as it opens, before its redirects could escape the CDP session.
  await context.addInitScript(() => {
    window.open = () => null;
  });
  context.on('page', (other) => {
    if (other !== page) other.close().catch(() => undefined);
  });
  await context.route('**/*', async (route) => {
    const request = route.request();
    const mainFrameNavigation = request.isNavigationRequest() && request.frame() === page.mainFrame();
    if (!fromPage(request, page) || !(await allow(request.url(), mainFrameNavigation))) {
      return route.abort('blockedbyclient');
    }
    return route.fallback();
  });
  await context.routeWebSocket(/.*/, async (socket) => {
    if (await allow(socket.url().replace(/^ws/, 'http'), false)) socket.connectToServer();
    else await socket.close({ code: 1008, reason: 'Private addresses are not allowed' });
  });

  const cdp = await context.newCDPSession(page);
  const mainFrameId = (await cdp.send('Page.getFrameTree')).frameTree.frame.id;
  cdp.on(
    'Fetch.requestPaused',
    async ({ requestId, request, redirectedRequestId, resourceType, frameId }) => {
      // First hops were already checked by the route above; only redirects need a verdict here.
      const allowed =
        redirectedRequestId === undefined ||
        (await allow(request.url, resourceType === 'Document' && frameId === mainFrameId));
      await cdp
        .send(
          allowed ? 'Fetch.continueRequest' : 'Fetch.failRequest',
          allowed ? { requestId } : { requestId, errorReason: 'BlockedByClient' },
        )
        // The page may close while a verdict is pending; the request is gone with it.
        .catch(() => undefined);
    },
  );
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  return { blockedUrls, blockedNavigations };
}

/** One DNS verdict per host and scrape: a page asks for the same hosts many times. */
function publicHostVerdicts(allowance: PrivateAddressAllowance): (url: string) => Promise<boolean> {
  const verdicts = new Map<string, Promise<boolean>>();
  return (url) => {
    const parsed = new URL(url);
    // data:, blob: and the like never leave the browser.
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return Promise.resolve(true);
    let verdict = verdicts.get(parsed.host);
    if (!verdict) {
      verdict = assertPublicUrl(url, allowance).then(
        () => true,
        () => false,
      );
      verdicts.set(parsed.host, verdict);
    }
    return verdict;
  };
}

/** Playwright cannot name the frame of a popup's first request: that counts as another page. */
function fromPage(request: Request, page: Page): boolean {
  try {
    return request.frame().page() === page;
  } catch {
    return false;
  }
}
