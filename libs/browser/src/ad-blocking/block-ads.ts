import type { BrowserContext, Request } from 'playwright-core';
import type { AdBlocker } from './ad-blocker.js';

/** Aborts the requests `blocker` names, except the page's own top-level navigation. */
export async function blockAds(context: BrowserContext, blocker: AdBlocker, pageUrl: string): Promise<void> {
  await context.route('**/*', (route) => {
    const request = route.request();
    if (
      !isTopLevelNavigation(request) &&
      blocker.shouldBlock(request.url(), request.resourceType(), pageUrl)
    ) {
      return route.abort('blockedbyclient');
    }
    return route.fallback();
  });
}

function isTopLevelNavigation(request: Request): boolean {
  try {
    return request.isNavigationRequest() && request.frame().parentFrame() === null;
  } catch {
    // A popup's first request has no frame yet: it is not the scraped page.
    return false;
  }
}
