import { type JetStreamManager, jetstreamManager } from '@nats-io/jetstream';
import { type KV, Kvm } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import type { NatsNames, RecordedEvent } from '#contracts';
import { BLOB_STORE, type BlobStore, lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';
import { LOGGER, registerSampledGauge } from '#observability';
import { type WebhookCall, WebhookSender } from './webhook-sender.js';

/** How often the outbox looks for calls that are due. */
const TICK_MS = 1_000;
/** A drainer that claimed a call and died lets go of it after this long: another instance takes it. */
const CLAIM_MS = 30_000;
/** Lanes drained side by side per instance: calls in flight at once, not lanes waiting for a retry. */
const LANES_AT_ONCE = 32;
/** Calls one lane sends in a row before other lanes get their turn. */
const CALLS_PER_TURN = 50;

/** A call waiting in the outbox; its body is in the blob store under `webhook-outbox/<key>`. */
interface QueuedCall {
  call: Omit<WebhookCall, 'body'>;
  /** The delivery-log bucket and key its attempts are logged under. */
  logBucket: string;
  logKey: string;
  /** Not to be tried before (epoch ms). */
  retryAt: number;
  /** An instance is sending it until then (epoch ms). */
  claimedUntil?: number;
}

/**
 * The webhook outbox of monitors and crawls. A call is tried once as its event is handled; one
 * that fails, and every later call of the same lane (a monitor's, a crawl's), waits in a JetStream
 * KV bucket, in event order, and is sent from there with backoff. So the event consumers never
 * hold an event while a receiver is down: a dead receiver delays only its own lane, however many
 * calls queue behind it. When a lane's call is given up on, the calls queued behind it get one try
 * each until one gets through, so a receiver gone for good does not keep its lane busy for days.
 * Every projector instance drains; a claim on the lane's first call keeps two from sending it.
 */
@Injectable()
export class WebhookOutbox implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private readonly queue: () => Promise<KV>;
  private readonly bucket: string;
  private jsm?: Promise<JetStreamManager>;
  private readonly logs = new Map<string, Promise<KV>>();
  /** Lanes with calls waiting, as last seen: their next calls queue behind them. */
  private backlogged = new Set<string>();
  /** Lanes this instance queued a call for while a scan ran (the scan may have missed it). */
  private queuedDuringScan = new Set<string>();
  private readonly draining = new Map<string, Promise<void>>();
  /** Lanes whose last call was given up on: their calls get one try each until one gets through. */
  private readonly receiversDown = new Set<string>();
  private ready?: Promise<void>;
  private timer?: NodeJS.Timeout;
  private scanning?: Promise<void>;
  private waitingCalls = 0;
  private stopped = false;
  private unregisterGauge?: () => void;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) names: NatsNames,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly sender: WebhookSender,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'webhook-outbox' });
    this.bucket = names.kvBucket('webhook_outbox');
    this.queue = lazyKv(nc, this.bucket);
  }

  onApplicationBootstrap() {
    this.unregisterGauge = registerSampledGauge({
      name: 'trawl_webhook_outbox_calls',
      help: 'Webhook calls waiting in the outbox for a retry or behind an earlier call of their monitor or crawl',
      sample: () => [{ value: this.waitingCalls }],
    });
    this.timer = setInterval(() => {
      this.scanOnce().catch((error: unknown) =>
        this.logger.error({ err: error }, 'webhook outbox scan failed'),
      );
    }, TICK_MS);
    this.timer.unref();
  }

  /**
   * Sends `call` for `event`, the `index`th call of that event, or queues it behind its lane's
   * waiting calls. Resolves once the call is delivered, given up on, or safely queued.
   */
  async send(event: RecordedEvent, index: number, call: WebhookCall, logBucket: string, logKey: string) {
    // The lanes waiting before this process started must be known before a call may go out directly.
    this.ready ??= this.scanOnce().catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    await this.ready;
    const lane = event.streamId;
    const queued = { call: withoutBody(call), logBucket, logKey, retryAt: Date.now() };
    if (!this.backlogged.has(lane)) {
      const outcome = await this.sender.attempt(call, await this.log(logBucket), logKey);
      if (outcome.status !== 'retrying') return;
      queued.retryAt = outcome.retryAt;
    }
    // Zero-padded, so that the keys of a lane sort in event order.
    const key = `${lane}.${String(event.revision).padStart(10, '0')}-${String(index).padStart(4, '0')}`;
    await this.blobs.put(bodyKey(key), call.body);
    await (await this.queue()).put(key, JSON.stringify(queued));
    this.backlogged.add(lane);
    this.queuedDuringScan.add(lane);
  }

  /** One scan at a time: two would each reset what the other counts on (`queuedDuringScan`). */
  private scanOnce(): Promise<void> {
    this.scanning ??= this.scan().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  /** Lists the waiting calls by lane, and starts draining each lane not being drained here. */
  private async scan() {
    this.queuedDuringScan = new Set();
    const lanes = new Map<string, string[]>();
    for (const key of await this.waitingKeys()) {
      const lane = key.slice(0, key.lastIndexOf('.'));
      const keys = lanes.get(lane) ?? [];
      keys.push(key);
      lanes.set(lane, keys);
    }
    this.backlogged = new Set([...lanes.keys(), ...this.queuedDuringScan]);
    this.waitingCalls = [...lanes.values()].reduce((sum, keys) => sum + keys.length, 0);
    for (const lane of this.receiversDown) if (!lanes.has(lane)) this.receiversDown.delete(lane);
    if (this.stopped) return;
    for (const [lane, keys] of lanes) {
      if (this.draining.size >= LANES_AT_ONCE) break;
      if (this.draining.has(lane)) continue;
      const drain = this.drain(lane, keys.sort())
        .catch((error: unknown) => this.logger.error({ err: error, lane }, 'webhook outbox drain failed'))
        .finally(() => this.draining.delete(lane));
      this.draining.set(lane, drain);
    }
  }

  /**
   * The keys of the waiting calls, read from the bucket's stream in one request: `KV.keys()` reads
   * until nothing is pending, so the drains' writes while it listed kept a scan going for 30 s.
   */
  private async waitingKeys(): Promise<string[]> {
    await this.queue();
    const info = await (await this.streams()).info(`KV_${this.bucket}`, { subjects_filter: '>' });
    const prefix = `$KV.${this.bucket}.`;
    return Object.keys(info.state.subjects ?? {}).map((subject) => subject.slice(prefix.length));
  }

  /** Removes a sent call: its message goes from the stream, leaving no delete marker to list or purge. */
  private async remove(key: string, revision: number) {
    // A newer message under the key (its event handled again) stays, to be sent (the log skips it).
    await (await this.streams()).deleteMessage(`KV_${this.bucket}`, revision, false).catch(() => false);
    await this.blobs.delete(bodyKey(key));
  }

  /** The outbox bucket is a JetStream stream (`KV_<bucket>`), read and trimmed as one here. */
  private async streams() {
    this.jsm ??= jetstreamManager(this.nc);
    return (await this.jsm).streams;
  }

  /**
   * Sends a lane's waiting calls in order, while they are due and unclaimed: the first that is not
   * ends the turn, so that no later call overtakes it.
   */
  private async drain(lane: string, keys: string[]) {
    const queue = await this.queue();
    for (const key of keys.slice(0, CALLS_PER_TURN)) {
      if (this.stopped) return;
      const entry = await queue.get(key);
      if (entry?.operation !== 'PUT') continue;
      const queued = entry.json<QueuedCall>();
      const now = Date.now();
      if (queued.retryAt > now || (queued.claimedUntil ?? 0) > now) return;
      const claimed = await queue
        .update(key, JSON.stringify({ ...queued, claimedUntil: now + CLAIM_MS }), entry.revision)
        .catch(() => undefined);
      if (claimed === undefined) return; // another instance is sending it
      const body = await this.blobs.getText(bodyKey(key));
      if (body === undefined) {
        this.logger.error({ key, webhookId: queued.call.webhookId }, 'webhook body lost: call dropped');
      } else {
        const log = await this.log(queued.logBucket);
        const lastTry = this.receiversDown.has(lane);
        const outcome = await this.sender.attempt({ ...queued.call, body }, log, queued.logKey, lastTry);
        if (outcome.status === 'retrying') {
          await queue.put(
            key,
            JSON.stringify({ ...queued, retryAt: outcome.retryAt, claimedUntil: undefined }),
          );
          return;
        }
        if (outcome.status === 'failed') this.receiversDown.add(lane);
        else this.receiversDown.delete(lane);
      }
      await this.remove(key, claimed);
    }
  }

  /** A delivery-log bucket the services created (crawl logs expire; monitor logs do not). */
  private log(bucket: string): Promise<KV> {
    let log = this.logs.get(bucket);
    if (!log) {
      log = new Kvm(this.nc).open(bucket);
      log.catch(() => this.logs.delete(bucket));
      this.logs.set(bucket, log);
    }
    return log;
  }

  /** Stops sending; a call in flight finishes, and an interrupted one is retried when its claim ends. */
  async beforeApplicationShutdown() {
    this.stopped = true;
    clearInterval(this.timer);
    this.unregisterGauge?.();
    await this.scanning?.catch(() => undefined);
    await Promise.allSettled(this.draining.values());
  }
}

const bodyKey = (key: string) => `webhook-outbox/${key}`;

function withoutBody({ body: _body, ...call }: WebhookCall): Omit<WebhookCall, 'body'> {
  return call;
}
