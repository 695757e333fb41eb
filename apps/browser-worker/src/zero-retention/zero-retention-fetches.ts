import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { type BrowserPool, FetchError } from '#browser';
import type { TrawlConfig } from '#config';
import {
  type NatsNames,
  ZERO_RETENTION_CATEGORY,
  ZERO_RETENTION_FETCH,
  type ZeroRetentionFetchRequest,
  type ZeroRetentionPage,
} from '#contracts';
import { proxyAttempts } from '#domain';
import { replyInChunks } from '#messaging';
import { fetchOptionsOf } from '../fetch-options.js';
import { fetchThroughProxies } from '../proxies/fetch-through-proxies.js';

/**
 * Serves zero-data-retention fetches: renders the page and streams it back to the asking api
 * over core NATS, without a blob, an event or a log line that names the page. Nothing is kept,
 * so such a fetch is not redelivered when this process dies: the api answers with an error.
 */
export function serveZeroRetentionFetches(
  nc: NatsConnection,
  names: NatsNames,
  pool: BrowserPool,
  config: TrawlConfig,
  logger: Logger,
): Subscription {
  return nc.subscribe(names.commandSubject(ZERO_RETENTION_CATEGORY, ZERO_RETENTION_FETCH), {
    queue: `${names.prefix}_zdr_fetchers`,
    callback: (err, msg) => {
      if (err || !msg.reply) return;
      const reply = msg.reply;
      const { scrapeId, request, requestedAt } = msg.json<ZeroRetentionFetchRequest>();
      const budget = Date.parse(requestedAt) + request.timeout - Date.now();
      fetchThroughProxies(
        pool,
        // Screenshots are refused for zero data retention before they get here: nothing is stored.
        fetchOptionsOf(request, {
          timeout: Math.max(1, budget),
          allowedPrivateAddresses: config.allowedPrivateAddresses,
          screenshot: undefined,
        }),
        proxyAttempts(config.proxies, request, scrapeId),
      )
        .then(({ page, proxyUsed }) => {
          const result: ZeroRetentionPage = {
            url: page.url,
            statusCode: page.statusCode,
            contentType: page.contentType,
            // A PDF's bytes travel Base64-encoded; the api parses them in memory.
            body: typeof page.body === 'string' ? page.body : page.body.toString('base64'),
            ...(page.fileType ? { fileType: page.fileType } : {}),
            proxyUsed,
            ...(page.actions
              ? {
                  actions: {
                    scrapes: page.actions.scrapes,
                    javascriptReturns: page.actions.javascriptReturns,
                  },
                }
              : {}),
          };
          replyInChunks(nc, reply, { ok: true, value: result });
          logger.info({ scrapeId, zeroDataRetention: true }, 'page fetched');
        })
        .catch((error: unknown) => {
          const code = error instanceof FetchError ? error.code : 'UNKNOWN_ERROR';
          // The message may name the page: it goes to the client only, never to the log.
          replyInChunks(nc, reply, {
            ok: false,
            code,
            message: error instanceof Error ? error.message : String(error),
          });
          logger.warn({ scrapeId, code, zeroDataRetention: true }, 'fetch failed');
        });
    },
  });
}
