import { ContentPool } from '#content';
import { wcxbPages } from './wcxb-pages.js';

/**
 * Pages converted through the content pool as the service converts them (each page a message to a
 * worker thread), with the pool's worker heap settings against V8's defaults: one thread each,
 * every third WCXB page sent to both, which of the two goes first alternating from page to page.
 */
export async function benchContentPool(): Promise<Record<string, string>> {
  const pages = [...wcxbPages({ sample: 3 })].map(({ url, html }) => ({
    url,
    html,
    formats: ['markdown' as const],
    onlyMainContent: true,
    removeBase64Images: true,
  }));
  const pools = [new ContentPool(1), new ContentPool(1, {})];
  const milliseconds = [0, 0];
  try {
    // Both workers compile the conversion code before anything is timed.
    for (const page of pages.slice(0, 20)) for (const pool of pools) await pool.convert(page);
    for (const [index, page] of pages.entries()) {
      for (const which of index % 2 === 0 ? [0, 1] : [1, 0]) {
        const started = process.hrtime.bigint();
        await (pools[which] as ContentPool).convert(page);
        milliseconds[which] += Number(process.hrtime.bigint() - started) / 1e6;
      }
    }
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
  const [tuned = 0, defaults = 0] = milliseconds;
  return {
    pages: String(pages.length),
    'pool as configured (s)': (tuned / 1000).toFixed(1),
    "V8's default heap (s)": (defaults / 1000).toFixed(1),
    'configured / default': `${(tuned / defaults).toFixed(2)}×`,
  };
}
