import { convertPage, type PageInput, type PageOutput } from '#content';

/** Runs in a worker thread: HTML parsing and conversion never block an event loop serving NATS. */
export default function convert(input: PageInput): PageOutput {
  return convertPage(input);
}
