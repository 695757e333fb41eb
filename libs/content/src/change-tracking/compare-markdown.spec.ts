import { compareMarkdown } from './compare-markdown.js';

describe('compareMarkdown', () => {
  it('calls whitespace-only edits the same', () => {
    expect(compareMarkdown('# Title\n\nSome  text.\n', '# Title\n\n\n  Some text.')).toEqual({
      changeStatus: 'same',
    });
  });

  it('ignores cache busters and tokens in URLs', () => {
    expect(
      compareMarkdown(
        '![logo](https://a.test/logo.png?v=1) [go](https://a.test/form?csrf_token=abc&page=2)',
        '![logo](https://a.test/logo.png?v=2) [go](https://a.test/form?csrf_token=xyz&page=2)',
      ).changeStatus,
    ).toBe('same');
    expect(compareMarkdown('[go](https://a.test/?page=2)', '[go](https://a.test/?page=3)').changeStatus).toBe(
      'changed',
    );
  });

  it('returns a unified diff with three lines of context and its parsed form', () => {
    const previous = ['# Plans', '', 'a', 'b', 'c', 'd', 'Price: $10', 'e'].join('\n');
    const current = previous.replace('$10', '$12');
    const result = compareMarkdown(previous, current);
    expect(result.changeStatus).toBe('changed');
    expect(result.diff?.text).toContain('--- previous.md\n+++ current.md\n');
    expect(result.diff?.text).toContain('-Price: $10\n+Price: $12\n e');
    expect(result.diff?.text).toContain('@@ -4,5 +4,5 @@');
    const [file] = result.diff?.json.files ?? [];
    expect(
      file?.chunks[0]?.changes.filter((change) => change.type !== 'normal').map((change) => change.content),
    ).toEqual(['-Price: $10', '+Price: $12']);
  });
});
