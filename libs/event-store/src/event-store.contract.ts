import { randomUUID } from 'node:crypto';
import { type EventStore, type NewEvent, WrongExpectedRevisionError } from './event-store.port.js';

/**
 * The behaviour every EventStore adapter must have. Each adapter's spec calls this with a factory;
 * streams get fresh ids per test, so one store can serve the whole suite.
 */
export function describeEventStoreContract(adapter: string, open: () => Promise<EventStore>) {
  describe(`EventStore contract: ${adapter}`, () => {
    let store: EventStore;
    const stream = () => `contract-${randomUUID()}`;
    const events = (count: number, data: (index: number) => unknown = (index) => ({ index })): NewEvent[] =>
      Array.from({ length: count }, (_, index) => ({
        id: randomUUID(),
        type: 'Happened',
        data: data(index),
        metadata: { correlationId: 'c-1' },
      }));
    const conflict = (promise: Promise<unknown>) =>
      expect(promise).rejects.toBeInstanceOf(WrongExpectedRevisionError);

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store.close();
    });

    it('appends with revisions 0..n-1 and reads them back in order with data and metadata', async () => {
      const id = stream();
      const result = await store.append(id, events(3), 'no_stream');
      expect(result.nextExpectedRevision).toBe(2);
      const read = await store.readStream(id);
      expect(read.map((event) => [event.revision, event.data])).toEqual([
        [0, { index: 0 }],
        [1, { index: 1 }],
        [2, { index: 2 }],
      ]);
      expect(read[0]).toMatchObject({ streamId: id, type: 'Happened', metadata: { correlationId: 'c-1' } });
      expect(read[2]?.position).toBe(result.position);
    });

    it('reads [] for a stream that does not exist', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('enforces the expected revision', async () => {
      const id = stream();
      await conflict(store.append(id, events(1), 'stream_exists'));
      await conflict(store.append(id, events(1), 0));
      await store.append(id, events(2), 'no_stream');
      await conflict(store.append(id, events(1), 'no_stream'));
      const error = await store.append(id, events(1), 0).catch((e: WrongExpectedRevisionError) => e);
      expect(error).toMatchObject({ streamId: id, expected: 0, actual: 1 });
      await store.append(id, events(1), 1);
      await store.append(id, events(1), 'stream_exists');
      await store.append(id, events(1), 'any');
      expect((await store.readStream(id)).length).toBe(5);
    });

    it('lets exactly one of two concurrent writers with the same expectation win', async () => {
      const id = stream();
      await store.append(id, events(1), 'no_stream');
      const outcomes = await Promise.allSettled([
        store.append(id, events(1), 0),
        store.append(id, events(1), 0),
      ]);
      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      expect((await store.readStream(id)).length).toBe(2);
    });

    it('writes nothing of a batch that conflicts', async () => {
      const id = stream();
      await store.append(id, events(1), 'no_stream');
      await conflict(store.append(id, events(5), 7));
      expect((await store.readStream(id)).length).toBe(1);
    });

    it('treats a retried batch (same ids, same stream) as already written', async () => {
      const id = stream();
      const batch = events(2);
      const first = await store.append(id, batch, 'no_stream');
      await store.append(id, events(1), 1);
      await expect(store.append(id, batch, 'no_stream')).resolves.toEqual(first);
      expect((await store.readStream(id)).map((event) => event.id)).toEqual([
        batch[0]?.id,
        batch[1]?.id,
        expect.any(String),
      ]);
    });

    it('takes large appends: 2,000 events at once and a 500 KB event', async () => {
      const id = stream();
      const result = await store.append(id, events(2_000), 'no_stream');
      expect(result.nextExpectedRevision).toBe(1_999);
      const big = 'x'.repeat(500_000);
      await store.append(
        id,
        events(1, () => ({ big })),
        1_999,
      );
      const read = await store.readStream(id, { fromRevision: 1_999 });
      expect(read.map((event) => event.revision)).toEqual([1_999, 2_000]);
      expect(read[1]?.data).toEqual({ big });
    });

    it('reads a stream forwards from a revision, bounded by maxCount', async () => {
      const id = stream();
      await store.append(id, events(10), 'no_stream');
      const read = await store.readStream(id, { fromRevision: 4, maxCount: 3 });
      expect(read.map((event) => event.revision)).toEqual([4, 5, 6]);
      expect(await store.readStream(id, { fromRevision: 10 })).toEqual([]);
    });

    it('reads all streams in global commit order from a position', async () => {
      const [a, b] = [stream(), stream()];
      const start = await store.headPosition();
      await store.append(a, events(2), 'no_stream');
      await store.append(b, events(1), 'no_stream');
      await store.append(a, events(1), 1);
      const all = await store.readAll({ afterPosition: start });
      const ours = all.filter((event) => event.streamId === a || event.streamId === b);
      expect(ours.map((event) => `${event.streamId === a ? 'a' : 'b'}${event.revision}`)).toEqual([
        'a0',
        'a1',
        'b0',
        'a2',
      ]);
      const positions = all.map((event) => event.position);
      expect(positions).toEqual([...positions].sort((x, y) => x - y));
      expect(await store.headPosition()).toBe(positions.at(-1));
      const page = await store.readAll({ afterPosition: ours[1]?.position, maxCount: 1 });
      expect(page).toHaveLength(1);
      expect(page[0]?.position).toBeGreaterThan(ours[1]?.position as number);
    });

    it('soft-deletes a stream: it reads empty, leaves readAll, and can start again', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.append(id, events(3), 'no_stream');
      await conflict(store.deleteStream(id, 0));
      await store.deleteStream(id, 2);
      expect(await store.readStream(id)).toEqual([]);
      expect((await store.readAll({ afterPosition: start })).some((event) => event.streamId === id)).toBe(
        false,
      );
      await conflict(store.append(id, events(1), 'stream_exists'));
      await store.append(id, events(1), 'no_stream');
      const read = await store.readStream(id);
      expect(read).toHaveLength(1);
      expect(read[0]?.revision).toBe(3);
      await store.deleteStream(id);
      await store.append(id, events(1), 'any');
      expect((await store.readStream(id)).map((event) => event.revision)).toEqual([4]);
    });

    it('truncates a stream before a revision, in readStream and readAll', async () => {
      const id = stream();
      const start = await store.headPosition();
      await store.append(id, events(5), 'no_stream');
      await store.truncateStream(id, 3);
      expect((await store.readStream(id)).map((event) => event.revision)).toEqual([3, 4]);
      const all = await store.readAll({ afterPosition: start });
      expect(all.filter((event) => event.streamId === id).map((event) => event.revision)).toEqual([3, 4]);
      await store.append(id, events(1), 4);
    });

    it('keeps stream metadata and applies maxCount and truncateBefore on read', async () => {
      const id = stream();
      await store.append(id, events(6), 'no_stream');
      await store.setStreamMetadata(id, { maxCount: 2, custom: { owner: 'team-1' } });
      expect(await store.getStreamMetadata(id)).toEqual({ maxCount: 2, custom: { owner: 'team-1' } });
      expect((await store.readStream(id)).map((event) => event.revision)).toEqual([4, 5]);
      expect((await store.readStream(id, { maxCount: 1 })).map((event) => event.revision)).toEqual([4]);
      await store.setStreamMetadata(id, { truncateBefore: 1 });
      expect((await store.readStream(id)).map((event) => event.revision)).toEqual([1, 2, 3, 4, 5]);
    });

    it('hides events older than maxAge seconds', async () => {
      const id = stream();
      await store.append(id, events(2), 'no_stream');
      // Real time passes: maxAge is whole seconds against the commit time.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      await store.append(id, events(1), 1);
      await store.setStreamMetadata(id, { maxAge: 2 });
      expect((await store.readStream(id)).map((event) => event.revision)).toEqual([2]);
      await store.setStreamMetadata(id, {});
      expect(await store.readStream(id)).toHaveLength(3);
    });

    it('tells listeners about commits', async () => {
      let commits = 0;
      const stop = store.onCommitted(() => commits++);
      await store.append(stream(), events(2), 'no_stream');
      stop();
      await store.append(stream(), events(1), 'no_stream');
      expect(commits).toBe(1);
      await expect(store.ping()).resolves.toBeUndefined();
    });
  });
}
