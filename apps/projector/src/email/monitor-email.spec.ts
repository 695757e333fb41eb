import type { CheckPage } from '#contracts';
import { monitorEmail } from './monitor-email.js';

const page = (status: CheckPage['status'], url: string, extra: Partial<CheckPage> = {}): CheckPage => ({
  id: url,
  targetId: 't',
  url,
  status,
  previousScrapeId: null,
  currentScrapeId: null,
  statusCode: 200,
  error: null,
  metadata: null,
  diff: null,
  snapshot: null,
  judgment: null,
  createdAt: 't',
  ...extra,
});

describe('monitor e-mail', () => {
  const input = {
    monitorName: 'Prices <shop>',
    monitorId: 'm-1',
    checkId: 'c-1',
    status: 'partial',
    summary: { totalPages: 4, same: 1, changed: 1, new: 0, removed: 1, error: 1 },
    pages: [
      page('changed', 'http://a.test/?x=1&y=2', { diff: { text: '-Price: $65\n+Price: $45\n', json: {} } }),
      page('removed', 'http://b.test/'),
      page('error', 'http://c.test/', { error: 'SCRAPE_TIMEOUT: timed out' }),
    ],
  };

  it('summarises the check in the subject and lists the pages in text and HTML', () => {
    const mail = monitorEmail({ ...input, includeDiffs: false });
    expect(mail.subject).toBe('[Trawl] Prices <shop>: 1 changed, 1 removed, 1 error');
    expect(mail.text).toContain('CHANGED  http://a.test/?x=1&y=2');
    expect(mail.text).toContain('  SCRAPE_TIMEOUT: timed out');
    expect(mail.text).not.toContain('+Price');
    expect(mail.html).toContain('<a href="http://a.test/?x=1&amp;y=2">');
    expect(mail.html).toContain('monitor &quot;Prices &lt;shop&gt;&quot;');
  });

  it('includes the diffs when asked', () => {
    const mail = monitorEmail({ ...input, includeDiffs: true });
    expect(mail.text).toContain('-Price: $65\n+Price: $45');
    expect(mail.html).toContain(
      '<pre style="background:#f6f8fa;padding:8px">-Price: $65\n+Price: $45\n</pre>',
    );
  });
});
