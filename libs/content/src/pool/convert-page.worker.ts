import { convertPage } from '../convert-page.js';
import type { PageInput, PageOutput } from '../types.js';

/** Runs in a worker thread: HTML parsing and conversion never block an event loop serving NATS. */
export default function convert(input: PageInput): PageOutput {
  return convertPage(input);
}
