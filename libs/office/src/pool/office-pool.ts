import { Piscina } from 'piscina';
import { OfficeError } from '../office-error.js';
import type { OfficeTaskResult, OfficeType } from './office.worker.js';

/** Office documents to HTML in worker threads, off the event loop (no thread until the first document). */
export class OfficePool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    this.pool = new Piscina({
      filename: new URL('./office.worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, threads),
      idleTimeout: 30_000,
    });
  }

  async toHtml(type: OfficeType, bytes: Uint8Array): Promise<string> {
    const result: OfficeTaskResult = await this.pool.run({ type, bytes });
    if ('failure' in result) throw new OfficeError(result.failure.code, result.failure.message);
    return result.html;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
