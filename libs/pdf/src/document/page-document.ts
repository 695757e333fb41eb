import {
  buildDocument,
  type ContentPool,
  localPartOf,
  pageInputOf,
  refineWithModel,
  type ScrapeDocument,
} from '#content';
import type { FetchedPage, ScrapeRequest } from '#contracts';
import type { LlmPort } from '#llm';
import type { PdfPool } from '../pool/pdf-pool.js';
import { pdfDocument, pdfOutput } from './pdf-document.js';

/** The worker pools a page's conversion runs in: PDFs are parsed in one, markup is converted in the other. */
export interface ConversionPools {
  pdf: PdfPool;
  content: ContentPool;
}

export interface PageDocument {
  document: ScrapeDocument;
  /** The extraction change tracking's `json` mode compares, when the request asked for it. */
  changeTrackingJson?: unknown;
}

/**
 * A page's body → its Firecrawl document. A PDF is parsed (local results only); markup is
 * converted in the pool and then refined by the model when one is configured. Model calls are
 * I/O, not CPU: they run here, after the pool, and end when `modelDeadline()` aborts.
 */
export async function documentOfPage(
  pools: ConversionPools,
  llm: LlmPort | null,
  scrapeId: string,
  request: ScrapeRequest,
  page: FetchedPage,
  body: Uint8Array,
  modelDeadline: () => AbortSignal,
): Promise<PageDocument> {
  if (page.fileType === 'pdf') {
    return { document: pdfDocument(scrapeId, request, page, await pdfOutput(pools, request, page, body)) };
  }
  const input = pageInputOf(request, page, new TextDecoder().decode(body));
  let output = await pools.content.convert(localPartOf(input, llm));
  if (llm) output = await refineWithModel(llm, input, output, modelDeadline());
  return {
    document: buildDocument(scrapeId, request, page, output),
    changeTrackingJson: output.structured?.changeTrackingJson,
  };
}
