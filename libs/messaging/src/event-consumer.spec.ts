import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { natsNames, type RecordedEvent } from '#contracts';
import { deleteNatsResources, uniquePrefix } from '../../../test/support/nats-cleanup.js';
import { until } from '../../../test/support/until.js';
import { consumeEvents, retryDelayMs } from './event-consumer.js';
import { ensureEventsStream } from './events-stream.js';

const prefix = uniquePrefix('msg');
const names = natsNames(prefix);
const connections: NatsConnection[] = [];
const open = async () => {
  const nc = await connect({ servers: '127.0.0.1:4222' });
  connections.push(nc);
  return nc;
};

const event = (id: string): RecordedEvent => ({
  id,
  type: 'ScrapeRequested',
  streamId: `scrape-${id}`,
  revision: 0,
  position: 1,
  data: { scrapeId: id },
  metadata: {},
  createdAt: new Date().toISOString(),
});

afterAll(async () => {
  for (const nc of connections) if (!nc.isClosed()) await nc.close();
  await deleteNatsResources(prefix);
});

describe('durable event consumer', () => {
  it('redelivers a job to another instance when the first one dies mid-job', async () => {
    const publisher = await open();
    await ensureEventsStream(await jetstreamManager(publisher), names);

    const dying = await open();
    let startedOnDying!: () => void;
    const started = new Promise<void>((resolve) => {
      startedOnDying = resolve;
    });
    await consumeEvents(dying, names, {
      worker: 'w',
      category: 'scrape',
      type: 'ScrapeRequested',
      concurrency: 1,
      ackWaitMs: 1_000,
      handle: () => {
        startedOnDying();
        return new Promise(() => undefined); // never finishes: the process "dies" below
      },
    });
    await jetstream(publisher).publish(
      names.eventSubject('scrape', 'ScrapeRequested'),
      JSON.stringify(event('e1')),
      {
        msgID: 'e1',
      },
    );
    await started;
    await dying.close(); // no more heartbeats, no ack

    const survivor = await open();
    const handled = new Promise<{ id: string; redelivered: boolean }>((resolve) => {
      void consumeEvents(survivor, names, {
        worker: 'w',
        category: 'scrape',
        type: 'ScrapeRequested',
        concurrency: 1,
        ackWaitMs: 1_000,
        handle: async (e, delivery) => resolve({ id: e.id, redelivered: delivery.redelivered }),
      });
    });
    await expect(handled).resolves.toEqual({ id: 'e1', redelivered: true });
  });

  it('keeps the lease of a long job alive with heartbeats, so it is not handed out twice', async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const deliveries: string[] = [];
    const consumer = await consumeEvents(nc, names, {
      worker: 'slow',
      category: 'scrape',
      type: 'PageFetched',
      concurrency: 1,
      ackWaitMs: 600,
      handle: async (e) => {
        deliveries.push(e.id);
        await new Promise((r) => setTimeout(r, 2_000)); // three lease periods
      },
    });
    await jetstream(nc).publish(names.eventSubject('scrape', 'PageFetched'), JSON.stringify(event('e2')), {
      msgID: 'e2',
    });
    while (deliveries.length === 0) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 2_500));
    await consumer.stop();
    expect(deliveries).toEqual(['e2']);
  });

  it('does not run a job beside itself when its lease ran out while it was still running', async () => {
    const nc = await open();
    const jsm = await jetstreamManager(nc);
    await ensureEventsStream(jsm, names);
    const runs: boolean[] = [];
    let finished!: () => void;
    const firstRunDone = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const consumer = await consumeEvents(nc, names, {
      worker: 'stalled',
      category: 'monitor',
      type: 'CheckCompleted',
      concurrency: 1,
      ackWaitMs: 500,
      handle: async (_e, delivery) => {
        runs.push(delivery.redelivered);
        if (runs.length > 1) return;
        // The process stalls past the lease (no heartbeat can go out), so the server hands the job out
        // again; the redelivery arrives while this run still goes on.
        const stalledUntil = Date.now() + 1_500;
        while (Date.now() < stalledUntil);
        await new Promise((r) => setTimeout(r, 1_500));
        finished();
      },
    });
    await jetstream(nc).publish(
      names.eventSubject('monitor', 'CheckCompleted'),
      JSON.stringify(event('e6')),
      {
        msgID: 'e6',
      },
    );
    await firstRunDone;
    await new Promise((r) => setTimeout(r, 1_000)); // a second run, if any, has its delivery by now
    await consumer.stop();
    const settled = await jsm.consumers.info(names.eventsStream, names.consumerName('stalled'));
    expect({ runs, redelivered: settled.num_redelivered, unacknowledged: settled.num_ack_pending }).toEqual({
      runs: [false],
      redelivered: 0,
      unacknowledged: 0,
    });
  });

  it('hands a job still running after the stop grace back to the others, instead of waiting for it', async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const worker = {
      worker: 'stuck',
      category: 'monitor',
      type: 'CheckStarted',
      concurrency: 1,
      // A lease far longer than the test: only the hand-back frees the job before it ends.
      ackWaitMs: 600_000,
    };
    let startedJob!: () => void;
    const started = new Promise<void>((resolve) => {
      startedJob = resolve;
    });
    const stopping = await consumeEvents(nc, names, {
      ...worker,
      stopGraceMs: 200,
      handle: () => {
        startedJob();
        return new Promise(() => undefined); // e.g. a check waiting on scrapes that never report
      },
    });
    await jetstream(nc).publish(names.eventSubject('monitor', 'CheckStarted'), JSON.stringify(event('e3')), {
      msgID: 'e3',
    });
    await started;
    await stopping.stop();

    const other = await open();
    const handled = new Promise<string>((resolve) => {
      void consumeEvents(other, names, { ...worker, handle: async (e) => resolve(e.id) });
    });
    let leaseTimer: NodeJS.Timeout | undefined;
    const leaseStillHeld = new Promise((resolve) => {
      leaseTimer = setTimeout(() => resolve('still leased'), 10_000);
    });
    await expect(Promise.race([handled, leaseStillHeld])).resolves.toBe('e3');
    clearTimeout(leaseTimer); // left running, it outlived the test file
  });

  it('acknowledges history the relay sends again without handling it, when the consumer asks', async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const handled: string[] = [];
    const skipped: string[] = [];
    const finished = new Promise<void>((resolve) => {
      void consumeEvents(nc, names, {
        worker: 'notifier',
        category: 'crawl',
        concurrency: 1,
        ackWaitMs: 1_000,
        skipRelayedHistory: { horizonMs: 60 * 60_000, onSkip: (e) => skipped.push(e.id) },
        handle: async (e) => {
          handled.push(e.id);
          if (e.id === 'e5') resolve();
        },
      });
    });
    // Committed two hours before the relay publishes it (NATS lost its streams), then one of now.
    const old = { ...event('e4'), createdAt: new Date(Date.now() - 2 * 60 * 60_000).toISOString() };
    const subject = names.eventSubject('crawl', 'CrawlStarted');
    await jetstream(nc).publish(subject, JSON.stringify(old), { msgID: 'e4' });
    await jetstream(nc).publish(subject, JSON.stringify(event('e5')), { msgID: 'e5' });
    await finished;
    // One unacknowledged message at a time (concurrency 1): e5 came, so the skipped e4 was acknowledged.
    expect({ handled, skipped }).toEqual({ handled: ['e5'], skipped: ['e4'] });
  });

  it('handles the events of one stream in order, and streams side by side: a stalled one holds back only its own', async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const handled: string[] = [];
    let releaseA1!: () => void;
    const a1Released = new Promise<void>((resolve) => {
      releaseA1 = resolve;
    });
    await consumeEvents(nc, names, {
      worker: 'lanes',
      category: 'browser',
      concurrency: 8,
      ackWaitMs: 1_000,
      inOrderPerStream: true,
      handle: async (e) => {
        if (e.id === 'a1') await a1Released;
        handled.push(e.id);
      },
    });
    const subject = names.eventSubject('browser', 'BrowserSessionClosed');
    for (const id of ['a1', 'b1', 'a2', 'b2']) {
      const inStream = { ...event(id), streamId: `browser-${id[0]}` };
      await jetstream(nc).publish(subject, JSON.stringify(inStream), { msgID: id });
    }
    // a1 is stalled: b's events go by, a2 waits behind it.
    await until(async () => handled.includes('b2'), 'b2 handled');
    expect(handled).toEqual(['b1', 'b2']);
    releaseA1();
    await until(async () => handled.includes('a2'), 'a2 handled');
    expect(handled).toEqual(['b1', 'b2', 'a1', 'a2']);
  });

  it("runs each instance's concurrency side by side: two instances of 2 hold four jobs at once", async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const running = new Set<string>();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (let instance = 0; instance < 2; instance++) {
      await consumeEvents(await open(), names, {
        worker: 'scaled',
        category: 'extract',
        concurrency: 2,
        ackWaitMs: 5_000,
        handle: async (e) => {
          running.add(e.id);
          await released;
        },
      });
    }
    const subject = names.eventSubject('extract', 'PageFetched');
    for (const id of ['j1', 'j2', 'j3', 'j4', 'j5']) {
      await jetstream(nc).publish(subject, JSON.stringify(event(id)), { msgID: `scaled-${id}` });
    }
    await until(async () => running.size === 4, 'four jobs running');
    // The fifth waits for a free slot on either instance.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(running.size).toBe(4);
    release();
    await until(async () => running.size === 5, 'the fifth job running');
  });

  it('frees the slot of a job that failed while it waits to be retried: the next job goes first', async () => {
    const nc = await open();
    await ensureEventsStream(await jetstreamManager(nc), names);
    const handled: string[] = [];
    await consumeEvents(nc, names, {
      worker: 'retrying',
      category: 'retry',
      concurrency: 1,
      ackWaitMs: 5_000,
      handle: async (e, delivery) => {
        handled.push(`${e.id}#${delivery.attempt}`);
        // e.g. an SMTP server answering "try again later": retried with a backoff of a second
        if (e.id === 'r1' && delivery.attempt === 1) throw new Error('try again later');
      },
    });
    const subject = names.eventSubject('retry', 'Mailed');
    await jetstream(nc).publish(subject, JSON.stringify(event('r1')), { msgID: 'retry-r1' });
    await until(async () => handled.length === 1, 'the first attempt');
    await jetstream(nc).publish(subject, JSON.stringify(event('r2')), { msgID: 'retry-r2' });
    await until(async () => handled.length === 3, 'the retry and the next job');
    expect(handled).toEqual(['r1#1', 'r2#1', 'r1#2']);
  });

  it('waits twice as long after each failed attempt, up to its cap', () => {
    expect([1, 2, 3, 5, 6, 9].map((attempt) => retryDelayMs(attempt))).toEqual([
      1_000, 2_000, 4_000, 16_000, 30_000, 30_000,
    ]);
    expect([9, 10, 11].map((attempt) => retryDelayMs(attempt, 300_000))).toEqual([256_000, 300_000, 300_000]);
  });
});
