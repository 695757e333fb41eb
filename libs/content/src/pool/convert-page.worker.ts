import { compareMarkdown, type MarkdownComparison } from '../change-tracking/compare-markdown.js';
import { convertPage } from '../convert-page.js';
import type { PageInput, PageOutput } from '../types.js';

/** Runs in a worker thread: HTML parsing and conversion never block an event loop serving NATS. */
export default function convert(input: PageInput): PageOutput {
  return convertPage(input);
}

/** Named task `compare`: diffing two versions of a page is CPU work too. */
export function compare(input: { previous: string; current: string }): MarkdownComparison {
  return compareMarkdown(input.previous, input.current);
}
