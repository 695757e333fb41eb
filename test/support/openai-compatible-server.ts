import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the test server received it. */
export interface ChatRequest {
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
    max_tokens?: number;
    temperature?: number;
  };
}

/** Token counts as an OpenAI-compatible endpoint reports them. */
interface ReportedUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * What the handler answers: message content (200) with the usage it reports (by default about
 * four characters a token of the request's messages and the answer; `null` reports none), or a
 * status with a raw body.
 */
export type ChatReply =
  | { content: string; usage?: ReportedUsage | null }
  | { status: number; body: string; headers?: Record<string, string> }
  | { hang: true };

export interface OpenAiCompatibleServer {
  /** Base URL as LLM_BASE_URL takes it, e.g. `http://127.0.0.1:41234/v1`. */
  baseUrl: string;
  readonly requests: ChatRequest[];
  /** Tokens (prompt and completion) the server reported in all its answers. */
  readonly tokensReported: () => number;
  /** Replaces how the server answers. */
  reply(handler: (request: ChatRequest, index: number) => ChatReply): void;
  close(): Promise<void>;
}

/**
 * A minimal OpenAI-compatible `/v1/chat/completions` server for tests of the LLM port: it records
 * every request and answers what the test's handler says. Lives under test/: the product never
 * depends on it.
 */
export async function startOpenAiCompatibleServer(): Promise<OpenAiCompatibleServer> {
  const requests: ChatRequest[] = [];
  let tokensReported = 0;
  let handler: (request: ChatRequest, index: number) => ChatReply = () => ({
    status: 500,
    body: 'no handler',
  });
  const hanging = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res.writeHead(404).end();
      return;
    }
    const request: ChatRequest = {
      headers: req.headers,
      body: JSON.parse(Buffer.concat(chunks).toString('utf8')),
    };
    requests.push(request);
    const reply = handler(request, requests.length - 1);
    if ('hang' in reply) {
      hanging.add(res);
      return;
    }
    if ('status' in reply) {
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(reply.body);
      return;
    }
    const usage =
      reply.usage === undefined
        ? {
            prompt_tokens: Math.ceil(JSON.stringify(request.body.messages).length / 4),
            completion_tokens: Math.ceil(reply.content.length / 4),
          }
        : reply.usage;
    if (usage) tokensReported += usage.prompt_tokens + usage.completion_tokens;
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        model: request.body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: reply.content }, finish_reason: 'stop' },
        ],
        ...(usage
          ? { usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens } }
          : {}),
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    tokensReported: () => tokensReported,
    reply(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The server for the tests of one spec file: started before them, closed after them. Its fields
 * are read when a test runs, so a spec declares it at the top as it would the server itself.
 */
export function openAiCompatibleServerForTests(): OpenAiCompatibleServer {
  let started: OpenAiCompatibleServer | undefined;
  beforeAll(async () => {
    started = await startOpenAiCompatibleServer();
  });
  afterAll(() => started?.close());
  const server = () => {
    if (!started) throw new Error('the model server starts before the tests run');
    return started;
  };
  return {
    get baseUrl() {
      return server().baseUrl;
    },
    get requests() {
      return server().requests;
    },
    tokensReported: () => server().tokensReported(),
    reply: (handler) => server().reply(handler),
    close: () => server().close(),
  };
}

/** The schema name a structured request asked for (`extraction`, `summary`, `answer`, `highlights`). */
export function schemaNameOf(request: ChatRequest): string | undefined {
  return request.body.response_format?.json_schema?.name;
}

/** The page text the request carried (between the <<< >>> markers). */
export function pageTextOf(request: ChatRequest): string {
  const user = request.body.messages.find((message) => message.role === 'user')?.content ?? '';
  return /<<<\n([\s\S]*?)\n>>>/.exec(user)?.[1] ?? '';
}
