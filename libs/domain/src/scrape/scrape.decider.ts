import {
  apiKeyOf,
  type FetchedPage,
  type InteractCommand,
  type InteractEvent,
  type ScrapeCommand,
  type ScrapeEvent,
  type ScrapeRequest,
} from '#contracts';
import { cacheKey, isCacheWritable } from '../cache/cache-policy.js';
import { changeTrackingKey } from '../change-tracking/change-tracking-policy.js';
import { scrapePremiums } from '../credits/pricing.js';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';

/** `crawlId` is set on the scrapes of a crawl's pages, `apiKeyId` on those an API key asked for. */
export type ScrapeState =
  | { status: 'initial' }
  | {
      status: 'requested';
      scrapeId: string;
      teamId: string;
      request: ScrapeRequest;
      requestedAt: string;
      crawlId?: string;
      apiKeyId?: string;
    }
  | {
      status: 'fetched';
      scrapeId: string;
      teamId: string;
      request: ScrapeRequest;
      page: FetchedPage;
      fetchedAt: string;
      crawlId?: string;
      apiKeyId?: string;
      /** Set when the page came from the cache: the scrape that fetched it. */
      cachedScrapeId?: string;
    }
  | {
      status: 'completed';
      scrapeId: string;
      teamId: string;
      request: ScrapeRequest;
      interaction: InteractionState;
      crawlId?: string;
      apiKeyId?: string;
    }
  | { status: 'failed'; scrapeId: string; teamId: string; code: string; crawlId?: string };

/**
 * The life of one scrape: requested → page fetched → completed, or failed at any point before
 * completion. Late or repeated commands (a redelivered job, a fetch that finishes after a timeout)
 * decide nothing, so workers may safely retry.
 */
export const scrapeDecider: Decider<
  ScrapeState,
  ScrapeCommand | InteractCommand,
  ScrapeEvent | InteractEvent
