import { createTwoFilesPatch } from 'diff';
import parseDiff from 'parse-diff';

export interface MarkdownComparison {
  changeStatus: 'same' | 'changed';
  /** Unified diff `previous.md` → `current.md` (3 lines of context), and its parsed form. */
  diff?: { text: string; json: { files: ReturnType<typeof parseDiff> } };
}

/**
 * Query parameters that change on every load without changing the page: cache busters on asset
 * URLs, CSRF tokens, nonces and signatures in links.
 */
const VOLATILE_PARAMETER =
  /^(v|ver|version|_|t|ts|cb|cachebust(er)?|rev|hash|nonce|csrf|csrf_?token|_?token|authenticity_token|sig|signature|expires|x-amz-[\w-]+)$/i;

/**
 * The text change tracking compares: whitespace runs collapsed and trimmed per line, blank
 * lines dropped, volatile query parameters removed from URLs. Two versions that differ only
 * there are the same page to a reader.
 */
function comparableMarkdown(markdown: string): string {
  return markdown
    .replace(/\bhttps?:\/\/[^\s)<>"']+/g, stripVolatileParameters)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');
}

function stripVolatileParameters(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw;
  }
  for (const name of [...url.searchParams.keys()]) {
    if (VOLATILE_PARAMETER.test(name)) url.searchParams.delete(name);
  }
  return url.href;
}

/** Compares two versions of a page's markdown; the diff shows the markdown as returned. */
export function compareMarkdown(previous: string, current: string): MarkdownComparison {
  if (comparableMarkdown(previous) === comparableMarkdown(current)) return { changeStatus: 'same' };
  const text = createTwoFilesPatch(
    'previous.md',
    'current.md',
    ensureNewline(previous),
    ensureNewline(current),
    '',
    '',
    {
      context: 3,
    },
  );
  return { changeStatus: 'changed', diff: { text, json: { files: parseDiff(text) } } };
}

const ensureNewline = (text: string) => (text.endsWith('\n') ? text : `${text}\n`);
