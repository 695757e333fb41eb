import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import type { ScrapeDocument } from '#content';
import {
  apiKeyOf,
  contentTypeOf,
  type FetchedPage,
  type ParseFormat,
  parseFormats,
  type ScrapeRequest,
  TrawlError,
  type UploadKind,
  type ValidParseRequest,
} from '#contracts';
import { premiumsOf } from '#domain';
import { type LlmPort, ModelMeter } from '#llm';
import { asAnswerError, documentOfPage } from '#pdf';
import type { Caller } from '../auth/caller.decorator.js';
import { CreditsService } from '../credits/credits.service.js';
import { ConcurrencyLimiter } from '../limits/concurrency-limiter.js';
import { ApiConversionPools } from '../scrape/conversion-pools.js';

/**
 * `POST /v2/parse`: an uploaded file converted as a fetched page would be (a PDF parsed, a Word,
 * Excel or CSV file turned into HTML, HTML through the same main-content and markdown pipeline),
 * in this api's worker pools and memory; other office formats are converted by LibreOffice into
 * Word, Excel or PDF first (in a private directory removed straight after).
 * The upload is never stored: no event, blob, cache entry or log line holds it or its name; the
 * ledger records the charge under the parse's id. So every parse is zero data retention.
 */
@Injectable()
export class ParseService {
  constructor(
    private readonly pools: ApiConversionPools,
    private readonly models: ModelMeter,
    private readonly credits: CreditsService,
    private readonly concurrency: ConcurrencyLimiter,
  ) {}

  async parse(caller: Caller, upload: ValidParseRequest, correlationId: string): Promise<ScrapeDocument> {
    const { teamId } = caller;
    const { request, filename, kind } = upload;
    const parseId = uuidv7();
    const startedAt = Date.now();
    const slot = await this.concurrency.acquire(teamId, parseId, request.timeout, () =>
      this.credits.hold(teamId, request),
    );
    let document: ScrapeDocument;
    try {
      const model = this.models.for({ teamId, ...apiKeyOf(caller), operationId: parseId, correlationId });
      document = await this.convert(parseId, request, kind, upload.bytes, startedAt, model);
    } catch (error) {
      await slot.release(false);
      throw asAnswerError(error);
    }
    document.metadata.sourceFile = filename;
    document.metadata.concurrencyLimited = slot.limited;
    if (slot.limited) document.metadata.concurrencyQueueDurationMs = slot.queuedMs;
    const numPages = document.metadata.numPages;
    try {
      document.metadata.creditsUsed = await this.credits.charge(
        caller,
        parseId,
        {
          operation: 'parse',
          ...(typeof numPages === 'number' ? { pdfPages: numPages } : {}),
          ...premiumsOf(request),
        },
        correlationId,
      );
    } finally {
      // Only now: the balance counts the charge, so a parse admitted next cannot spend the credits again.
      await slot.release(true);
    }
    return document;
  }

  /** The conversion, in the pools; past the request's timeout from `startedAt` the answer is 408. */
  private async convert(
    parseId: string,
    request: ScrapeRequest,
    kind: UploadKind,
    bytes: Uint8Array,
    startedAt: number,
    model: LlmPort | null,
  ): Promise<ScrapeDocument> {
    // The file as a page that answered 200 at its `file:` URL.
    const page: FetchedPage = {
      url: request.url,
      statusCode: 200,
      contentType: contentTypeOf(kind),
      bodyBlob: '',
      proxyUsed: 'basic',
      ...(kind === 'html' ? {} : { fileType: kind }),
    };
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new TrawlError('SCRAPE_TIMEOUT', `Parse timed out after ${request.timeout} ms`)),
        Math.max(0, startedAt + request.timeout - Date.now()),
      );
    });
    try {
      const converted = documentOfPage(this.pools.get(), model, parseId, request, page, bytes, startedAt);
      return (await Promise.race([converted, timedOut])).document;
    } finally {
      clearTimeout(timer);
    }
  }

  /** `GET /v2/parse/formats`: every type the reference service takes, and whether this server reads it. */
  async formats(): Promise<ParseFormat[]> {
    return parseFormats((await this.pools.get().libreOffice.unavailableReason()) === undefined);
  }
}
