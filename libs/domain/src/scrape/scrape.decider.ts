import type { FetchedPage, ScrapeCommand, ScrapeEvent, ScrapeRequest } from '#contracts';
import { cacheKey, isCacheWritable } from '../cache/cache-policy.js';
import { changeTrackingKey } from '../change-tracking/change-tracking-policy.js';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';

export type ScrapeState =
  | { status: 'initial' }
  | { status: 'requested'; scrapeId: string; teamId: string; request: ScrapeRequest }
  | {
      status: 'fetched';
      scrapeId: string;
      teamId: string;
      request: ScrapeRequest;
      page: FetchedPage;
      fetchedAt: string;
    }
  | { status: 'completed'; scrapeId: string; teamId: string; documentBlob: string }
  | { status: 'failed'; scrapeId: string; teamId: string; code: string };

/**
 * The life of one scrape: requested → page fetched → completed, or failed at any point before
 * completion. Late or repeated commands (a redelivered job, a fetch that finishes after a timeout)
 * decide nothing, so workers may safely retry.
 */
export const scrapeDecider: Decider<ScrapeState, ScrapeCommand, ScrapeEvent> = {
  initialState: () => ({ status: 'initial' }),

  evolve(state, event) {
    switch (event.type) {
      case 'ScrapeRequested':
        return {
          status: 'requested',
          scrapeId: event.data.scrapeId,
          teamId: event.data.teamId,
          request: event.data.request,
        };
      case 'PageFetched':
        return state.status === 'requested'
          ? { ...state, status: 'fetched', page: event.data.page, fetchedAt: event.data.fetchedAt }
          : state;
      case 'ScrapeCompleted':
        return state.status === 'initial'
          ? state
          : {
              status: 'completed',
              scrapeId: state.scrapeId,
              teamId: state.teamId,
              documentBlob: event.data.documentBlob,
            };
      case 'ScrapeFailed':
        return state.status === 'initial'
          ? state
          : { status: 'failed', scrapeId: state.scrapeId, teamId: state.teamId, code: event.data.code };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'StartScrape': {
        if (state.status !== 'initial') {
          throw new DomainError('SCRAPE_ALREADY_EXISTS', `Scrape ${command.data.scrapeId} already exists`);
        }
        const { scrapeId, teamId, request, at } = command.data;
        return [{ type: 'ScrapeRequested', data: { scrapeId, teamId, request, requestedAt: at } }];
      }
      case 'RecordPageFetched':
        requireExisting(state, command.data.scrapeId);
        if (state.status !== 'requested') return [];
        return [
          {
            type: 'PageFetched',
            data: {
              scrapeId: state.scrapeId,
              teamId: state.teamId,
              request: state.request,
              page: command.data.page,
              fetchedAt: command.data.at,
            },
          },
        ];
      case 'CompleteScrape': {
        requireExisting(state, command.data.scrapeId);
        if (state.status === 'completed' || state.status === 'failed') return [];
        if (state.status !== 'fetched') {
          throw new DomainError(
            'SCRAPE_NOT_FETCHED',
            `Scrape ${command.data.scrapeId} has no fetched page yet`,
          );
        }
        const { scrapeId, documentBlob, url, statusCode, numPages, at } = command.data;
        const { teamId, request, page, fetchedAt } = state;
        return [
          {
            type: 'ScrapeCompleted',
            data: {
              scrapeId,
              teamId,
              documentBlob,
              url,
              statusCode,
              page,
              fetchedAt,
              ...(numPages !== undefined ? { numPages } : {}),
              // Cached pages are re-derived from their text body on a hit; documents (PDFs) are not cached.
              ...(isCacheWritable(request) && !page.fileType ? { cacheKey: cacheKey(teamId, request) } : {}),
              ...changeHistory(teamId, request),
              completedAt: at,
            },
          },
        ];
      }
      case 'FailScrape': {
        requireExisting(state, command.data.scrapeId);
        if (state.status === 'completed' || state.status === 'failed') return [];
        const { scrapeId, code, error, at } = command.data;
        return [{ type: 'ScrapeFailed', data: { scrapeId, code, error, failedAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};

/** Zero-data-retention scrapes leave no history to compare against. */
function changeHistory(teamId: string, request: ScrapeRequest): { changeTrackingKey?: string } {
  const key = request.zeroDataRetention ? undefined : changeTrackingKey(teamId, request);
  return key ? { changeTrackingKey: key } : {};
}

function requireExisting(state: ScrapeState, scrapeId: string): void {
  if (state.status === 'initial')
    throw new DomainError('SCRAPE_NOT_FOUND', `Scrape ${scrapeId} does not exist`);
}
