/** A JSON Schema object as the caller wrote it. */
export type JsonSchemaObject = Record<string, unknown>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface StructuredRequest {
  messages: ChatMessage[];
  /** What the answer must validate against. */
  schema: JsonSchemaObject;
  /** Names the schema for endpoints that want one (`^[a-zA-Z0-9_-]+$`). */
  schemaName: string;
  maxTokens?: number;
  /**
   * Ends the call (and its retries) when aborted: a scrape passes the rest of its `timeout`, so
   * no model call outlives the request it serves.
   */
  signal?: AbortSignal;
}

/** Tokens the endpoint reported for a call, summed over its attempts and retries. */
export interface ModelUsage {
  promptTokens: number;
  completionTokens: number;
}

export type StructuredResult<T> = (
  | { ok: true; value: T; attempts: number }
  /** `reason` is fit for a `warning`: it names what went wrong, never the page content. */
  | { ok: false; reason: string; attempts: number }
) & {
  /** Absent when the endpoint reported no usage (or the call never reached it). */
  usage?: ModelUsage;
};

/**
 * The one port every model-based feature uses (structured formats, change-tracking json mode,
 * the monitor judge, …): an OpenAI-compatible chat-completions endpoint. Answers are JSON
 * validated against the caller's schema; an invalid answer is asked for again once.
 */
export interface LlmPort {
  /** The model's name, for `warning` ("json by model gpt-4o-mini"). */
  readonly model: string;
  /** The most page text one request should carry (characters). */
  readonly maxInputChars: number;
  structured<T = unknown>(request: StructuredRequest): Promise<StructuredResult<T>>;
}

/** Nest injection token: `LlmPort | null` (null when no endpoint is configured). */
export const LLM_PORT = Symbol('LLM_PORT');

/**
 * A signal that aborts after `ms` with `reason` as text (what the model call's failure then
 * says): a scrape's remaining timeout, handed to every model call made for it.
 */
export function deadlineSignal(ms: number, reason: string): AbortSignal {
  const controller = new AbortController();
  setTimeout(() => controller.abort(reason), Math.max(0, ms)).unref();
  return controller.signal;
}
