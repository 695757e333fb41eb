import { validateCreateMonitor, validateUpdateMonitor } from './validate-monitor-request.js';

let n = 0;
const newId = () => `id-${++n}`;
const base = {
  name: 'Docs',
  schedule: { text: 'hourly' },
  targets: [{ type: 'scrape', url: 'example.com/docs' }],
};
const issue = (result: { ok: true } | { ok: false; details: { path: unknown[]; message: string }[] }) =>
  result.ok ? undefined : result.details[0];

describe('monitor requests', () => {
  it('applies defaults, normalises URLs and assigns target ids', () => {
    const result = validateCreateMonitor({ ...base, origin: 'js-sdk@4' }, newId);
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'Docs',
        schedule: { text: 'hourly' },
        targets: [{ id: expect.stringMatching(/^id-/), type: 'scrape', urls: ['http://example.com/docs'] }],
        webhook: null,
        notification: null,
        retentionDays: 30,
        goal: null,
        judgeEnabled: false,
      },
    });
  });

  it('enables judging for a goal unless told otherwise', () => {
    expect(validateCreateMonitor({ ...base, goal: 'price drops' }, newId)).toMatchObject({
      value: { judgeEnabled: true },
    });
    expect(validateCreateMonitor({ ...base, goal: 'x', judgeEnabled: false }, newId)).toMatchObject({
      value: { judgeEnabled: false },
    });
    expect(issue(validateCreateMonitor({ ...base, judgeEnabled: true }, newId))?.message).toBe(
      'judgeEnabled needs a non-empty goal',
    );
  });

  it.each([
    [{ name: 'x'.repeat(257) }, ['name']],
    [{ goal: 'x'.repeat(2001) }, ['goal']],
    [{ targets: [] }, ['targets']],
    [{ targets: Array.from({ length: 51 }, () => base.targets[0]) }, ['targets']],
    [{ retentionDays: 0 }, ['retentionDays']],
    [{ retentionDays: 366 }, ['retentionDays']],
    [{ unknown: 1 }, ['unknown']],
    [{ targets: [{ type: 'scrape', url: 'ftp://x' }] }, ['targets', 0, 'url']],
    [{ targets: [{ type: 'scrape', urls: ['http://a.test'], queries: ['q'] }] }, ['targets', 0, 'queries']],
    [
      { targets: [{ type: 'scrape', url: 'http://a.test', scrapeOptions: { timeout: -1 } }] },
      ['targets', 0, 'scrapeOptions', 'timeout'],
    ],
    [{ targets: [{ type: 'search', queries: ['tide tables'] }] }, ['targets', 0]],
    [{ webhook: { url: 'mailto:x' } }, ['webhook', 'url']],
    [{ webhook: { url: 'http://h.test', events: ['crawl.page'] } }, ['webhook', 'events']],
    [{ notification: { email: { enabled: true } } }, ['notification', 'email', 'recipients']],
  ])('refuses %j at %j', (patch, path) => {
    expect(issue(validateCreateMonitor({ ...base, ...patch }, newId))?.path).toEqual(path);
  });

  it('normalises webhook event names', () => {
    const result = validateCreateMonitor(
      { ...base, webhook: { url: 'http://h.test/', events: ['page', 'monitor.page'] } },
      newId,
    );
    expect(result).toMatchObject({ value: { webhook: { url: 'http://h.test/', events: ['monitor.page'] } } });
  });

  it('needs at least one field to update, and lets status come with others', () => {
    expect(issue(validateUpdateMonitor({ origin: 'sdk' }, newId))?.message).toBe(
      'An update needs at least one field to change',
    );
    expect(
      validateUpdateMonitor({ status: 'paused', name: 'New', webhook: null, goal: null }, newId),
    ).toEqual({
      ok: true,
      value: { status: 'paused', name: 'New', webhook: null, goal: null },
    });
    expect(issue(validateUpdateMonitor({ status: 'deleted' }, newId))?.path).toEqual(['status']);
  });
});
