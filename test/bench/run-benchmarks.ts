import { benchBrowserCpu } from './browser-cpu.bench.js';
import { benchCacheHits } from './cache-hit.bench.js';
import { benchConcurrencyQueue } from './concurrency-queue.bench.js';
import { benchContentPool } from './content-pool.bench.js';
import { benchCrawl } from './crawl.bench.js';
import { benchCrawlState } from './crawl-state.bench.js';
import { benchEventStore } from './event-store.bench.js';
import { benchLargePages } from './large-pages.bench.js';
import { benchLazyContent } from './lazy-content.bench.js';
import { benchLongRunMemory } from './long-run-memory.bench.js';
import { benchMarkdownThroughput } from './markdown-throughput.bench.js';
import { benchMonitors } from './monitors.bench.js';
import { benchPipelineOverhead } from './pipeline-overhead.bench.js';
import { benchScaleOut } from './scale-out.bench.js';
import { benchScripts } from './scripts.bench.js';
import { benchSearchIndex } from './search-index.bench.js';
import { benchWebhookOutbox } from './webhook-outbox.bench.js';

/** `npm run bench`: prints figures as ratios against a reference measured in the same run. */
const benches: [string, () => Record<string, string> | Promise<Record<string, string>>][] = [
  ['HTML → markdown throughput', benchMarkdownThroughput],
  ['Content pool', benchContentPool],
  ['Large pages', benchLargePages],
  ['Scrape pipeline overhead', benchPipelineOverhead],
  ['Browser CPU per page', benchBrowserCpu],
  ['Scrolling for lazy content', benchLazyContent],
  ['Cache hits', benchCacheHits],
  ['Event store', benchEventStore],
  ['Crawl', benchCrawl],
  ['Concurrency queue', benchConcurrencyQueue],
  ['Crawl state', benchCrawlState],
  ['Monitors', benchMonitors],
  ['Search index', benchSearchIndex],
  ['Browser sessions and scripts', benchScripts],
  ['Webhook outbox', benchWebhookOutbox],
  ['Scale-out', benchScaleOut],
  ['Memory over a long run', benchLongRunMemory],
];
const only = process.argv[2];
for (const [name, bench] of benches) {
  if (only && !name.toLowerCase().includes(only.toLowerCase())) continue;
  console.log(`\n## ${name}`);
  for (const [figure, value] of Object.entries(await bench())) console.log(`${figure.padEnd(40)} ${value}`);
}
