import { validateScrapeRequest } from '#contracts';
import { needsZeroRetentionPermission, zeroRetentionConflicts } from './zero-retention-policy.js';

const request = (body: Record<string, unknown>) => {
  const result = validateScrapeRequest({ url: 'https://example.com', ...body });
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

describe('zero data retention policy', () => {
  it('names the options that need stored files or history', () => {
    expect(zeroRetentionConflicts(request({ zeroDataRetention: true }))).toEqual([]);
    expect(
      zeroRetentionConflicts(
        request({
          zeroDataRetention: true,
          formats: ['markdown', 'screenshot'],
          actions: [{ type: 'wait', milliseconds: 10 }, { type: 'pdf' }],
        }),
      ),
    ).toEqual(['formats.screenshot', 'actions[1] (pdf)']);
  });

  it('needs the operator’s permission, except for lockdown', () => {
    expect(needsZeroRetentionPermission(request({ zeroDataRetention: true }))).toBe(true);
    expect(needsZeroRetentionPermission(request({ lockdown: true }))).toBe(false);
    expect(needsZeroRetentionPermission(request({}))).toBe(false);
  });
});
