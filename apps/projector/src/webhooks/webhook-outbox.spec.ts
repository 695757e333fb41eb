import { type KV, Kvm } from '@nats-io/kv';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { loadConfig } from '#config';
import { natsNames, type RecordedEvent, type WebhookDeliveryRecord } from '#contracts';
import { blobStoreOpener } from '#messaging';
import { createLogger, metricsRegistry } from '#observability';
import { deleteNatsResources, uniquePrefix } from '../../../../test/support/nats-cleanup.js';
import { until } from '../../../../test/support/until.js';
import { startWebhookReceiver } from '../../../../test/support/webhook-receiver.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSender } from './webhook-sender.js';

const prefix = uniquePrefix('outbox');
const names = natsNames(prefix);
const logBucket = names.kvBucket('deliveries');
const logger = createLogger('webhook-outbox-spec', 'silent');
const config = loadConfig({
  ALLOW_PRIVATE_ADDRESSES: 'true',
  WEBHOOK_SIGNING_SECRET: `whsec_${Buffer.from('outbox-spec-webhook-secret-32byt').toString('base64')}`,
  WEBHOOK_MAX_ATTEMPTS: '3',
  WEBHOOK_RETRY_BASE_MS: '20',
});
let nc: NatsConnection;
let log: KV;
const running: WebhookOutbox[] = [];
beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
  log = await new Kvm(nc).create(logBucket);
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((outbox) => outbox.beforeApplicationShutdown()));
});
afterAll(async () => {
  await nc.close();
  await deleteNatsResources(prefix);
});

async function startOutbox(): Promise<WebhookOutbox> {
  const blobs = await blobStoreOpener(nc)(names.blobBucket);
  const outbox = new WebhookOutbox(nc, names, blobs, new WebhookSender(config, logger), logger);
  outbox.onApplicationBootstrap();
  running.push(outbox);
  return outbox;
}

/** Sends the call of event `revision` of stream `lane` to `url`; its webhook id is `<lane>-<revision>`. */
const send = (outbox: WebhookOutbox, lane: string, revision: number, url: string) =>
  outbox.send(
    { streamId: lane, revision } as RecordedEvent,
    0,
    { webhookId: `${lane}-${revision}`, event: 'crawl.page', url, body: JSON.stringify({ revision }) },
    logBucket,
    `${lane}.${revision}`,
  );

const ids = (calls: { headers: Record<string, unknown> }[]) =>
  calls.map((call) => call.headers['webhook-id']);
const logged = async (key: string) => (await log.get(key))?.json<WebhookDeliveryRecord>();

describe('WebhookOutbox', () => {
  it("retries a failed call from the outbox, its lane's later calls behind it in order, other lanes at once", async () => {
    const outbox = await startOutbox();
    const flaky = await startWebhookReceiver((n) => ({ status: n <= 2 ? 503 : 200 }));
    const steady = await startWebhookReceiver(() => ({ status: 200 }));
    try {
      await send(outbox, 'crawl-a', 0, flaky.url);
      await send(outbox, 'crawl-a', 1, flaky.url);
      await send(outbox, 'crawl-b', 0, steady.url);
      // Sending returned once the first call failed and both were queued: the other lane went out at once.
      expect(ids(flaky.calls)).toEqual(['crawl-a-0']);
      expect(ids(steady.calls)).toEqual(['crawl-b-0']);
      await until(async () => (await logged('crawl-a.1'))?.status === 'delivered', 'the queued call');
      expect(ids(flaky.calls)).toEqual(['crawl-a-0', 'crawl-a-0', 'crawl-a-0', 'crawl-a-1']);
      expect(await logged('crawl-a.0')).toMatchObject({
        status: 'delivered',
        attempts: 3,
        lastStatusCode: 200,
      });
      expect(await logged('crawl-a.1')).toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      await flaky.close();
      await steady.close();
    }
  });

  it('gives the calls queued behind a call given up on one try each, until one gets through', async () => {
    const outbox = await startOutbox();
    // Down for the first call's 3 attempts and the next two calls; then up, but for one more 503.
    const receiver = await startWebhookReceiver((n) => ({ status: n <= 5 || n === 7 ? 503 : 200 }));
    try {
      for (const revision of [0, 1, 2, 3, 4]) await send(outbox, 'crawl-c', revision, receiver.url);
      await until(async () => (await logged('crawl-c.4'))?.status === 'delivered', 'the last call');
      expect(ids(receiver.calls)).toEqual([
        ...['crawl-c-0', 'crawl-c-0', 'crawl-c-0', 'crawl-c-1', 'crawl-c-2'],
        ...['crawl-c-3', 'crawl-c-4', 'crawl-c-4'],
      ]);
      expect(await logged('crawl-c.0')).toMatchObject({ status: 'failed', attempts: 3 });
      expect(await logged('crawl-c.1')).toMatchObject({ status: 'failed', attempts: 1, lastStatusCode: 503 });
      expect(await logged('crawl-c.2')).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await logged('crawl-c.3')).toMatchObject({ status: 'delivered', attempts: 1 });
      // The receiver is back: a failed attempt is retried again.
      expect(await logged('crawl-c.4')).toMatchObject({ status: 'delivered', attempts: 2 });
    } finally {
      await receiver.close();
    }
  });

  it('counts the calls waiting on /metrics', async () => {
    const outbox = await startOutbox();
    const receiver = await startWebhookReceiver(() => ({ status: 503, retryAfter: '3600' }));
    const gauge = async () =>
      Number(
        / (\d+)$/m.exec(await metricsRegistry.getSingleMetricAsString('trawl_webhook_outbox_calls'))?.[1],
      );
    try {
      for (const revision of [0, 1, 2]) await send(outbox, 'crawl-e', revision, receiver.url);
      expect(await until(async () => ((await gauge()) > 0 ? gauge() : undefined), 'a scan')).toBe(3);
      expect(ids(receiver.calls)).toEqual(['crawl-e-0']);
    } finally {
      await receiver.close();
    }
  });

  it('sends a queued call once while two instances drain the outbox', async () => {
    const one = await startOutbox();
    await startOutbox(); // a second instance, draining the same outbox
    // The retry is slow to answer, so that both instances find it due while it is in flight.
    const receiver = await startWebhookReceiver((n) =>
      n === 1 ? { status: 503 } : { status: 200, delayMs: 2_500 },
    );
    try {
      await send(one, 'crawl-d', 0, receiver.url);
      await until(async () => (await logged('crawl-d.0'))?.status === 'delivered', 'the retried call');
      // Both instances scanned the outbox every second meanwhile; the claim kept the second one out.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(ids(receiver.calls)).toEqual(['crawl-d-0', 'crawl-d-0']);
    } finally {
      await receiver.close();
    }
  });
});
