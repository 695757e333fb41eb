import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { deleteNatsResources, uniquePrefix } from '../../../test/support/nats-cleanup.js';
import { KvCompareAndSet } from './kv-compare-and-set.js';

const prefix = uniquePrefix('cas');
let nc: NatsConnection;
let kv: KV;
beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
  kv = await new Kvm(nc).create(natsNames(prefix).kvBucket('counters'));
});
afterAll(async () => {
  await nc.close();
  await deleteNatsResources(prefix);
});

const increment = (current: string | undefined) => {
  const count = Number(current ?? 0) + 1;
  return { value: String(count), result: count };
};

describe('KvCompareAndSet', () => {
  it('applies the changes of one key arriving at once together, in arrival order, in a few writes', async () => {
    const counters = new KvCompareAndSet(async () => kv, 'The counter');
    const counts = await Promise.all(Array.from({ length: 100 }, () => counters.update('one', increment)));
    expect(counts).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    const entry = await kv.get('one');
    expect(entry?.string()).toBe('100');
    // The first change is written alone; the 99 that arrived while it was in flight in one more write.
    expect(entry?.revision).toBeLessThanOrEqual(3);
  });

  it('loses no change when two instances write the same key at once', async () => {
    const [a, b] = [
      new KvCompareAndSet(async () => kv, 'The counter'),
      new KvCompareAndSet(async () => kv, 'The counter'),
    ];
    const counts = await Promise.all(
      Array.from({ length: 60 }, (_, index) => (index % 2 === 0 ? a : b).update('shared', increment)),
    );
    expect(new Set(counts).size).toBe(60);
    expect((await kv.get('shared'))?.string()).toBe('60');
  });

  it('rejects only the caller whose change throws', async () => {
    const counters = new KvCompareAndSet(async () => kv, 'The counter');
    const failing = () => {
      throw new Error('not this one');
    };
    const answers = await Promise.allSettled([
      counters.update('mixed', increment),
      counters.update('mixed', increment),
      counters.update('mixed', failing),
      counters.update('mixed', increment),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((await kv.get('mixed'))?.string()).toBe('3');
  });
});
