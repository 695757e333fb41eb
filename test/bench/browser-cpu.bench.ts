import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '#browser';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { descendantsOf } from './process-tree.js';

const PAGES = 10;

/** CPU seconds this process's descendants have used so far (Chromium, and the renderers it reaped). */
const descendantsCpuSeconds = () =>
  descendantsOf(process.pid).reduce((sum, child) => sum + child.cpuSeconds, 0);

/**
 * Chromium's CPU per page read (fresh context, `goto` + `content()`, as a scrape does) with Trawl's
 * launch flags against the same flags with Playwright's own `--disable-features` instead of Trawl's,
 * which also keeps Chromium from loading its address bar's popup in a renderer of its own beside
 * every page.
 */
export async function benchBrowserCpu(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const cpuPerPage = async (args: string[]) => {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args,
    });
    try {
      const read = async () => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.goto(site.url('/articles/tide-pools'), { waitUntil: 'load' });
        await page.content();
        await context.close();
      };
      await read();
      const before = descendantsCpuSeconds();
      for (let index = 0; index < PAGES; index++) await read();
      return (descendantsCpuSeconds() - before) / PAGES;
    } finally {
      await browser.close();
    }
  };
  try {
    const trawl = await cpuPerPage(CHROMIUM_ARGS);
    // Without Trawl's switch, Chromium runs with the one Playwright passes.
    const playwrights = await cpuPerPage(
      CHROMIUM_ARGS.filter((arg) => !arg.startsWith('--disable-features=')),
    );
    return {
      "CPU s per page: Trawl's / Playwright's features": `${trawl.toFixed(2)} / ${playwrights.toFixed(2)}`,
      "Trawl's / Playwright's": `${(trawl / playwrights).toFixed(2)}×`,
    };
  } finally {
    await site.close();
  }
}
