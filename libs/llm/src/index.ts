export * from './llm.module.js';
export * from './llm-port.js';
export * from './metering/model-meter.js';
export { OpenAiCompatibleClient } from './openai-compatible-client.js';
