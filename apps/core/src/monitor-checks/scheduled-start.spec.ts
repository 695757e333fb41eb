import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type MonitorSpec, monitorStreamId } from '#contracts';
import { monitorDecider } from '#domain';
import { SqliteEventStore } from '#event-store';
import { executeCommand } from '../command-handling/execute-command.js';

const dir = mkdtempSync(join(tmpdir(), 'trawl-scheduler-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const spec: MonitorSpec = {
  name: 'Hourly',
  schedule: { cron: '0 * * * *', timezone: 'UTC' },
  targets: [{ id: 't-1', type: 'scrape', urls: ['http://a.test/'] }],
  webhook: null,
  notification: null,
  retentionDays: 30,
  goal: null,
  judgeEnabled: false,
};
const slot = '2026-01-01T10:00:00.000Z';

/** Two core instances sharing one store, both deciding to start the same due slot. */
describe('scheduled starts against a real store', () => {
  it('starts a slot once when several instances race for it (the optimistic append is the lock)', async () => {
    const file = join(dir, 'race.sqlite');
    const stores = Array.from({ length: 4 }, () => new SqliteEventStore(file));
    const monitorId = 'm-race';
    const stream = monitorStreamId(monitorId);
    await executeCommand(
      stores[0],
      monitorDecider,
      stream,
      { type: 'CreateMonitor', data: { monitorId, teamId: 'team', spec, at: '2026-01-01T09:30:00.000Z' } },
      {},
    );
    const attempts = await Promise.all(
      stores.map((store, i) =>
        executeCommand(
          store,
          monitorDecider,
          stream,
          {
            type: 'StartScheduledCheck',
            data: { monitorId, checkId: `c-${i}`, scheduledFor: slot, at: '2026-01-01T10:00:00.500Z' },
          },
          {},
        ),
      ),
    );
    expect(attempts.flatMap((attempt) => attempt.events)).toHaveLength(1);
    const started = (await stores[0].readStream(stream)).filter((event) => event.type === 'CheckStarted');
    expect(started).toHaveLength(1);
    await Promise.all(stores.map((store) => store.close()));
  });

  it('after a restart runs a slot missed while down once, and schedules the next one after now', async () => {
    const file = join(dir, 'restart.sqlite');
    const monitorId = 'm-restart';
    const stream = monitorStreamId(monitorId);
    const before = new SqliteEventStore(file);
    await executeCommand(
      before,
      monitorDecider,
      stream,
      { type: 'CreateMonitor', data: { monitorId, teamId: 'team', spec, at: '2026-01-01T09:30:00.000Z' } },
      {},
    );
    await before.close();

    // Down from 09:30 to 13:20: three slots passed. The restarted scheduler sees nextRunAt = 10:00.
    const after = new SqliteEventStore(file);
    const at = '2026-01-01T13:20:00.000Z';
    const { events } = await executeCommand(
      after,
      monitorDecider,
      stream,
      { type: 'StartScheduledCheck', data: { monitorId, checkId: 'c-late', scheduledFor: slot, at } },
      {},
    );
    expect(events).toEqual([
      expect.objectContaining({
        type: 'CheckStarted',
        data: expect.objectContaining({ scheduledFor: slot, nextRunAt: '2026-01-01T14:00:00.000Z' }),
      }),
    ]);
    const again = await executeCommand(
      after,
      monitorDecider,
      stream,
      { type: 'StartScheduledCheck', data: { monitorId, checkId: 'c-dup', scheduledFor: slot, at } },
      {},
    );
    expect(again.events).toEqual([]);
    await after.close();
  });
});
