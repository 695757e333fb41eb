import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { buildDocument, localPartOf, pageInputOf, refineWithModel, type ScrapeDocument } from '#content';
import { type FetchedPage, type NatsNames, readableTypeOf, type ScrapeRequest } from '#contracts';
import { type CacheEntry, type CacheVerdict, cachedPage, FRESH_ONLY_FORMATS } from '#domain';
import { deadlineSignal, LLM_PORT, type LlmPort } from '#llm';
import { BLOB_STORE, type BlobStore, CacheIndex, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { asAnswerError, markupInputOf, type PdfOutput, pdfDocument, pdfOutput, readableDocument } from '#pdf';
import { ApiConversionPools } from './conversion-pools.js';

/** Conversions of cached pages kept in memory, so repeated hits skip the converter. */
const CONVERTED_PAGES = 200;

/**
 * Serves scrapes from the cache index projection, without a round trip through the browser.
 * Formats are derived from the cached page body (so a copy cached for markdown serves links
 * too); the derivation of a page version for a set of options is memoised.
 */
@Injectable()
export class ScrapeCache {
  private readonly index: CacheIndex;
  /** A web page's conversion is a PdfOutput without page counts or warning. */
  private readonly converted = new Map<string, Promise<PdfOutput | undefined>>();

  constructor(
    private readonly pools: ApiConversionPools,
    @Inject(NATS_CONNECTION) nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(LLM_PORT) private readonly llm: LlmPort | null,
  ) {
    this.index = new CacheIndex(nc, names);
  }

  /** Looks the request's variant up and applies maxAge / minAge / lockdown. */
  verdict(teamId: string, request: ScrapeRequest): Promise<CacheVerdict> {
    return this.index.verdict(teamId, request);
  }

  /**
   * The document for a cache hit, or undefined when the cached body is gone from the blob store.
   * `model` is the model metered for the hit's team (`ModelMeter.for`).
   */
  async serve(
    scrapeId: string,
    request: ScrapeRequest,
    entry: CacheEntry,
    model: LlmPort | null,
  ): Promise<ScrapeDocument | undefined> {
    const { page } = cachedPage(entry);
    const isPdf = page.fileType !== undefined && readableTypeOf(page.fileType) === 'pdf';
    const converted = await this.convert(request, page);
    if (!converted) return undefined;
    let { output } = converted;
    // Model steps run again for each hit: the memoised conversion holds only local results (as in
    // the extractor, PDFs keep their local results).
    if (model && !isPdf) {
      output = await refineWithModel(
        model,
        pageInputOf(request, page, ''),
        output,
        deadlineSignal(request.timeout, `the scrape's ${request.timeout} ms timeout ran out`),
      );
    }
    const document = isPdf
      ? pdfDocument(scrapeId, request, page, { ...converted, output })
      : buildDocument(scrapeId, request, page, output);
    document.metadata.cacheState = 'hit';
    document.metadata.cachedAt = entry.fetchedAt;
    // Only cache-only requests (minAge, lockdown) reach here with these formats: nothing is
    // scraped, so there is no new version to compare and no page to photograph.
    const missing = request.formats
      .filter((format) => FRESH_ONLY_FORMATS.has(format.type))
      .map((format) => format.type);
    if (missing.length > 0) {
      const note = `${missing.join(' and ')} not produced: this answer comes from the cache only (minAge or lockdown)`;
      document.warning = document.warning ? `${document.warning}. ${note}` : note;
    }
    return document;
  }

  private convert(request: ScrapeRequest, page: FetchedPage): Promise<PdfOutput | undefined> {
    const { html: _body, ...options } = localPartOf(pageInputOf(request, page, ''), this.llm);
    const key = JSON.stringify([page.bodyBlob, options, request.parsers]);
    const memoised = this.converted.get(key);
    if (memoised) return memoised;
    const output = this.blobs
      .getBytes(page.bodyBlob)
      .then(async (body): Promise<PdfOutput | undefined> => {
        if (body === undefined) {
          this.converted.delete(key);
          return undefined;
        }
        const readable = await readableDocument(this.pools.get(), page, body, request.timeout);
        if (readable.page.fileType === 'pdf')
          return pdfOutput(this.pools.get(), request, readable.page, readable.body);
        const input = await markupInputOf(this.pools.get(), request, readable.page, readable.body);
        return { output: await this.pools.get().content.convert(localPartOf(input, this.llm)), metadata: {} };
      })
      .catch((error: unknown) => {
        throw asAnswerError(error);
      });
    output.catch(() => this.converted.delete(key));
    this.converted.set(key, output);
    if (this.converted.size > CONVERTED_PAGES)
      this.converted.delete(this.converted.keys().next().value as string);
    return output;
  }
}
