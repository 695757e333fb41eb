import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { deleteNatsResources, uniquePrefix } from '../../../test/support/nats-cleanup.js';
import { openKv } from './lazy-kv.js';

const prefix = uniquePrefix('kv');
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
});
afterAll(async () => {
  await nc.close();
  await deleteNatsResources(prefix);
});

describe('openKv', () => {
  it('opens a bucket that services create at once, whichever creates it first', async () => {
    const bucket = natsNames(prefix).kvBucket('sessions');
    // Many openers at the same instant (as a process's services on start), one with other options:
    // each finds the bucket missing and creates it; all but one creation lose the race.
    const opened = await Promise.all([
      ...Array.from({ length: 6 }, () => openKv(nc, bucket, { ttl: 60_000 })),
      openKv(nc, bucket),
    ]);
    await opened[0]?.put('a', 'written by one');
    for (const kv of opened) expect((await kv.get('a'))?.string()).toBe('written by one');
  });
});
