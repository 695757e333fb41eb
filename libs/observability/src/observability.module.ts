import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Logger } from 'pino';

export const LOGGER = Symbol('LOGGER');

/** The process's structured logger, injectable as `@Inject(LOGGER)`; take a `.child({ component })`. */
@Global()
@Module({})
export class ObservabilityModule {
  static forRoot(logger: Logger): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [{ provide: LOGGER, useValue: logger }],
      exports: [LOGGER],
    };
  }
}
