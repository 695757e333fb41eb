import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '#browser';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { startTrawl } from '../support/trawl-process.js';

const PATHS = ['/articles/tide-pools', '/js-rendered', '/cp1252', '/missing', '/probe'];
const ROUNDS = 4;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * `/v2/scrape` of fixture pages against a bare Playwright goto + content() of the same pages
 * (fresh context each, as Trawl does), then scrapes per second at several concurrencies.
 */
export async function benchPipelineOverhead(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({ env: { BROWSER_CONCURRENCY: '8', LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const bare = async (path: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(site.url(path), { waitUntil: 'networkidle' });
      await page.content();
      await context.close();
    };
    const scrape = async (path: string) => {
      const response = await fetch(`${trawl.baseUrl}/v2/scrape`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${trawl.apiKey}` },
        // maxAge 0: every scrape renders the page; a cache hit would measure the cache, not the pipeline.
        body: JSON.stringify({ url: site.url(path), formats: ['markdown'], maxAge: 0 }),
      });
      if (response.status !== 200) throw new Error(`scrape of ${path} answered ${response.status}`);
      await response.json();
    };
    for (const path of PATHS) {
      await bare(path);
      await scrape(path);
    }
    let bareMs = 0;
    let trawlMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PATHS) {
        bareMs += await timed(() => bare(path));
        trawlMs += await timed(() => scrape(path));
      }
    }
    const figures: Record<string, string> = {
      'bare playwright ms/page': (bareMs / (ROUNDS * PATHS.length)).toFixed(1),
      'trawl /v2/scrape ms/page': (trawlMs / (ROUNDS * PATHS.length)).toFixed(1),
      'trawl / bare': `${(trawlMs / bareMs).toFixed(2)}×`,
    };
    for (const concurrency of [1, 4, 8]) {
      const total = concurrency * 4;
      let next = 0;
      const elapsed = await timed(() =>
        Promise.all(
          Array.from({ length: concurrency }, async () => {
            while (next < total) await scrape(PATHS[next++ % PATHS.length] as string);
          }),
        ),
      );
      figures[`scrapes/s at concurrency ${concurrency}`] = (total / (elapsed / 1000)).toFixed(2);
    }
    return figures;
  } finally {
    await browser.close();
    await trawl.stop();
    await site.close();
  }
}
