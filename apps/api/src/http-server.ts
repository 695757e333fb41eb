import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import type { TrawlConfig } from '#config';
import { ErrorEnvelopeFilter } from './http/error-envelope.filter.js';
import { jsonBody } from './http/json-body.middleware.js';
import { requestMetrics } from './http/request-metrics.middleware.js';
import { serveApiReference } from './openapi/api-reference.js';

/** HTTP settings shared by the api app and the standalone app. */
export async function listenHttp(app: INestApplication, config: TrawlConfig, logger: Logger): Promise<void> {
  app.use(requestMetrics);
  app.use(jsonBody);
  app.useGlobalFilters(new ErrorEnvelopeFilter(logger));
  serveApiReference(app, config);
  app.enableShutdownHooks();
  await app.listen(config.port, config.host);
  logger.info({ url: config.publicUrl }, 'Trawl API listening');
}
