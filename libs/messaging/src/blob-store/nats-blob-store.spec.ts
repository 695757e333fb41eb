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
