import 'reflect-metadata';
import { type DynamicModule, type INestApplicationContext, Module, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { Logger } from 'pino';
import { ConfigModule, loadConfig, type TrawlConfig } from '#config';
import { MessagingModule } from '#messaging';
import { createLogger, NestPinoLogger, ObservabilityModule, serveMetrics } from '#observability';

export interface AppDefinition {
  /** `api`, `core`, …, `standalone`: the log's `app` field and the NATS client name. */
  name: string;
  modules(config: TrawlConfig): Array<Type | DynamicModule>;
  /** Apps that serve HTTP get an Express application instead of a bare context. */
  http?: (app: NestExpressApplication, config: TrawlConfig, logger: Logger) => Promise<void>;
  afterStart?: (app: INestApplicationContext, config: TrawlConfig, logger: Logger) => Promise<void>;
}

/** Boots one Trawl process: config, structured logs, the shared NATS connection, the app's modules. */
export async function runApp(definition: AppDefinition): Promise<INestApplicationContext> {
  const config = loadConfig();
  const logger = createLogger(definition.name, config.logLevel);
  if (config.dnsServers.length > 0) {
    // Imported only then: processes such as the extractor never load #browser otherwise.
    const { resolveGuardNamesThrough } = await import('#browser');
    resolveGuardNamesThrough(config.dnsServers);
  }
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      ObservabilityModule.forRoot(logger),
      MessagingModule.forRoot({
        natsUrl: config.natsUrl,
        natsPrefix: config.natsPrefix,
        clientName: `trawl-${definition.name}`,
        s3: config.s3,
      }),
      ...definition.modules(config),
    ],
  })
  class RootModule {}

  const nestLogger = new NestPinoLogger(logger);
  let app: INestApplicationContext;
  if (definition.http) {
    const httpApp = await NestFactory.create<NestExpressApplication>(RootModule, {
      bodyParser: false,
      logger: nestLogger,
    });
    await definition.http(httpApp, config, logger);
    app = httpApp;
  } else {
    app = await NestFactory.createApplicationContext(RootModule, { logger: nestLogger });
    app.enableShutdownHooks();
    await app.init();
    if (config.metricsPort > 0) {
      await serveMetrics(config.metricsPort, config.host);
      logger.info({ port: config.metricsPort }, 'metrics served at /metrics');
    }
  }
  await definition.afterStart?.(app, config, logger);
  logger.info({ natsPrefix: config.natsPrefix }, `trawl ${definition.name} started`);
  return app;
}
