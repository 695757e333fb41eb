import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { loadConfig } from '#config';
import { natsNames, type RecordedEvent } from '#contracts';
import { blobStoreOpener } from '#messaging';
import { createLogger } from '#observability';
import { WebhookOutbox } from '../../apps/projector/src/webhooks/webhook-outbox.js';
import { WebhookSender } from '../../apps/projector/src/webhooks/webhook-sender.js';
import { deleteNatsResources, uniquePrefix } from '../support/nats-cleanup.js';
import { until } from '../support/until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

const LANES = 20;
const CALLS_PER_LANE = 20;
const CALLS = LANES * CALLS_PER_LANE;

const perSecond = (count: number, ms: number) => Math.round((count * 1000) / ms);

/**
 * Webhook calls through the outbox: sent at once while their receiver answers (the reference), queued
 * behind a call that failed, and sent from the queue once the receiver is back (20 monitors, 20 calls each).
 */
export async function benchWebhookOutbox(): Promise<Record<string, string>> {
  const prefix = uniquePrefix('bench');
  const names = natsNames(prefix);
  const nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
  const logBucket = names.kvBucket('deliveries');
  await new Kvm(nc).create(logBucket);
  const logger = createLogger('bench', 'silent');
  const config = loadConfig({ ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_SIGNING_SECRET: 'whsec_YmVuY2g=' });
  const outbox = new WebhookOutbox(
    nc,
    names,
    await blobStoreOpener(nc)(names.blobBucket),
    new WebhookSender(config, logger),
    logger,
  );
  outbox.onApplicationBootstrap();
  let down = false;
  const delivered: number[] = [];
  const receiver = await startWebhookReceiver(() => {
    if (down) return { status: 503, retryAfter: '2' };
    delivered.push(performance.now());
    return { status: 200 };
  });
  // Each lane's calls `from` to `to` one after another, as a monitor's events are handled; lanes side by side.
  const sendAll = (round: string, from: number, to: number) =>
    Promise.all(
      Array.from({ length: LANES }, async (_, lane) => {
        for (let n = from; n < to; n++) {
          await outbox.send(
            { streamId: `monitor-${round}${lane}`, revision: n } as RecordedEvent,
            0,
            { webhookId: `${round}-${lane}-${n}`, event: 'monitor.page', url: receiver.url, body: '{}' },
            logBucket,
            `${round}.${lane}.${n}`,
          );
        }
      }),
    );
  try {
    let started = performance.now();
    await sendAll('direct', 0, CALLS_PER_LANE);
    const directRate = perSecond(CALLS, performance.now() - started);

    // Each lane's first call fails (to be retried in 2 s), so the lane's other calls queue behind it.
    down = true;
    await sendAll('queued', 0, 1);
    started = performance.now();
    await sendAll('queued', 1, CALLS_PER_LANE);
    const queueRate = perSecond(CALLS - LANES, performance.now() - started);
    delivered.length = 0;
    down = false;
    await until(() => delivered.length >= CALLS, 'the queued calls', 120_000);
    const drainRate = perSecond(CALLS - 1, delivered[CALLS - 1] - delivered[0]);
    return {
      'sent at once (reference)': `${directRate} calls/s`,
      'queued behind a failed call': `${queueRate} calls/s (${(queueRate / directRate).toFixed(2)}×)`,
      'sent from the queue': `${drainRate} calls/s (${(drainRate / directRate).toFixed(2)}×)`,
    };
  } finally {
    await outbox.beforeApplicationShutdown();
    await receiver.close();
    await nc.close();
    await deleteNatsResources(prefix);
  }
}
