import { once } from 'node:events';
import WebSocket from 'ws';
import { startFixtureSite } from '../fixtures/site/fixture-site.js';
import { post } from '../support/scrape-client.js';
import { freePort, startTrawl } from '../support/trawl-process.js';
import { until } from '../support/until.js';
import { descendantsOf } from './process-tree.js';

const WARM_UP_PAGES = 200;
const PAGES = 2_000;
const CONCURRENCY = 4;
/** Fixture pages the pipeline treats differently: prose, a shop, a menu, scripts, a 404, a changing page. */
const PATHS = [
  '/articles/tide-pools',
  '/articles/lighthouse',
  '/shop/trailhead-boot',
  '/menu',
  '/brand',
  '/js-rendered',
  '/lazy-sections',
  '/web-components',
  '/form',
  '/missing',
  '/changing',
  '/outfitters/',
];
const MB = 2 ** 20;

interface MemoryFigures {
  /** The Trawl process's live heap after a full garbage collection (its main thread). */
  liveHeap: number;
  /** Its resident memory: main thread, conversion threads and native buffers. */
  rss: number;
  /** Chromium's processes under it, and their resident memory summed (shared pages counted in each). */
  browserProcesses: number;
  browserRss: number;
}

/** The Node.js inspector of a running process: full garbage collections and memory readings. */
async function inspectorOf(port: number) {
  const firstTarget = async () => {
    const targets = await fetch(`http://127.0.0.1:${port}/json/list`)
      .then((response) => response.json() as Promise<{ webSocketDebuggerUrl: string }[]>)
      .catch(() => []);
    return targets[0];
  };
  const target = await until(firstTarget, `the inspector on port ${port}`, 5_000);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await once(socket, 'open');
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data) => {
    // Replies carry the id of their call; events (none is enabled here) carry none.
    const { id, result } = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (id === undefined) return;
    pending.get(id)?.(result);
    pending.delete(id);
  });
  let lastId = 0;
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      pending.set(++lastId, resolve);
      socket.send(JSON.stringify({ id: lastId, method, params }));
    });
  return {
    async memoryUsage(): Promise<NodeJS.MemoryUsage> {
      await send('HeapProfiler.collectGarbage');
      const evaluated = (await send('Runtime.evaluate', {
        expression: 'JSON.stringify(process.memoryUsage())',
        returnByValue: true,
      })) as { result: { value: string } };
      return JSON.parse(evaluated.result.value) as NodeJS.MemoryUsage;
    },
    close: () => socket.close(),
  };
}

/**
 * Memory over a long run: a Trawl scrapes 2,000 fresh pages (`maxAge: 0`, each address new) after a
 * warm-up of 200, and its live heap, resident memory and Chromium processes are read after the
 * warm-up, halfway and at the end. What a run keeps that it should not shows as ratios that grow
 * with its length; buffers and caches that fill once stay level after the warm-up.
 */
export async function benchLongRunMemory(): Promise<Record<string, string>> {
  const site = await startFixtureSite();
  const inspectorPort = await freePort();
  // The inspector opens on this port only when the process is signalled (SIGUSR1), after start-up.
  const trawl = await startTrawl({
    env: {
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_TEAM: '0',
      NODE_OPTIONS: `--inspect-port=127.0.0.1:${inspectorPort}`,
    },
  });
  const pid = trawl.processOf('standalone')?.pid;
  // Without a pid, kill() would signal the whole process group, this bench included.
  if (pid === undefined) throw new Error('the Trawl process has no pid');
  process.kill(pid, 'SIGUSR1');
  const inspector = await inspectorOf(inspectorPort);
  let scraped = 0;
  const scrapeMore = async (count: number) => {
    const last = scraped + count;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (scraped < last) {
          const index = scraped++;
          const { body } = await post(trawl, '/v2/scrape', {
            url: site.url(`${PATHS[index % PATHS.length]}?visit=${index}`),
            formats: ['markdown', 'links'],
            maxAge: 0,
          });
          if (!body.success) throw new Error(`scrape ${index} failed: ${body.error}`);
        }
      }),
    );
  };
  const measure = async (): Promise<MemoryFigures> => {
    const { heapUsed, rss } = await inspector.memoryUsage();
    // Chromium's own helpers (zygote, GPU, network service) are there from launch; renderers come and go.
    const browser = descendantsOf(pid);
    return {
      liveHeap: heapUsed,
      rss,
      browserProcesses: browser.length,
      browserRss: browser.reduce((sum, child) => sum + child.rssBytes, 0),
    };
  };
  try {
    await scrapeMore(WARM_UP_PAGES);
    const warm = await measure();
    await scrapeMore(PAGES / 2);
    const half = await measure();
    await scrapeMore(PAGES / 2);
    const end = await measure();
    const row = (name: keyof MemoryFigures, unit: number, digits: number) => {
      const value = (figures: MemoryFigures) => (figures[name] / unit).toFixed(digits);
      return `${value(warm)} / ${value(half)} / ${value(end)}: ${(end[name] / warm[name]).toFixed(2)}×`;
    };
    const pages = `${WARM_UP_PAGES} / ${WARM_UP_PAGES + PAGES / 2} / ${WARM_UP_PAGES + PAGES}`;
    return {
      'after pages': pages,
      'live heap MB (end / warm-up)': row('liveHeap', MB, 0),
      'resident MB': row('rss', MB, 0),
      'Chromium processes': row('browserProcesses', 1, 0),
      'Chromium resident MB (summed)': row('browserRss', MB, 0),
    };
  } finally {
    inspector.close();
    await trawl.stop();
    await site.close();
  }
}
