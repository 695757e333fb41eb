import { Piscina } from 'piscina';
import { OfficeError } from '../office-error.js';
import type { OfficeTaskResult, OfficeType } from './office.worker.js';

/** A worker's heap: an office file is a ZIP, and one that unpacks past this (a ZIP bomb) fails alone. */
const WORKER_HEAP_MB = 1_024;

/** Office documents to HTML in worker threads, off the event loop (no thread until the first document). */
export class OfficePool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    this.pool = new Piscina({
      filename: new URL('./office.worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, threads),
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
  }

  async toHtml(type: OfficeType, bytes: Uint8Array): Promise<string> {
    const result: OfficeTaskResult = await this.pool
      .run({ type, bytes })
      .catch((error: { code?: string }) => {
        if (error.code !== 'ERR_WORKER_OUT_OF_MEMORY') throw error;
        throw new OfficeError(
          'SCRAPE_DOCUMENT_INVALID',
          `The document unpacks to more than ${WORKER_HEAP_MB} MB of memory and was not read`,
        );
      });
    if ('failure' in result) throw new OfficeError(result.failure.code, result.failure.message);
    return result.html;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
