import type { CheckPage, MonitorEvent, MonitorSpec, PageSnapshot } from '#contracts';
import { DomainError } from '../decider/decider.js';
import { given } from '../decider/given-when-then.js';
import {
  checkedPagesCredits,
  checkStatus,
  creditsPerCheck,
  monitorDecider,
  summarise,
} from './monitor.decider.js';

const monitorId = 'm-1';
const teamId = 'team-1';
const spec: MonitorSpec = {
  name: 'Prices',
  schedule: { cron: '0 * * * *', timezone: 'UTC' },
  targets: [{ id: 't-1', type: 'scrape', urls: ['http://a.test/', 'http://b.test/'] }],
  webhook: { url: 'http://hooks.test/' },
  notification: null,
  retentionDays: 30,
  goal: null,
  judgeEnabled: false,
};
const created: MonitorEvent = {
  type: 'MonitorCreated',
  data: {
    monitorId,
    teamId,
    spec,
    nextRunAt: '2026-01-01T10:00:00.000Z',
    createdAt: '2026-01-01T09:30:00.000Z',
  },
};
const baseline: PageSnapshot = { scrapeId: 's-0', documentBlob: 'documents/s-0', checkedAt: 't' };
const page = (url: string, status: CheckPage['status']): CheckPage => ({
  id: `p-${url}`,
  targetId: 't-1',
  url,
  status,
  previousScrapeId: null,
  currentScrapeId: status === 'error' ? null : 's-1',
  statusCode: status === 'error' ? null : 200,
  error: status === 'error' ? 'boom' : null,
  metadata: null,
  diff: null,
  snapshot: null,
  judgment: null,
  createdAt: 't',
});
const started = (
  checkId: string,
  trigger: 'manual' | 'scheduled',
  scheduledFor: string | null,
  startedAt: string,
  next: string | null,
): MonitorEvent => ({
  type: 'CheckStarted',
  data: {
    monitorId,
    teamId,
    checkId,
    trigger,
    scheduledFor,
    startedAt,
    nextRunAt: next,
    targets: spec.targets,
    baselines: {},
    goal: null,
    judgeEnabled: false,
    estimatedCredits: 2,
  },
});
const pageChecked = (checkId: string, p: CheckPage, snapshot: PageSnapshot | null = null): MonitorEvent => ({
  type: 'PageChecked',
  data: {
    monitorId,
    teamId,
    checkId,
    page: p,
    snapshot,
    notify: { monitorName: 'Prices', webhook: spec.webhook, notification: null },
  },
});

const expectDomainError = (fn: () => unknown, code: string) => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe(code);
    return;
  }
  throw new Error(`expected DomainError ${code}`);
};

