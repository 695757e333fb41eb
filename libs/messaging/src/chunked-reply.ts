import { createInbox, type NatsConnection } from '@nats-io/transport-node';
import { TrawlError } from '#contracts';

/** Chunks stay well below NATS's 1 MB message limit. */
export const REPLY_CHUNK_BYTES = 512 * 1024;

/**
 * The first message of a chunked reply: the outcome. On success `chunks` messages follow, in
 * order, holding the answer's JSON split into byte ranges.
 */
type ChunkedReplyHeader = { ok: true; chunks: number } | { ok: false; code: string; message: string };

/** What a responder answers: a value of any size, or an error the asker throws as a TrawlError. */
export type ChunkedAnswer = { ok: true; value: unknown } | { ok: false; code: string; message: string };

/**
 * Answers a request of `requestInChunks` over core NATS: nothing is written to a stream, so
 * zero-data-retention pages and documents travel this way, whatever their size.
 */
export function replyInChunks(nc: NatsConnection, replyTo: string, answer: ChunkedAnswer): void {
  if (!answer.ok) {
    nc.publish(replyTo, JSON.stringify(answer satisfies ChunkedReplyHeader));
    return;
  }
  const bytes = Buffer.from(JSON.stringify(answer.value));
  const chunks = Math.ceil(bytes.length / REPLY_CHUNK_BYTES);
  nc.publish(replyTo, JSON.stringify({ ok: true, chunks } satisfies ChunkedReplyHeader));
  for (let index = 0; index < chunks; index++) {
    const start = index * REPLY_CHUNK_BYTES;
    nc.publish(replyTo, bytes.subarray(start, start + REPLY_CHUNK_BYTES));
  }
}

/**
 * Sends `payload` to `subject` and reassembles the chunked answer. Rejects with the responder's
 * error as a TrawlError, with `timedOut()` after `timeoutMs`, and with `NoResponderError` when
 * nobody listens on the subject (NATS answers such a request with a 503 status at once).
 */
export function requestInChunks<T>(
  nc: NatsConnection,
  subject: string,
  payload: unknown,
  timeoutMs: number,
  timedOut: () => Error,
): Promise<T> {
  const inbox = createInbox();
  return new Promise<T>((resolve, reject) => {
    let expected: number | undefined;
    const chunks: Uint8Array[] = [];
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      subscription.unsubscribe();
      outcome();
    };
    const timer = setTimeout(() => finish(() => reject(timedOut())), timeoutMs);
    const subscription = nc.subscribe(inbox, {
      callback: (err, msg) => {
        if (err) return finish(() => reject(err));
        if (expected === undefined) {
          if (msg.headers?.code === 503) return finish(() => reject(new NoResponderError(subject)));
          const header = msg.json<ChunkedReplyHeader>();
          if (!header.ok) return finish(() => reject(new TrawlError(header.code, header.message)));
          expected = header.chunks;
        } else {
          chunks.push(msg.data);
        }
        if (chunks.length === expected) {
          finish(() => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as T));
        }
      },
    });
    nc.publish(subject, JSON.stringify(payload), { reply: inbox });
  });
}

/** Nobody listens on the subject a chunked request went to. */
export class NoResponderError extends Error {
  constructor(subject: string) {
    super(`No responder on ${subject}`);
    this.name = 'NoResponderError';
  }
}