> = {
  initialState: () => ({ status: 'initial' }),

  evolve(state, event) {
    switch (event.type) {
      case 'ScrapeRequested':
        return {
          status: 'requested',
          scrapeId: event.data.scrapeId,
          teamId: event.data.teamId,
          request: event.data.request,
          requestedAt: event.data.requestedAt,
          ...originOf(event.data),
        };
      case 'PageFetched':
        if (state.status === 'requested')
          return { ...state, status: 'fetched', page: event.data.page, fetchedAt: event.data.fetchedAt };
        // A page served from the cache: the scrape starts fetched.
        if (state.status === 'initial' && event.data.cachedScrapeId)
          return {
            status: 'fetched',
            scrapeId: event.data.scrapeId,
            teamId: event.data.teamId,
            request: event.data.request,
            page: event.data.page,
            fetchedAt: event.data.fetchedAt,
            cachedScrapeId: event.data.cachedScrapeId,
            ...originOf(event.data),
          };
        return state;
      case 'ScrapeCompleted':
        return state.status === 'requested' || state.status === 'fetched'
          ? {
              status: 'completed',
              scrapeId: state.scrapeId,
              teamId: state.teamId,
              request: state.request,
              interaction: { session: null, ended: null },
              ...originOf(state),
            }
          : state;
      case 'ScrapeFailed':
        return state.status === 'initial' || state.status === 'completed'
          ? state
          : {
              status: 'failed',
              scrapeId: state.scrapeId,
              teamId: state.teamId,
              code: event.data.code,
              ...crawlOf(state),
            };
      case 'ScrapeServedFromCache':
        return state.status === 'initial'
          ? {
              status: 'completed',
              scrapeId: event.data.scrapeId,
              teamId: event.data.teamId,
              request: event.data.request,
              interaction: { session: null, ended: null },
            }
          : state;
      case 'InteractSessionStarted':
      case 'InteractionRan':
      case 'InteractSessionStopped':
        return state.status === 'completed'
          ? { ...state, interaction: evolveInteraction(state.interaction, event) }
          : state;
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
        const { scrapeId, teamId, request, at, cached } = command.data;
        if (cached) {
          return [
            {
              type: 'PageFetched',
              data: {
                scrapeId,
                teamId,
                request,
                requestedAt: at,
                page: cached.page,
                fetchedAt: cached.fetchedAt,
                cachedScrapeId: cached.scrapeId,
                ...originOf(command.data),
              },
            },
          ];
        }
        return [
          {
            type: 'ScrapeRequested',
            data: { scrapeId, teamId, request, requestedAt: at, ...originOf(command.data) },
          },
        ];
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
              requestedAt: state.requestedAt,
              page: command.data.page,
              fetchedAt: command.data.at,
              // The extractor's model calls are the usage of the key that asked, as the charge is.
              ...originOf(state),
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
        const { scrapeId, documentBlob, textBlob, url, statusCode, numPages, at } = command.data;
        const { teamId, request, page, fetchedAt } = state;
        const premiums = scrapePremiums(request);
        return [
          {
            type: 'ScrapeCompleted',
            data: {
              scrapeId,
              teamId,
              documentBlob,
              ...(textBlob !== undefined ? { textBlob } : {}),
              url,
              statusCode,
              page,
              fetchedAt,
              ...(numPages !== undefined ? { numPages } : {}),
              // Cached pages (PDFs too) are derived again from their stored body on a hit; a page
              // that came from the cache is there already.
              ...(isCacheWritable(request) && !state.cachedScrapeId
                ? { cacheKey: cacheKey(teamId, request) }
                : {}),
              ...changeHistory(teamId, request),
              ...originOf(state),
              ...(premiums.length > 0 ? { premiums } : {}),
              completedAt: at,
            },
          },
        ];
      }
      case 'FailScrape': {
        requireExisting(state, command.data.scrapeId);
        if (state.status === 'completed' || state.status === 'failed') return [];
        const { scrapeId, code, error, at } = command.data;
        const { teamId } = state;
        return [
          { type: 'ScrapeFailed', data: { scrapeId, teamId, code, error, failedAt: at, ...crawlOf(state) } },
        ];
      }
      case 'FetchCachedPageAnew': {
        requireExisting(state, command.data.scrapeId);
        if (state.status !== 'fetched' || !state.cachedScrapeId) return [];
        const { scrapeId, teamId, request } = state;
        return [
          {
            type: 'ScrapeRequested',
            data: { scrapeId, teamId, request, requestedAt: command.data.at, ...originOf(state) },
          },
        ];
      }
      case 'RecordCacheHit': {
        if (state.status !== 'initial') {
          throw new DomainError('SCRAPE_ALREADY_EXISTS', `Scrape ${command.data.scrapeId} already exists`);
        }
        if (command.data.request.zeroDataRetention) {
          throw new DomainError(
            'ZERO_DATA_RETENTION',
            `Scrape ${command.data.scrapeId} is zero data retention: its request may not be stored`,
          );
        }
        const { scrapeId, teamId, request, cachedScrapeId, cachedAt, at } = command.data;
        return [
          {
            type: 'ScrapeServedFromCache',
            data: { scrapeId, teamId, request, cachedScrapeId, cachedAt, servedAt: at },
          },
        ];
      }
      case 'StartInteraction': {
        const { scrapeId, teamId, sessionId, at } = command.data;
        const completed = interactable(state, scrapeId, teamId);
        if (completed.interaction.session) return [];
        return [{ type: 'InteractSessionStarted', data: { scrapeId, teamId, sessionId, startedAt: at } }];
      }
      case 'RecordInteraction': {
        const { scrapeId, sessionId, mode, exitCode, killed, replayed, at } = command.data;
        requireExisting(state, scrapeId);
        if (state.status !== 'completed' || state.interaction.session?.sessionId !== sessionId) return [];
        return [
          {
            type: 'InteractionRan',
            data: { scrapeId, sessionId, mode, exitCode, killed, replayed, ranAt: at },
          },
        ];
      }
      case 'StopInteraction': {
        const { scrapeId, reason, at } = command.data;
        requireExisting(state, scrapeId);
        // A worker letting go of a page nobody interacted with has nothing to record.
        const session = state.status === 'completed' ? state.interaction.session : null;
        if (!session) return [];
        const durationMs = Math.max(0, Date.parse(at) - Date.parse(session.startedAt));
        return [
          {
            type: 'InteractSessionStopped',
            data: { scrapeId, sessionId: session.sessionId, reason, durationMs, stoppedAt: at },
          },
        ];
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

function crawlOf(from: { crawlId?: string } | { status: 'initial' }): { crawlId?: string } {
  return 'crawlId' in from && from.crawlId ? { crawlId: from.crawlId } : {};
}

/** Where a scrape came from, carried from event to event: the crawl it is a page of, the API key that asked (its charge names the key). */
function originOf(from: { crawlId?: string; apiKeyId?: string } | { status: 'initial' }): {
  crawlId?: string;
  apiKeyId?: string;
} {
  return { ...crawlOf(from), ...('apiKeyId' in from ? apiKeyOf(from) : {}) };
}

function requireExisting(
  state: ScrapeState,
  scrapeId: string,
): asserts state is Exclude<ScrapeState, { status: 'initial' }> {
  if (state.status === 'initial')
    throw new DomainError('SCRAPE_NOT_FOUND', `Scrape ${scrapeId} does not exist`);
}

/** Whether a scrape has a live interact session, and how the last one ended. */
export interface InteractionState {
  session: { sessionId: string; startedAt: string } | null;
  ended: { sessionId: string; reason: InteractStopReasonOf; stoppedAt: string } | null;
}
type InteractStopReasonOf = Extract<InteractEvent, { type: 'InteractSessionStopped' }>['data']['reason'];

function evolveInteraction(interaction: InteractionState, event: InteractEvent): InteractionState {
  switch (event.type) {
    case 'InteractSessionStarted':
      return {
        ...interaction,
        session: { sessionId: event.data.sessionId, startedAt: event.data.startedAt },
      };
    case 'InteractionRan':
      return interaction;
    case 'InteractSessionStopped':
      return {
        session: null,
        ended: {
          sessionId: event.data.sessionId,
          reason: event.data.reason,
          stoppedAt: event.data.stoppedAt,
        },
      };
    default:
      return assertNever(event);
  }
}

/**
 * Who may interact with a scrape: only its own team, only once it completed, and never a
 * zero-data-retention scrape (its page may not be kept). Used by the decider and by the core's
 * query that the api asks before routing an interact call.
 */
export function interactable(
  state: ScrapeState,
  scrapeId: string,
  teamId: string,
): Extract<ScrapeState, { status: 'completed' }> {
  requireExisting(state, scrapeId);
  // Another team's scrape answers exactly as a missing one: the id's existence is not confirmed.
  if (state.teamId !== teamId) throw new DomainError('SCRAPE_NOT_FOUND', `Scrape ${scrapeId} does not exist`);
  const request =
    state.status === 'completed' || state.status === 'requested' || state.status === 'fetched'
      ? state.request
      : undefined;
  if (request?.zeroDataRetention) {
    throw new DomainError(
      'INTERACT_ZERO_DATA_RETENTION',
      `Scrape ${scrapeId} ran with zero data retention: it has no session to interact with`,
    );
  }
  if (state.status !== 'completed') {
    throw new DomainError(
      'INTERACT_SCRAPE_NOT_COMPLETED',
      `Scrape ${scrapeId} is ${state.status}: only a completed scrape can be interacted with`,
    );
  }
  return state;
}
