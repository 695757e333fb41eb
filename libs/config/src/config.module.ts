import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { TrawlConfig } from './config.js';

export const TRAWL_CONFIG = Symbol('TRAWL_CONFIG');

/** Makes the loaded configuration injectable everywhere as `@Inject(TRAWL_CONFIG)`. */
@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: TrawlConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: TRAWL_CONFIG, useValue: config }],
      exports: [TRAWL_CONFIG],
    };
  }
}
