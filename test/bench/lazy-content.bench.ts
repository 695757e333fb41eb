import { chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, revealLazyContent } from '#browser';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';

const ROUNDS = 5;

/** A static article about 30 viewports tall, with nothing loaded lazily: the scroll's pure cost. */
const LONG_ARTICLE = `<!doctype html><html><head><title>Long</title></head><body><main><h1>Long article</h1>${Array.from(
  { length: 600 },
  (_, index) => `<p>Paragraph ${index} of a long article about the harbour, its boats and its people.</p>`,
).join('')}</main></body></html>`;

/**
 * What scrolling through a page for lazily loaded content (`revealLazyContent`) adds to reading
 * it: load + read with the scroll against load + read without, in the same browser, on a short
 * page and on a long static one (where the scroll stops at its cap of 20 viewports).
 */
export async function benchLazyContent(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  site.serve('/long-article', 'text/html', Buffer.from(LONG_ARTICLE));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const read = async (path: string, scroll: boolean) => {
    const context = await browser.newContext();
    const page: Page = await context.newPage();
    const started = process.hrtime.bigint();
    await page.goto(site.url(path), { waitUntil: 'load' });
    if (scroll) await revealLazyContent(page, 3_000);
    await page.content();
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    await context.close();
    return ms;
  };
  try {
    const figures: Record<string, string> = {};
    for (const [name, path] of [
      ['short page', '/articles/tide-pools'],
      ['long page', '/long-article'],
    ] as const) {
      await read(path, true);
      let plain = 0;
      let scrolled = 0;
      for (let round = 0; round < ROUNDS; round++) {
        plain += await read(path, false);
        scrolled += await read(path, true);
      }
      figures[`${name}: ms without / with scroll`] =
        `${(plain / ROUNDS).toFixed(0)} / ${(scrolled / ROUNDS).toFixed(0)}`;
      figures[`${name}: with / without`] = `${(scrolled / plain).toFixed(2)}×`;
    }
    return figures;
  } finally {
    await browser.close();
    await site.close();
  }
}
