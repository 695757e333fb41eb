import type { ErrorObject } from 'ajv';
import { Ajv } from 'ajv';
import type { LlmSettings } from '#config';
import type { ChatMessage, LlmPort, ModelUsage, StructuredRequest, StructuredResult } from './llm-port.js';

/** How the endpoint is asked for JSON: strict schema first, then plain JSON mode, then the prompt alone. */
type OutputMode = 'json_schema' | 'json_object' | 'prompt';
const MODES: OutputMode[] = ['json_schema', 'json_object', 'prompt'];

/** An error worth another attempt after a pause (network, timeout, 429, 5xx). */
class TransientError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/**
 * The LLM port over HTTP to any OpenAI-compatible `/chat/completions` endpoint (OpenAI, vLLM,
 * llama.cpp server, Ollama). Uses JSON-schema structured output where the endpoint takes it and
 * falls back to JSON mode, then to the schema in the prompt, when it answers 400 to those.
 * Every answer is validated with ajv; an invalid one is asked for again once, with the errors.
 */
export class OpenAiCompatibleClient implements LlmPort {
  readonly model: string;
  readonly maxInputChars: number;
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  /** The best output mode this endpoint accepted so far. */
  private mode: OutputMode = 'json_schema';

  constructor(
    private readonly settings: LlmSettings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    this.model = settings.model;
    this.maxInputChars = settings.maxInputChars;
  }

  async structured<T>(request: StructuredRequest): Promise<StructuredResult<T>> {
    let validate: ReturnType<Ajv['compile']>;
    try {
      validate = this.ajv.compile(request.schema);
    } catch (error) {
      return { ok: false, reason: `the schema cannot be compiled: ${(error as Error).message}`, attempts: 0 };
    }
    const messages = [...request.messages];
    let reason = '';
    // Every answered attempt's tokens count: an invalid answer cost as much as a valid one.
    let usage: ModelUsage | undefined;
    const spent = () => (usage ? { usage } : {});
    for (let attempt = 1; attempt <= 2; attempt++) {
      let content: string;
      try {
        const answer = await this.complete(messages, request);
        content = answer.content;
        usage = sumUsage(usage, answer.usage);
      } catch (error) {
        return {
          ok: false,
          reason: `the model endpoint failed: ${(error as Error).message}`,
          attempts: attempt,
          ...spent(),
        };
      }
      const parsed = parseJson(content);
      if (parsed.ok && validate(parsed.value))
        return { ok: true, value: parsed.value as T, attempts: attempt, ...spent() };
      reason = parsed.ok ? describe(validate.errors ?? []) : 'the answer is not JSON';
      // Ask once more, showing the model what was wrong with its answer.
      messages.push(
        { role: 'assistant', content },
        {
          role: 'user',
          content: `That answer is invalid (${reason}). Answer again with only JSON that matches the schema.`,
        },
      );
    }
    return {
      ok: false,
      reason: `the model's answer did not match the schema twice (${reason})`,
      attempts: 2,
      ...spent(),
    };
  }

