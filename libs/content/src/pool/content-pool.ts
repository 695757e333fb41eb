import { Piscina } from 'piscina';
import type { MarkdownComparison } from '../change-tracking/compare-markdown.js';
import type { PageInput, PageOutput } from '../types.js';

/** A worker-thread pool sized to the cores for the CPU-heavy content work. */
export class ContentPool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    this.pool = new Piscina({
      filename: new URL('./convert-page.worker.js', import.meta.url).href,
      minThreads: 1,
      maxThreads: Math.max(1, threads),
      idleTimeout: 60_000,
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
