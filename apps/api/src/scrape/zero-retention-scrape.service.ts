import type { NatsConnection } from '@nats-io/transport-node';
import { Inject, Injectable } from '@nestjs/common';
import { AccountsClient } from '#accounts';
import type { ScrapeDocument } from '#content';
import {
  apiKeyOf,
  type FetchedPage,
  type NatsNames,
  type ScrapeRequest,
  TrawlError,
  ZERO_RETENTION_CATEGORY,
  ZERO_RETENTION_FETCH,
  type ZeroRetentionFetchRequest,
  type ZeroRetentionPage,
} from '#contracts';
import {
  completedScrapeBasis,
  needsZeroRetentionPermission,
  scrapePremiums,
  zeroRetentionConflicts,
} from '#domain';
import { ModelMeter } from '#llm';
import { CommandBus, NATS_CONNECTION, NATS_NAMES, NoResponderError, requestInChunks } from '#messaging';
import { asAnswerError, documentOfPage } from '#pdf';
import type { Caller } from '../auth/caller.decorator.js';
import { CreditsService } from '../credits/credits.service.js';
import { ApiConversionPools } from './conversion-pools.js';

/** After the request's timeout, how long to wait for the worker's own timeout verdict. */
const TIMEOUT_GRACE_MS = 3_000;

/**
 * Zero-data-retention scrapes: a browser-worker renders the page and streams it straight back
 * (core NATS, see ZeroRetentionFetchRequest); this api converts it in memory and answers. No
 * event, blob, cache entry, change history or log line holds the page or its URL; the ledger
 * gets a charge that names only the scrape id.
 */
@Injectable()
export class ZeroRetentionScrapes {
  private readonly accounts: AccountsClient;

  constructor(
    private readonly pools: ApiConversionPools,
    private readonly models: ModelMeter,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    bus: CommandBus,
    private readonly credits: CreditsService,
  ) {
    this.accounts = new AccountsClient(nc, names, bus);
  }

  /** 403 unless the operator allowed this team zero data retention; 400 for options that must keep data. */
  async authorize(teamId: string, request: ScrapeRequest): Promise<void> {
    // Lockdown is zero data retention by itself and only reads the cache: nothing to refuse.
    if (!needsZeroRetentionPermission(request)) return;
    const conflicts = zeroRetentionConflicts(request);
    if (conflicts.length > 0) {
      throw new TrawlError(
        'BAD_REQUEST',
        `zeroDataRetention cannot be combined with ${conflicts.join(', ')}: they need stored files or history`,
        conflicts.map((option) => ({ path: [option], message: 'not available with zeroDataRetention' })),
      );
    }
    await this.allowTeam(teamId);
  }

  /** 403 unless the operator allowed this team zero data retention. */
  async allowTeam(teamId: string): Promise<void> {
    const team = await this.accounts.team(teamId);
    if (!team?.zeroDataRetention) {
      throw new TrawlError(
        'FORBIDDEN',
        'zeroDataRetention is not enabled for this team; the operator enables it with `trawl teams zdr <teamId> on`',
      );
    }
  }

  async scrape(
    scrapeId: string,
    caller: Caller,
    request: ScrapeRequest,
    correlationId: string,
  ): Promise<ScrapeDocument> {
    const startedAt = Date.now();
    const fetched = await this.fetch(scrapeId, request);
    const page: FetchedPage = {
      url: fetched.url,
      statusCode: fetched.statusCode,
      contentType: fetched.contentType,
      bodyBlob: '',
      proxyUsed: fetched.proxyUsed,
      ...(fetched.fileType ? { fileType: fetched.fileType } : {}),
    };
    const body = Buffer.from(fetched.body, fetched.fileType ? 'base64' : 'utf8');
    const { document } = await documentOfPage(
      this.pools.get(),
      this.models.for({ teamId: caller.teamId, ...apiKeyOf(caller), operationId: scrapeId, correlationId }),
      scrapeId,
      request,
      page,
      body,
      startedAt,
    ).catch((error: unknown) => {
      throw asAnswerError(error);
    });
    if (fetched.actions) {
      document.actions = { screenshots: [], pdfs: [], ...fetched.actions };
    }
    const numPages = document.metadata.numPages;
    document.metadata.creditsUsed = await this.credits.charge(
      caller,
      scrapeId,
      completedScrapeBasis({
        page,
        ...(typeof numPages === 'number' ? { numPages } : {}),
        premiums: scrapePremiums(request),
      }),
      correlationId,
    );
    return document;
  }

  /** Asks one browser-worker for the page and reassembles its chunks. */
  private fetch(scrapeId: string, request: ScrapeRequest): Promise<ZeroRetentionPage> {
    return requestInChunks<ZeroRetentionPage>(
      this.nc,
      this.names.commandSubject(ZERO_RETENTION_CATEGORY, ZERO_RETENTION_FETCH),
      { scrapeId, request, requestedAt: new Date().toISOString() } satisfies ZeroRetentionFetchRequest,
      request.timeout + TIMEOUT_GRACE_MS,
      () => new TrawlError('SCRAPE_TIMEOUT', `Scrape timed out after ${request.timeout} ms`),
    ).catch((error: unknown) => {
      // Nothing is queued for a zero-data-retention fetch: with no browser-worker up, it cannot wait for one.
      if (error instanceof NoResponderError)
        throw new TrawlError('SERVICE_UNAVAILABLE', 'No browser-worker is running; retry shortly');
      throw error;
    });
  }
}
