import type { RecordedEvent } from '#contracts';
import { evolveCheckView, evolveMonitorView } from './monitor-views.projection.js';

const spec = {
  name: 'Docs',
  schedule: { cron: '0 9 * * *', timezone: 'UTC' },
  targets: [{ id: 't-1', type: 'scrape' as const, urls: ['http://a.test/', 'http://b.test/'] }],
  webhook: null,
  notification: null,
  retentionDays: 30,
  goal: null,
  judgeEnabled: false,
};
let revision = 0;
const event = (type: string, data: object, createdAt = '2026-01-01T00:00:00.000Z'): RecordedEvent => ({
  id: `e-${revision}`,
  type,
  streamId: 'monitor-m-1',
  revision: revision++,
  position: revision,
  data: { monitorId: 'm-1', teamId: 'team', ...data },
  metadata: {},
  createdAt,
});

describe('monitor read models', () => {
  it('folds a monitor and its check, idempotently', () => {
    revision = 0;
    const created = event('MonitorCreated', {
      spec,
      nextRunAt: '2026-01-01T09:00:00.000Z',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    const monitor = evolveMonitorView(undefined, created);
    expect(monitor).toMatchObject({
      id: 'm-1',
      status: 'active',
      schedule: { cron: '0 9 * * *', description: 'At 09:00 (UTC)' },
      estimatedCreditsPerMonth: 60,
      revision: 0,
    });
    expect(evolveMonitorView(monitor ?? undefined, created)).toBeUndefined();
    const started = event('CheckStarted', {
      checkId: 'c-1',
      trigger: 'manual',
      scheduledFor: null,
      startedAt: '2026-01-01T01:00:00.000Z',
      nextRunAt: '2026-01-01T09:00:00.000Z',
      targets: spec.targets,
      baselines: {},
      goal: null,
      judgeEnabled: false,
      estimatedCredits: 2,
    });
    const running = evolveMonitorView(monitor ?? undefined, started);
    expect(running).toMatchObject({ currentCheckId: 'c-1', lastRunAt: '2026-01-01T01:00:00.000Z' });
    expect(evolveMonitorView(running ?? undefined, started)).toBeUndefined(); // redelivered
    const check = evolveCheckView(undefined, started);
    expect(check).toMatchObject({ id: 'c-1', status: 'running', summary: { totalPages: 0 } });
    const page = event('PageChecked', {
      checkId: 'c-1',
      page: { status: 'new' },
      snapshot: null,
      notify: {},
    });
    const afterPage = evolveCheckView(check, page);
    expect(afterPage?.summary).toMatchObject({ totalPages: 1, new: 1 });
    expect(evolveCheckView(afterPage, page)).toBeUndefined();
    expect(evolveMonitorView(running ?? undefined, event('MonitorDeleted', { deletedAt: 't' }))).toBeNull();
  });

  it('restores a monitor from the snapshot of ChecksExpired when rebuilt after truncation', () => {
    const monitor = {
      status: 'paused',
      spec: { ...spec, targets: [] },
      nextRunAt: null,
      baselines: {},
      running: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastRunAt: '2026-01-03T00:00:00.000Z',
      lastCheckSummary: null,
    };
    revision = 9;
    const expired = event('ChecksExpired', {
      checkIds: ['old'],
      scrapeIds: [],
      expiredAt: '2026-02-01T00:00:00.000Z',
      monitor,
    });
    expect(evolveMonitorView(undefined, expired)).toMatchObject({
      id: 'm-1',
      status: 'paused',
      createdAt: '2026-01-01T00:00:00.000Z',
      lastRunAt: '2026-01-03T00:00:00.000Z',
      revision: 9,
    });
  });
});
