import { connect, type NatsConnection } from '@nats-io/transport-node';
import { TrawlError } from '#contracts';
import { uniquePrefix } from '../../../test/support/nats-cleanup.js';
import { NoResponderError, REPLY_CHUNK_BYTES, replyInChunks, requestInChunks } from './chunked-reply.js';

describe('chunked reply', () => {
  const subject = `${uniquePrefix('chunks')}.answer`;
  let nc: NatsConnection;
  beforeAll(async () => {
    nc = await connect({ servers: '127.0.0.1:4222' });
  });
  afterAll(() => nc.close());

  const timedOut = () => new Error('timed out');

  it('carries an answer larger than a NATS message, and a responder’s error as a TrawlError', async () => {
    const served = nc.subscribe(subject, {
      callback: (_err, msg) => {
        const { size } = msg.json<{ size: number }>();
        if (size < 0)
          replyInChunks(nc, msg.reply as string, { ok: false, code: 'CRAWL_NOT_FOUND', message: 'gone' });
        else replyInChunks(nc, msg.reply as string, { ok: true, value: { text: 'é'.repeat(size) } });
      },
    });
    try {
      // Three chunks of two-byte characters: a chunk boundary falls inside one of them.
      const size = Math.floor(REPLY_CHUNK_BYTES * 1.3);
      const big = await requestInChunks<{ text: string }>(nc, subject, { size }, 10_000, timedOut);
      expect(big.text).toBe('é'.repeat(size));
      const failed = requestInChunks(nc, subject, { size: -1 }, 10_000, timedOut);
      await expect(failed).rejects.toBeInstanceOf(TrawlError);
      await expect(failed).rejects.toMatchObject({ code: 'CRAWL_NOT_FOUND', message: 'gone', status: 404 });
    } finally {
      served.unsubscribe();
    }
  });

  it('says at once that nobody listens, and times out on a responder that never answers', async () => {
    // Not the timeout's error: NATS's no-responders status ends the wait.
    await expect(requestInChunks(nc, `${subject}.nobody`, {}, 60_000, timedOut)).rejects.toBeInstanceOf(
      NoResponderError,
    );
    const silent = nc.subscribe(`${subject}.silent`, { callback: () => undefined });
    try {
      await expect(requestInChunks(nc, `${subject}.silent`, {}, 300, timedOut)).rejects.toThrow('timed out');
    } finally {
      silent.unsubscribe();
    }
  });
});
