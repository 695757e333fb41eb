import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '#browser';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { type RunningTrawl, startTrawl } from '../support/trawl-process.js';

const PATHS = ['/articles/tide-pools', '/js-rendered', '/cp1252', '/missing', '/probe'];
const ROUNDS = 4;
/** Scrapes per throughput figure: fewer left the rate within ±15 % from run to run. */
const THROUGHPUT_SCRAPES = 40;

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = process.hrtime.bigint();
  await work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/**
 * `/v2/scrape` of fixture pages against a bare Playwright goto + content() of the same pages
 * (fresh context each, as Trawl does), then scrapes per second at several concurrencies, and at
 * concurrency 4 against a Trawl that keeps no page open for interact (`INTERACT_MAX_SESSIONS=0`).
 */
export async function benchPipelineOverhead(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const trawl = await startTrawl({ env: { BROWSER_CONCURRENCY: '8', LOG_LEVEL: 'warn' } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const scrape = async (on: RunningTrawl, path: string) => {
    const response = await fetch(`${on.baseUrl}/v2/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${on.apiKey}` },
      // maxAge 0: every scrape renders the page; a cache hit would measure the cache, not the pipeline.
      body: JSON.stringify({ url: site.url(path), formats: ['markdown'], maxAge: 0 }),
    });
    if (response.status !== 200) throw new Error(`scrape of ${path} answered ${response.status}`);
    await response.json();
  };
  const scrapesPerSecond = async (on: RunningTrawl, concurrency: number) => {
    let next = 0;
    const elapsed = await timed(() =>
      Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < THROUGHPUT_SCRAPES) await scrape(on, PATHS[next++ % PATHS.length] as string);
        }),
      ),
    );
    return THROUGHPUT_SCRAPES / (elapsed / 1000);
  };
  try {
    const bare = async (path: string) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(site.url(path), { waitUntil: 'networkidle' });
      await page.content();
      await context.close();
    };
    for (const path of PATHS) {
      await bare(path);
      await scrape(trawl, path);
    }
    let bareMs = 0;
    let trawlMs = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const path of PATHS) {
        bareMs += await timed(() => bare(path));
        trawlMs += await timed(() => scrape(trawl, path));
      }
    }
    const figures: Record<string, string> = {
      'bare playwright ms/page': (bareMs / (ROUNDS * PATHS.length)).toFixed(1),
      'trawl /v2/scrape ms/page': (trawlMs / (ROUNDS * PATHS.length)).toFixed(1),
      'trawl / bare': `${(trawlMs / bareMs).toFixed(2)}×`,
    };
    const rates = new Map<number, number>();
    for (const concurrency of [1, 4, 8]) {
      rates.set(concurrency, await scrapesPerSecond(trawl, concurrency));
      figures[`scrapes/s at concurrency ${concurrency}`] = (rates.get(concurrency) as number).toFixed(2);
    }
    // Pages kept for interact stay open in Chromium (a renderer each): what that costs under load.
    const keepingNone = await startTrawl({
      env: { BROWSER_CONCURRENCY: '8', LOG_LEVEL: 'warn', INTERACT_MAX_SESSIONS: '0' },
    });
    try {
      for (const path of PATHS) await scrape(keepingNone, path);
      const rate = await scrapesPerSecond(keepingNone, 4);
      figures['scrapes/s at concurrency 4, no kept pages'] = rate.toFixed(2);
      figures['kept pages / none, at concurrency 4'] = `${((rates.get(4) as number) / rate).toFixed(2)}×`;
    } finally {
      await keepingNone.stop();
    }
    return figures;
  } finally {
    await browser.close();
    await trawl.stop();
    await site.close();
  }
}
