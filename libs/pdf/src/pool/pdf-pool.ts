import { Piscina } from 'piscina';
import type { ParsedPdf, PdfParseOptions } from '../parse-pdf.js';
import { PdfError } from '../pdf-error.js';
import type { PdfTaskResult } from './parse-pdf.worker.js';

/** PDF parsing (pdf.js layout analysis, OCR orchestration) in worker threads, off the event loop. */
export class PdfPool {
  private readonly pool: Piscina;

  constructor(threads: number) {
    this.pool = new Piscina({
      filename: new URL('./parse-pdf.worker.js', import.meta.url).href,
      minThreads: 0,
      maxThreads: Math.max(1, threads),
      idleTimeout: 30_000,
    });
  }

  async parse(bytes: Uint8Array, options: PdfParseOptions): Promise<ParsedPdf> {
    const result: PdfTaskResult = await this.pool.run({ bytes, options });
    if ('failure' in result) throw new PdfError(result.failure.code, result.failure.message);
    return result.parsed;
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
