import type { CheckPage, MonitorEvent, MonitorSpec, RecordedEvent } from '#contracts';
import { fold } from '../decider/decider.js';
import { given } from '../decider/given-when-then.js';
import { monitorDecider } from './monitor.decider.js';
import { retentionPlan } from './monitor-upkeep.js';

const monitorId = 'm-1';
const teamId = 'team-1';
const spec: MonitorSpec = {
  name: 'Prices',
  schedule: { cron: '0 * * * *', timezone: 'UTC' },
  targets: [{ id: 't-1', type: 'scrape', urls: ['http://a.test/', 'http://b.test/'] }],
  webhook: { url: 'http://hooks.test/' },
  notification: null,
  retentionDays: 1,
  goal: null,
  judgeEnabled: false,
};
const notify = { monitorName: 'Prices', webhook: spec.webhook, notification: null };
const created: MonitorEvent = {
  type: 'MonitorCreated',
  data: {
    monitorId,
    teamId,
    spec,
    nextRunAt: '2026-01-10T10:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
};
const started = (checkId: string, startedAt: string): MonitorEvent => ({
  type: 'CheckStarted',
  data: {
    monitorId,
    teamId,
    checkId,
    trigger: 'manual',
    scheduledFor: null,
    startedAt,
    nextRunAt: '2026-01-10T10:00:00.000Z',
    targets: spec.targets,
    baselines: {},
    goal: null,
    judgeEnabled: false,
    estimatedCredits: 2,
  },
});
const page = (url: string, scrapeId: string): CheckPage => ({
  id: `p-${scrapeId}`,
  targetId: 't-1',
  url,
  status: 'new',
  previousScrapeId: null,
  currentScrapeId: scrapeId,
  statusCode: 200,
  error: null,
  metadata: null,
  diff: null,
  snapshot: null,
  judgment: null,
  createdAt: 't',
});
const checked = (checkId: string, url: string, scrapeId: string): MonitorEvent => ({
  type: 'PageChecked',
  data: {
    monitorId,
    teamId,
    checkId,
    page: page(url, scrapeId),
    snapshot: { scrapeId, documentBlob: `documents/${scrapeId}`, checkedAt: 't' },
    notify,
  },
});
describe('stuck checks', () => {
  it('records the pages that never reported as errors and completes the check, once', () => {
    const history = [
      created,
      started('c-1', '2026-01-02T00:00:00.000Z'),
      checked('c-1', 'http://a.test/', 's-a'),
    ];
    const decided = given(monitorDecider, history).when({
      type: 'CompleteStuckCheck',
      data: {
        monitorId,
        checkId: 'c-1',
        reason: 'no answer within 1 minute',
        at: '2026-01-02T01:00:00.000Z',
      },
    });
    expect(decided.map((event) => event.type)).toEqual(['PageChecked', 'CheckCompleted']);
    expect(decided[0].data).toMatchObject({
      page: {
        url: 'http://b.test/',
        status: 'error',
        error: 'The page never reported: no answer within 1 minute',
      },
    });
    expect(decided[1].data).toMatchObject({
      status: 'partial',
      summary: { totalPages: 2, new: 1, error: 1 },
      error: 'Completed by the watchdog: no answer within 1 minute',
    });
    // A second watchdog (or the late worker) finds the check finished and decides nothing.
    const after = given(monitorDecider, [...history, ...decided]);
    expect(
      after.when({ type: 'CompleteStuckCheck', data: { monitorId, checkId: 'c-1', reason: 'x', at: 't' } }),
    ).toEqual([]);
    expect(after.when({ type: 'CompleteCheck', data: { monitorId, checkId: 'c-1', at: 't' } })).toEqual([]);
  });
});

describe('retention', () => {
  const recorded = (events: MonitorEvent[]): RecordedEvent[] =>
    events.map((event, revision) => ({ ...event, revision }) as unknown as RecordedEvent);
  const expireChecks = (checkIds: string[], scrapeIds: string[], at: string) =>
    ({
      type: 'ExpireChecks',
      data: {
        monitorId,
        checkIds,
        scrapeIds,
        history: { createdAt: '2026-01-01T00:00:00.000Z', lastRunAt: null, lastCheckSummary: null },
        at,
      },
    }) as const;
  const completed = (checkId: string): MonitorEvent => ({
    type: 'CheckCompleted',
    data: {
      monitorId,
      teamId,
      checkId,
      status: 'completed',
      summary: { totalPages: 1, same: 0, changed: 0, new: 1, removed: 0, error: 0 },
      actualCredits: 1,
      error: null,
      finishedAt: 't',
      notify,
    },
  });
  const stream = [
    created,
    started('old', '2026-01-01T00:00:00.000Z'),
    checked('old', 'http://a.test/', 's-old'),
    completed('old'),
    started('kept', '2026-01-03T00:00:00.000Z'),
    checked('kept', 'http://b.test/', 's-kept'),
    completed('kept'),
  ];

  it('plans to drop the finished checks started before the cutoff, and to keep the stream from the oldest kept one', () => {
    expect(retentionPlan(recorded(stream), '2026-01-02T00:00:00.000Z')).toEqual({
      checkIds: ['old'],
      scrapeIds: ['s-old'],
      keepFromRevision: 4,
    });
    expect(retentionPlan(recorded(stream), '2026-01-05T00:00:00.000Z').keepFromRevision).toBeUndefined();
  });

  it('keeps baseline scrapes, and folds to the same monitor from its snapshot alone', () => {
    const history = given(monitorDecider, stream);
    // s-old is still page a's baseline: its document stays.
    const [expired] = history.when(expireChecks(['old'], ['s-old', 's-gone'], '2026-01-05T00:00:00.000Z'));
    expect(expired).toMatchObject({
      type: 'ChecksExpired',
      data: { checkIds: ['old'], scrapeIds: ['s-gone'] },
    });
    // After truncation the stream starts at the kept check; the snapshot restores the rest.
    expect(fold(monitorDecider, [...stream.slice(4), expired])).toEqual(history.state());
  });

  it('drops a baseline that an earlier expiry kept once a newer check has replaced it', () => {
    const [expired] = given(monitorDecider, stream).when(
      expireChecks(['old'], ['s-old'], '2026-01-05T00:00:00.000Z'),
    );
    // s-old stayed as page a's baseline; the check of 01-06 replaces it, with its check long gone.
    const later = [
      ...stream.slice(4),
      expired,
      started('newer', '2026-01-06T00:00:00.000Z'),
      checked('newer', 'http://a.test/', 's-new'),
      completed('newer'),
    ];
    const plan = retentionPlan(recorded(later), '2026-01-04T00:00:00.000Z');
    expect(plan).toEqual({ checkIds: ['kept'], scrapeIds: ['s-kept', 's-old'], keepFromRevision: 4 });
    // s-kept is still page b's baseline and stays; s-old is nobody's now and goes.
    expect(
      given(monitorDecider, later).when(
        expireChecks(plan.checkIds, plan.scrapeIds, '2026-01-07T00:00:00.000Z'),
      ),
    ).toMatchObject([{ type: 'ChecksExpired', data: { checkIds: ['kept'], scrapeIds: ['s-old'] } }]);
  });
});

describe('webhook redelivery', () => {
  it('asks the outbox to send a finished check again, not a running one', () => {
    const history = [created, started('c-1', 't')];
    const redeliver = {
      type: 'RedeliverCheckWebhooks',
      data: { monitorId, teamId, checkId: 'c-1', at: 't' },
    } as const;
    expect(() => given(monitorDecider, history).when(redeliver)).toThrow('still running');
    const finished = given(monitorDecider, [
      ...history,
      ...given(monitorDecider, history).when({
        type: 'CompleteCheck',
        data: { monitorId, checkId: 'c-1', at: 't' },
      }),
    ]);
    expect(finished.when(redeliver)).toMatchObject([
      { type: 'CheckWebhooksRedeliveryRequested', data: { checkId: 'c-1', webhook: spec.webhook } },
    ]);
  });
});
