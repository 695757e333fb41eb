import type { Page, Request } from 'playwright-core';

const QUIET_MS = 500;

/**
 * Waits until the page has had no request in flight for 500 ms (so content that scripts fetch
 * after `load` is there), or `maxMs` passes. Unlike Playwright's `networkidle`, long-polling or
 * streaming pages cannot hold the scrape until its timeout.
 */
export async function waitForQuietNetwork(page: Page, maxMs: number): Promise<void> {
  const inFlight = new Set<Request>();
  let quietSince = Date.now();
  const started = (request: Request) => inFlight.add(request);
  const finished = (request: Request) => {
    inFlight.delete(request);
    if (inFlight.size === 0) quietSince = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', finished);
  page.on('requestfailed', finished);
  try {
    const deadline = Date.now() + maxMs;
    // Give scripts that run on load a moment to start their requests.
    await page.waitForTimeout(50);
    while (Date.now() < deadline) {
      if (inFlight.size === 0 && Date.now() - quietSince >= QUIET_MS) return;
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', finished);
    page.off('requestfailed', finished);
  }
}
