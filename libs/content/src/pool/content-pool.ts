import type { ResourceLimits } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { MarkdownComparison } from '../change-tracking/compare-markdown.js';
import type { PageInput, PageOutput } from '../types.js';

/**
 * Each worker's heap: a young generation of 128 MB. A page's conversion allocates ~16 MB, nearly all
 * of it dead once the page is written (its parsed trees); in V8's default young generation (48 and
 * 64 MB measured the same) scavenges run in mid-conversion and copy, then promote, the live tree.
 * Converting the WCXB pages took 0.87–0.89 of the time (`npm run bench "content pool"`; two busy
 * threads 0.80–0.91), for 100–270 MiB more resident memory.
 */
const CONVERSION_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 128 };

/** A worker-thread pool sized to the cores for the CPU-heavy content work. */
export class ContentPool {
  private readonly pool: Piscina;

  /** `resourceLimits` of each worker: `{}` gives V8's defaults (the bench's reference). */
  constructor(threads: number, resourceLimits: ResourceLimits = CONVERSION_LIMITS) {
    this.pool = new Piscina({
      filename: new URL('./convert-page.worker.js', import.meta.url).href,
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
      resourceLimits,
    });
  }

  convert(input: PageInput): Promise<PageOutput> {
    return this.pool.run(input);
  }

  compare(previous: string, current: string): Promise<MarkdownComparison> {
    return this.pool.run({ previous, current }, { name: 'compare' });
  }

  /** For /health: the pool answers if a trivial page converts. */
  async probe(): Promise<{ threads: number; queued: number }> {
    await this.convert({
      html: '<p>ok</p>',
      url: 'http://health.invalid/',
      formats: ['markdown'],
      onlyMainContent: false,
      removeBase64Images: true,
    });
    return { threads: this.pool.threads.length, queued: this.pool.queueSize };
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
