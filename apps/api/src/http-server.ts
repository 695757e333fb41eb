import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import type { TrawlConfig } from '#config';
import { CrawlStatusSockets } from './crawl/crawl-status-sockets.js';
import { answerClientErrorsWithEnvelope } from './http/client-errors.js';
import { ErrorEnvelopeFilter } from './http/error-envelope.filter.js';
import { jsonBody } from './http/json-body.middleware.js';
import { requestMetrics } from './http/request-metrics.middleware.js';
import { securityHeaders } from './http/security-headers.middleware.js';
import { serveApiReference } from './openapi/api-reference.js';

/** HTTP settings shared by the api app and the standalone app. */
export async function listenHttp(
  app: NestExpressApplication,
  config: TrawlConfig,
  logger: Logger,
): Promise<void> {
  app.disable('x-powered-by');
  app.use(securityHeaders(config.hstsMaxAgeSeconds));
  app.use(requestMetrics);
  app.use(jsonBody);
  answerClientErrorsWithEnvelope(app.getHttpServer());
  app.get(CrawlStatusSockets).attach(app.getHttpServer());
  app.useGlobalFilters(new ErrorEnvelopeFilter(logger));
  serveApiReference(app, config);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  logger.info({ url: config.publicUrl }, 'Trawl API listening');
}
