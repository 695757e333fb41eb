import { connect, type NatsConnection } from '@nats-io/transport-node';
import { BUSY_GRACE_MS, BusyGrace } from './busy-grace.js';

/** Real NATS requests: one subject whose subscriber never answers (busy), one nobody listens on (down). */
describe('BusyGrace', () => {
  let nc: NatsConnection;
  const prefix = `busy_grace_${process.pid}_${Date.now()}`;
  let clock = 0;
  const grace = () => new BusyGrace(() => clock);
  const silent = () => nc.request(`${prefix}.silent`, '', { timeout: 100 }).then(() => ({}));
  const nobody = () => nc.request(`${prefix}.nobody`, '', { timeout: 100 }).then(() => ({}));

  beforeAll(async () => {
    nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
    nc.subscribe(`${prefix}.silent`, { callback: () => {} });
  });
  afterAll(() => nc.close());

  it('reports an app that timed out soon after it answered as busy, with how long ago it answered', async () => {
    const probes = grace();
    clock = 1_000;
    await expect(probes.probe('extractor', async () => ({ threads: 2 }))).resolves.toEqual({ threads: 2 });
    clock = 1_000 + BUSY_GRACE_MS;
    await expect(probes.probe('extractor', silent)).resolves.toEqual({
      busy: true,
      lastAnsweredMsAgo: BUSY_GRACE_MS,
    });
  });

  it('reports it down when it never answered, stays silent past the grace, or is not running', async () => {
    const probes = grace();
    clock = 0;
    await expect(probes.probe('browser', silent)).rejects.toThrow('timeout');
    await probes.probe('browser', async () => ({}));
    clock = BUSY_GRACE_MS + 1;
    await expect(probes.probe('browser', silent)).rejects.toThrow('timeout');
    await probes.probe('core', async () => ({}));
    await expect(probes.probe('core', nobody)).rejects.toThrow('no responders');
  });
});
