import type { NatsConnection } from '@nats-io/transport-node';
import { RequestError } from '@nats-io/transport-node';
import { TrawlError, type WorkerReply } from '#contracts';
import { correlationHeaders } from '#messaging';

/**
 * Asks a browser-worker (interact, browser sessions) over request/reply: its answer, its refusal
 * as a TrawlError with the worker's code, or undefined when no worker listens on the subject or
 * the one that does answers `goneCode` (it no longer holds what was asked for).
 */
export async function askBrowserWorker<T>(
  nc: NatsConnection,
  subject: string,
  request: unknown,
  options: { timeoutMs: number; correlationId: string; goneCode?: string },
): Promise<T | undefined> {
  try {
    const msg = await nc.request(subject, JSON.stringify(request), {
      timeout: options.timeoutMs,
      headers: correlationHeaders(options.correlationId),
    });
    const reply = msg.json<WorkerReply<T>>();
    if (reply.ok) return reply.value;
    if (reply.code === options.goneCode) return undefined;
    throw new TrawlError(reply.code, reply.error);
  } catch (error) {
    if (error instanceof RequestError && error.isNoResponders()) return undefined;
    throw error;
  }
}
