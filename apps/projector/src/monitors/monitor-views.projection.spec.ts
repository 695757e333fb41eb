import {
  MONITOR_CHECK_PAGES_READ_MODEL,
  MONITOR_CHECKS_READ_MODEL,
  MONITORS_READ_MODEL,
  type RecordedEvent,
} from '#contracts';
import { mapDocuments } from '../projections/read-model-documents.js';
import { monitorViewsProjection } from './monitor-views.js';
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

  it('removes an expired check before its pages, so a reader never sees it with part of them', async () => {
    revision = 0;
    const models = { checks: new Map<string, string>(), pages: new Map<string, string>() };
    const pages = mapDocuments(models.pages);
    const checkWhenPageRemoved: boolean[] = [];
    const documents = {
      [MONITORS_READ_MODEL]: mapDocuments(new Map()),
      [MONITOR_CHECKS_READ_MODEL]: mapDocuments(models.checks),
      [MONITOR_CHECK_PAGES_READ_MODEL]: {
        ...pages,
        remove: async (key: string) => {
          checkWhenPageRemoved.push(models.checks.has('team.m-1.c-1'));
          await pages.remove(key);
        },
      },
    };
    const apply = (type: string, data: object) =>
      monitorViewsProjection.apply(event(type, data), documents, {
        blobs: { getText: async () => undefined },
      });
    await apply('MonitorCreated', { spec, nextRunAt: null, createdAt: '2026-01-01T00:00:00.000Z' });
    await apply('CheckStarted', {
      checkId: 'c-1',
      startedAt: '2026-01-01T01:00:00.000Z',
      targets: spec.targets,
    });
    for (const id of ['p-1', 'p-2'])
      await apply('PageChecked', { checkId: 'c-1', page: { id, status: 'new' }, snapshot: null, notify: {} });
    expect([...models.pages.keys()]).toEqual(['c-1.p-1', 'c-1.p-2']);
    await apply('ChecksExpired', { checkIds: ['c-1'], scrapeIds: [], expiredAt: '2026-02-01T00:00:00.000Z' });
    expect(models.checks.size).toBe(0);
    expect(models.pages.size).toBe(0);
    expect(checkWhenPageRemoved).toEqual([false, false]);
  });
});
