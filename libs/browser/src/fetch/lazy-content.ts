import type { Page, Request } from 'playwright-core';
import { waitForQuietNetwork } from './quiet-network.js';

/** How far down a page is scrolled, in viewports: a feed that grows as it scrolls is not followed forever. */
const MAX_VIEWPORTS = 20;

/**
 * Requests of the page itself whose answers can add text: images, fonts and styles only show what
 * is there, and embeds (a video player, an ad) loading in their frames add none to the page.
 */
const FETCHES_CONTENT = new Set(['fetch', 'xhr', 'script']);

/**
 * Scrolls once through the page, a viewport at a time, and back, so that what the page loads
 * only as a reader scrolls to it (sections and images behind an IntersectionObserver,
 * `loading="lazy"` images) is there when the page is read; then, if that scrolling fetched data
 * or scripts, waits for them to arrive. A page whose document does not scroll is scrolled in its
 * largest scrolling element (app shells that scroll a `<div>`). A page no taller than its
 * viewport is left alone; one opened further down (an address with a `#fragment`) is scrolled
 * back there.
 */
export async function revealLazyContent(page: Page, maxMs: number): Promise<void> {
  let requested = 0;
  const started = (request: Request) => {
    if (FETCHES_CONTENT.has(request.resourceType()) && isOfFrame(request, page)) requested++;
  };
  page.on('request', started);
  try {
    // A page that navigates as it is scrolled loses the script scrolling it: it is read as it stands.
    await page.evaluate(scrollThrough, { maxMs, maxViewports: MAX_VIEWPORTS }).catch(() => undefined);
  } finally {
    page.off('request', started);
  }
  if (requested > 0) await waitForQuietNetwork(page, maxMs);
}

/** Whether the page's own frame made the request (a service worker's has no frame: Playwright throws). */
function isOfFrame(request: Request, page: Page): boolean {
  try {
    return request.frame() === page.mainFrame();
  } catch {
    return false;
  }
}

/** Runs in the page. */
async function scrollThrough({
  maxMs,
  maxViewports,
}: {
  maxMs: number;
  maxViewports: number;
}): Promise<void> {
  const deadline = performance.now() + maxMs;
  // Hidden tabs pause animation frames, hence the timer.
  const nextFrame = () =>
    new Promise<void>((resolve) => {
      setTimeout(resolve, 100);
      requestAnimationFrame(() => resolve());
    });
  const documentScroller = document.scrollingElement ?? document.documentElement;
  const scrolls = (element: Element) => element.scrollHeight > element.clientHeight + 1;
  const largestScroller = () => {
    let largest: Element | undefined;
    for (const element of document.querySelectorAll('body *')) {
      const overflow = getComputedStyle(element).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && scrolls(element)) {
        if (!largest || element.scrollHeight > largest.scrollHeight) largest = element;
      }
    }
    return largest;
  };
  const scroller = scrolls(documentScroller) ? documentScroller : largestScroller();
  if (!scroller) return;
  const start = scroller.scrollTop;
  const step = scroller === documentScroller ? window.innerHeight : scroller.clientHeight;
  // One viewport a frame: each rendering sees the next part of the page, which is what fires
  // intersection observers (their callbacks run between frames).
  for (let viewport = 0; viewport < maxViewports && performance.now() < deadline; viewport++) {
    await nextFrame();
    const bottom = scroller.scrollHeight - scroller.clientHeight;
    if (scroller.scrollTop >= bottom) break;
    scroller.scrollTop = Math.min(scroller.scrollTop + step, bottom);
  }
  // Two more renderings: the last part's observers are notified, and their callbacks have run.
  await nextFrame();
  await nextFrame();
  scroller.scrollTop = start;
}