describe('monitor decider', () => {
  it('creates a monitor with its first run after now', () => {
    expect(
      given(monitorDecider, []).when({
        type: 'CreateMonitor',
        data: { monitorId, teamId, spec, at: '2026-01-01T09:30:00.000Z' },
      }),
    ).toEqual([created]);
  });

  it('refuses judging without a goal, and a second create', () => {
    expectDomainError(
      () =>
        given(monitorDecider, []).when({
          type: 'CreateMonitor',
          data: { monitorId, teamId, spec: { ...spec, judgeEnabled: true }, at: 't' },
        }),
      'BAD_REQUEST',
    );
    expectDomainError(
      () =>
        given(monitorDecider, [created]).when({
          type: 'CreateMonitor',
          data: { monitorId, teamId, spec, at: 't' },
        }),
      'MONITOR_ALREADY_EXISTS',
    );
  });

  it('hides a monitor from other teams and after deletion', () => {
    const run = { type: 'RunMonitor', data: { monitorId, teamId: 'other', checkId: 'c', at: 't' } } as const;
    expectDomainError(() => given(monitorDecider, [created]).when(run), 'MONITOR_NOT_FOUND');
    const deleted: MonitorEvent = { type: 'MonitorDeleted', data: { monitorId, teamId, deletedAt: 't' } };
    expectDomainError(
      () => given(monitorDecider, [created, deleted]).when({ ...run, data: { ...run.data, teamId } }),
      'MONITOR_NOT_FOUND',
    );
  });

  it('updates fields and pauses in one PATCH; resuming schedules the next run from now', () => {
    const at = '2026-01-01T09:40:00.000Z';
    const events = given(monitorDecider, [created]).when({
      type: 'UpdateMonitor',
      data: { monitorId, teamId, changes: { name: 'Renamed' }, status: 'paused', at },
    });
    expect(events).toEqual([
      {
        type: 'MonitorUpdated',
        data: { monitorId, teamId, changes: { name: 'Renamed' }, nextRunAt: null, updatedAt: at },
      },
      { type: 'MonitorPaused', data: { monitorId, teamId, pausedAt: at } },
    ]);
    const resumed = given(monitorDecider, [created, ...events]).when({
      type: 'UpdateMonitor',
      data: { monitorId, teamId, changes: {}, status: 'active', at: '2026-01-01T12:10:00.000Z' },
    });
    expect(resumed).toEqual([
      {
        type: 'MonitorResumed',
        data: {
          monitorId,
          teamId,
          nextRunAt: '2026-01-01T13:00:00.000Z',
          resumedAt: '2026-01-01T12:10:00.000Z',
        },
      },
    ]);
  });

  it('turns judging on when a goal is set with judgeEnabled omitted', () => {
    const [event] = given(monitorDecider, [created]).when({
      type: 'UpdateMonitor',
      data: { monitorId, teamId, changes: { goal: 'price drops' }, at: 't' },
    });
    expect(event).toMatchObject({ data: { changes: { goal: 'price drops', judgeEnabled: true } } });
  });

  it('runs a manual check with the baselines, and refuses a second while it runs or when paused', () => {
    const [event] = given(monitorDecider, [created]).when({
      type: 'RunMonitor',
      data: { monitorId, teamId, checkId: 'c-1', at: 't1' },
    });
    expect(event).toEqual(started('c-1', 'manual', null, 't1', '2026-01-01T10:00:00.000Z'));
    expectDomainError(
      () =>
        given(monitorDecider, [created, event]).when({
          type: 'RunMonitor',
          data: { monitorId, teamId, checkId: 'c-2', at: 't2' },
        }),
      'MONITOR_CHECK_RUNNING',
    );
    const paused: MonitorEvent = { type: 'MonitorPaused', data: { monitorId, teamId, pausedAt: 't' } };
    expectDomainError(
      () =>
        given(monitorDecider, [created, paused]).when({
          type: 'RunMonitor',
          data: { monitorId, teamId, checkId: 'c-2', at: 't2' },
        }),
      'MONITOR_PAUSED',
    );
  });

  describe('scheduled checks', () => {
    const slot = '2026-01-01T10:00:00.000Z';
    const scheduled = (at: string, checkId = 'c-1') =>
      ({ type: 'StartScheduledCheck', data: { monitorId, checkId, scheduledFor: slot, at } }) as const;

    it('starts the due slot once; the same slot again decides nothing', () => {
      const events = given(monitorDecider, [created]).when(scheduled('2026-01-01T10:00:01.000Z'));
      expect(events).toEqual([
        started('c-1', 'scheduled', slot, '2026-01-01T10:00:01.000Z', '2026-01-01T11:00:00.000Z'),
      ]);
      expect(
        given(monitorDecider, [created, ...events]).when(scheduled('2026-01-01T10:00:02.000Z', 'c-2')),
      ).toEqual([]);
    });

    it('does not start a slot before it is due', () => {
      expect(given(monitorDecider, [created]).when(scheduled('2026-01-01T09:59:00.000Z'))).toEqual([]);
    });

    it('runs a slot missed while down once, then continues from now', () => {
      const [event] = given(monitorDecider, [created]).when(scheduled('2026-01-01T15:20:00.000Z'));
      expect(event).toMatchObject({
        type: 'CheckStarted',
        data: { scheduledFor: slot, nextRunAt: '2026-01-01T16:00:00.000Z' },
      });
    });

    it('records skipped_overlap while the previous check still runs', () => {
      const manual = started('c-0', 'manual', null, '2026-01-01T09:59:00.000Z', slot);
      expect(given(monitorDecider, [created, manual]).when(scheduled('2026-01-01T10:00:00.000Z'))).toEqual([
        {
          type: 'CheckSkipped',
          data: {
            monitorId,
            teamId,
            checkId: 'c-1',
            reason: 'skipped_overlap',
            runningCheckId: 'c-0',
            scheduledFor: slot,
            skippedAt: '2026-01-01T10:00:00.000Z',
            nextRunAt: '2026-01-01T11:00:00.000Z',
          },
        },
      ]);
    });

    it('never starts a paused monitor', () => {
      const paused: MonitorEvent = { type: 'MonitorPaused', data: { monitorId, teamId, pausedAt: 't' } };
      expect(given(monitorDecider, [created, paused]).when(scheduled('2026-01-01T10:00:00.000Z'))).toEqual(
        [],
      );
    });
  });

  it('records each page once and completes with the summary; snapshots become the next baselines', () => {
    const start = started('c-1', 'manual', null, 't1', null);
    const first = pageChecked('c-1', page('http://a.test/', 'new'), baseline);
    const record = {
      type: 'RecordPageChecked',
      data: { monitorId, checkId: 'c-1', page: page('http://a.test/', 'new'), snapshot: baseline, at: 't' },
    } as const;
    expect(given(monitorDecider, [created, start]).when(record)).toEqual([first]);
    expect(given(monitorDecider, [created, start, first]).when(record)).toEqual([]);
    expect(given(monitorDecider, [created]).when(record)).toEqual([]); // no such running check

    const second = pageChecked('c-1', page('http://b.test/', 'error'));
    const [completed] = given(monitorDecider, [created, start, first, second]).when({
      type: 'CompleteCheck',
      data: { monitorId, checkId: 'c-1', at: 't9' },
    });
    expect(completed).toEqual({
      type: 'CheckCompleted',
      data: {
        monitorId,
        teamId,
        checkId: 'c-1',
        status: 'partial',
        summary: { totalPages: 2, same: 0, changed: 0, new: 1, removed: 0, error: 1 },
        actualCredits: 1,
        error: null,
        finishedAt: 't9',
        notify: { monitorName: 'Prices', webhook: spec.webhook, notification: null },
      },
    });
    const state = given(monitorDecider, [created, start, first, second, completed]).state();
    expect(state).toMatchObject({ running: null, baselines: { 't-1 http://a.test/': baseline } });
    const [next] = given(monitorDecider, [created, start, first, second, completed]).when({
      type: 'RunMonitor',
      data: { monitorId, teamId, checkId: 'c-2', at: 't10' },
    });
    expect(next).toMatchObject({ data: { baselines: { 't-1 http://a.test/': baseline } } });
  });

  it("keeps a removed page's last content marked removed, and forgets a crawl's unreached page once it is gone", () => {
    const start = started('c-1', 'manual', null, 't1', null);
    const key = 't-1 http://a.test/';
    const seen = pageChecked('c-1', page('http://a.test/', 'new'), baseline);
    const removed = pageChecked('c-1', { ...page('http://a.test/', 'removed'), createdAt: 't5' });
    const marked = given(monitorDecider, [created, start, seen, removed]).state();
    expect(marked).toMatchObject({ baselines: { [key]: { ...baseline, removedAt: 't5' } } });
    // Still gone (same, no snapshot): the mark stays; a hidden page of a crawl is forgotten then.
    const stillGone = pageChecked('c-1', page('http://a.test/', 'same'));
    expect(given(monitorDecider, [created, start, seen, removed, stillGone]).state()).toMatchObject({
      baselines: { [key]: { removedAt: 't5' } },
    });
    const hiddenStillGone = pageChecked('c-1', { ...page('http://a.test/', 'same'), visibility: 'hidden' });
    expect(given(monitorDecider, [created, start, seen, removed, hiddenStillGone]).state()).toMatchObject({
      baselines: {},
    });
    // Back again: its new content is the baseline, unmarked.
    const back = pageChecked('c-1', page('http://a.test/', 'new'), baseline);
    const returned = given(monitorDecider, [created, start, seen, removed, back]).state() as {
      baselines: Record<string, PageSnapshot>;
    };
    expect(returned.baselines[key]).toEqual(baseline);
  });

  it('summarises and rates checks', () => {
    expect(checkStatus(summarise([{ status: 'same' }, { status: 'changed' }]))).toBe('completed');
    expect(checkStatus(summarise([{ status: 'error' }]))).toBe('failed');
    expect(checkStatus(summarise([]), 'crashed')).toBe('failed');
  });
});

describe('what a check costs', () => {
  const targets: MonitorSpec['targets'] = [
    {
      id: 't-json',
      type: 'scrape',
      urls: ['http://a.test/', 'http://b.test/'],
      scrapeOptions: { formats: [{ type: 'json', prompt: 'price' }] },
    },
    { id: 't-plain', type: 'scrape', urls: ['http://c.test/'] },
    { id: 't-search', type: 'search', queries: ['kettles'], searchWindow: '24h', maxResults: 3 },
  ];

  it("prices each page as its target's scrape: estimated for every page, actual for those scraped", () => {
    // 2 json pages at 5, 1 plain page, 3 search results as plain scrapes.
    expect(creditsPerCheck(targets)).toBe(2 * 5 + 1 + 3);
    const scraped = (targetId: string, url: string): CheckPage => ({ ...page(url, 'same'), targetId });
    const pages = [
      scraped('t-json', 'http://a.test/'),
      { ...scraped('t-json', 'http://b.test/'), currentScrapeId: null, status: 'error' as const },
      scraped('t-plain', 'http://c.test/'),
      scraped('t-search', 'http://d.test/'),
    ];
    expect(checkedPagesCredits(pages, targets)).toBe(5 + 1 + 1);
  });
});
