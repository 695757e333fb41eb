import { jetstreamManager } from '@nats-io/jetstream';
import { Objm } from '@nats-io/obj';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { deleteNatsResources, uniquePrefix } from '../../../../test/support/nats-cleanup.js';
import { describeBlobStoreContract } from './blob-store.contract.js';
import { NatsBlobStore } from './nats-blob-store.js';

const prefix = uniquePrefix('blob');
let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: '127.0.0.1:4222' });
});
afterAll(async () => {
  await nc.close();
  await deleteNatsResources(prefix);
});

describeBlobStoreContract(
  'JetStream object store',
  () => (name, options) => NatsBlobStore.open(nc, `${prefix}_${name}`, options),
);

describe('NatsBlobStore reads', () => {
  it('answers undefined, not never, when the chunks of an entry are gone before its description', async () => {
    const bucket = `${prefix}_race`;
    const store = await NatsBlobStore.open(nc, bucket);
    await store.put('expiring', 'soon gone');
    // What max age does in the instant between the two: the chunks (written first) expired, the description not yet.
    const objectStore = await new Objm(nc).open(bucket);
    const info = await objectStore.info('expiring');
    const jsm = await jetstreamManager(nc);
    await jsm.streams.purge(`OBJ_${bucket}`, { filter: `$O.${bucket}.C.${info?.nuid}` });
    const read = store.getBytes('expiring');
    await jsm.streams.purge(`OBJ_${bucket}`, { filter: `$O.${bucket}.M.>` });
    await expect(read).resolves.toBeUndefined();
  }, 20_000);
});
