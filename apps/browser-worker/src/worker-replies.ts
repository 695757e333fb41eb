import type { Msg } from '@nats-io/transport-node';
import type { Logger } from 'pino';
import { FetchError } from '#browser';
import type { WorkerReply } from '#contracts';
import { ProfileError } from './profiles/profile-vault.service.js';

/** A request the worker refuses with an API error code (the api answers with its status). */
export class WorkerFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Answers a request/reply message with what `handle` returns, or with the code and message of
 * the error it throws (UNKNOWN_ERROR, logged, for anything not meant for the caller).
 */
export async function answerRequest(msg: Msg, handle: () => Promise<unknown>, logger: Logger): Promise<void> {
  let reply: WorkerReply<unknown>;
  try {
    reply = { ok: true, value: await handle() };
  } catch (error) {
    const code =
      error instanceof WorkerFailure || error instanceof FetchError || error instanceof ProfileError
        ? error.code
        : 'UNKNOWN_ERROR';
    if (code === 'UNKNOWN_ERROR') logger.error({ err: error }, 'a browser-worker request failed');
    reply = { ok: false, code, error: error instanceof Error ? error.message : String(error) };
  }
  msg.respond(JSON.stringify(reply));
}
