import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import type { NatsNames } from '#contracts';
import { correlationHeaders, correlationOf } from './correlation.js';

/** Reply of every command: a result, or a rejection the caller can map to an error code. */
export type CommandReply<Result = unknown> =
  | { ok: true; result: Result }
  | { ok: false; error: { code: string; message: string } };

export class CommandRejectedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'CommandRejectedError';
  }
}

export interface SendOptions {
  timeoutMs?: number;
  correlationId?: string;
}

/** Sends commands as NATS request/reply; a command nobody answers fails with a timeout. */
export class CommandBus {
  constructor(
    private readonly nc: NatsConnection,
    private readonly names: NatsNames,
  ) {}

  async send<Result = unknown>(
    category: string,
    command: string,
    payload: unknown,
    options: SendOptions = {},
  ): Promise<Result> {
    const msg = await this.nc.request(this.names.commandSubject(category, command), JSON.stringify(payload), {
      timeout: options.timeoutMs ?? 10_000,
      headers: correlationHeaders(options.correlationId),
    });
    const reply = msg.json<CommandReply<Result>>();
    if (!reply.ok) throw new CommandRejectedError(reply.error.code, reply.error.message);
    return reply.result;
  }
}

export type CommandHandler = (payload: unknown, context: { correlationId?: string }) => Promise<unknown>;

/**
 * Serves the commands of one category. A queue group spreads them over every instance; an
 * error becomes a rejection reply (its `code` property when it has one).
 */
export function serveCommands(
  nc: NatsConnection,
  names: NatsNames,
  category: string,
  handlers: Record<string, CommandHandler>,
): Subscription[] {
  return Object.entries(handlers).map(([command, handle]) =>
    nc.subscribe(names.commandSubject(category, command), {
      queue: `${names.prefix}_${category}_commands`,
      callback: (err, msg) => {
        if (err) return;
        const correlationId = correlationOf(msg.headers);
        handle(msg.json(), { correlationId }).then(
          (result) => msg.respond(JSON.stringify({ ok: true, result } satisfies CommandReply)),
          (error: unknown) => {
            const code = (error as { code?: unknown }).code;
            const reply: CommandReply = {
              ok: false,
              error: {
                code: typeof code === 'string' ? code : 'UNKNOWN_ERROR',
                message: error instanceof Error ? error.message : String(error),
              },
            };
            msg.respond(JSON.stringify(reply));
          },
        );
      },
    }),
  );
}
