import { type DynamicModule, Global, Module } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { LLM_PORT, type LlmPort } from './llm-port.js';
import { ModelMeter } from './metering/model-meter.js';
import { OpenAiCompatibleClient } from './openai-compatible-client.js';

/** The LLM port for the configured endpoint, or null: callers then use their local method. */
export function createLlmPort(config: Pick<TrawlConfig, 'llm'>): LlmPort | null {
  return config.llm ? new OpenAiCompatibleClient(config.llm) : null;
}

/**
 * Makes `ModelMeter` (the model for a team's work, its tokens metered) and `@Inject(LLM_PORT)
 * llm: LlmPort | null` (for what `ModelMeter.for` is not: whether a model is configured) available
 * to every module of the app.
 */
@Global()
@Module({})
export class LlmModule {
  static forRoot(): DynamicModule {
    return {
      module: LlmModule,
      providers: [{ provide: LLM_PORT, inject: [TRAWL_CONFIG], useFactory: createLlmPort }, ModelMeter],
      exports: [LLM_PORT, ModelMeter],
    };
  }
}