  /** One chat completion; transient failures are retried with backoff, unsupported output modes stepped down. */
  private async complete(messages: ChatMessage[], request: StructuredRequest): Promise<Answer> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.post(messages, request);
      } catch (error) {
        if (
          !(error instanceof TransientError) ||
          retry >= this.settings.maxRetries ||
          request.signal?.aborted
        )
          throw error;
        const backoff = error.retryAfterMs ?? 500 * 2 ** retry;
        await pause(Math.min(backoff, 10_000), request.signal);
      }
    }
  }

  private async post(messages: ChatMessage[], request: StructuredRequest): Promise<Answer> {
    for (;;) {
      const response = await this.send(this.body(messages, request, this.mode), request.signal);
      if (
        response.status === 400 &&
        this.mode !== 'prompt' &&
        /response_format|json_schema|json_object|schema/i.test(response.text)
      ) {
        this.mode = MODES[MODES.indexOf(this.mode) + 1];
        continue;
      }
      if (response.status === 429 || response.status >= 500) {
        throw new TransientError(`HTTP ${response.status}`, retryAfterMs(response.retryAfter));
      }
      if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${response.text.slice(0, 200)}`);
      const answer = JSON.parse(response.text) as CompletionBody;
      const content = answer.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new Error('the answer has no message content');
      return { content, usage: usageOf(answer) };
    }
  }

  private body(messages: ChatMessage[], request: StructuredRequest, mode: OutputMode) {
    const schemaText = JSON.stringify(request.schema);
    const withSchema: ChatMessage[] =
      mode === 'json_schema'
        ? messages
        : [
            {
              role: 'system',
              content: `Answer with only a JSON value that matches this JSON Schema: ${schemaText}`,
            },
            ...messages,
          ];
    return {
      model: this.settings.model,
      messages: withSchema,
      temperature: 0,
      max_tokens: request.maxTokens ?? this.settings.maxTokens,
      ...(mode === 'json_schema'
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: request.schemaName, schema: request.schema, strict: false },
            },
          }
        : mode === 'json_object'
          ? { response_format: { type: 'json_object' } }
          : {}),
    };
  }

  private async send(
    body: unknown,
    deadline: AbortSignal | undefined,
  ): Promise<{ status: number; text: string; retryAfter: string | null }> {
    let response: Response;
    const ownTimeout = AbortSignal.timeout(this.settings.timeoutMs);
    try {
      response = await this.fetchImpl(`${this.settings.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(this.settings.apiKey ? { authorization: `Bearer ${this.settings.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: deadline ? AbortSignal.any([ownTimeout, deadline]) : ownTimeout,
      });
      return {
        status: response.status,
        text: await response.text(),
        retryAfter: response.headers.get('retry-after'),
      };
    } catch (error) {
      if (deadline?.aborted) throw new Error(abortReason(deadline));
      const name = (error as Error).name;
      throw new TransientError(
        name === 'TimeoutError' ? `no answer within ${this.settings.timeoutMs} ms` : (error as Error).message,
      );
    }
  }
}

/** What `/chat/completions` answers, as far as it is read. */
interface CompletionBody {
  choices?: { message?: { content?: string | null } }[];
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
}

interface Answer {
  content: string;
  usage?: ModelUsage;
}

/** The answer's token counts, when the endpoint reported them as numbers. */
function usageOf(answer: CompletionBody): ModelUsage | undefined {
  const tokens = (count: unknown) =>
    Number.isSafeInteger(count) && (count as number) >= 0 ? (count as number) : 0;
  if (!answer.usage) return undefined;
  return {
    promptTokens: tokens(answer.usage.prompt_tokens),
    completionTokens: tokens(answer.usage.completion_tokens),
  };
}

function sumUsage(a: ModelUsage | undefined, b: ModelUsage | undefined): ModelUsage | undefined {
  if (!a || !b) return a ?? b;
  return {
    promptTokens: a.promptTokens + b.promptTokens,
    completionTokens: a.completionTokens + b.completionTokens,
  };
}

/** JSON out of a model answer, also when it is wrapped in a ```json fence. */
function parseJson(content: string): { ok: true; value: unknown } | { ok: false } {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/.exec(content);
  try {
    return { ok: true, value: JSON.parse((fenced ? fenced[1] : content).trim()) };
  } catch {
    return { ok: false };
  }
}

function describe(errors: ErrorObject[]): string {
  return errors
    .slice(0, 5)
    .map((error) => `${error.instancePath || '(root)'} ${error.message}`)
    .join('; ');
}

/** Waits before a retry; an aborted call stops waiting at once (the retry loop then gives up). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });
}

/** Why the caller stopped waiting: its own reason when it gave one as text. */
function abortReason(signal: AbortSignal): string {
  return typeof signal.reason === 'string' ? signal.reason : 'the request it served ran out of time';
}

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  return Number.isFinite(seconds) ? seconds * 1_000 : undefined;
}
