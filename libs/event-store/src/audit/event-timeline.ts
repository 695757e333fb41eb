import type { RecordedEvent, StreamHistoryEntry } from '#contracts';
import { occurredAt } from '../migration/migrate-events.js';

/** One line of a stream's history, as operators read it in an audit. */
export type TimelineEntry = StreamHistoryEntry;

/** Fields that say most about an event, shown first when present (also one level down, e.g. page.url). */
const FIRST = [
  'url',
  'statusCode',
  'status',
  'code',
  'error',
  'reason',
  'name',
  'label',
  'format',
  'formats',
];
/** Never shown: secrets and their hashes. */
const SECRET = /hash|secret|password|token|signature|key$/i;
const MAX_VALUE = 80;
const MAX_SUMMARY = 200;

export function timelineEntry(event: RecordedEvent): TimelineEntry {
  const { correlationId, causationId } = event.metadata;
  return {
    time: occurredAt(event),
    revision: event.revision,
    position: event.position,
    type: event.type,
    ...(typeof correlationId === 'string' ? { correlationId } : {}),
    ...(typeof causationId === 'string' ? { causationId } : {}),
    summary: summarize(event.data),
  };
}

/**
 * A readable one-liner of any event's data, deterministic and generic (events of every issue
 * get one without a formatter each): `key=value` pairs, the telling keys first, long values cut.
 */
export function summarize(data: unknown): string {
  if (data === null || typeof data !== 'object')
    return data === undefined ? '' : shorten(JSON.stringify(data));
  const pairs = flatten(data as Record<string, unknown>);
  const rank = (key: string) => {
    const index = FIRST.indexOf(key.split('.').at(-1) as string);
    return index === -1 ? FIRST.length : index;
  };
  pairs.sort((a, b) => rank(a[0]) - rank(b[0]));
  let summary = '';
  for (const [key, value] of pairs) {
    const pair = `${key}=${value}`;
    if (summary.length + pair.length + 2 > MAX_SUMMARY) return `${summary}, …`;
    summary = summary ? `${summary}, ${pair}` : pair;
  }
  return summary;
}

/** Scalar fields, and those of nested objects one level down; arrays by their length. */
function flatten(data: Record<string, unknown>, prefix = ''): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(data)) {
    if (SECRET.test(key) || value === undefined) continue;
    const name = prefix + key;
    if (Array.isArray(value)) {
      pairs.push([
        name,
        value.every((item) => typeof item !== 'object') ? shorten(value.join('|')) : `[${value.length}]`,
      ]);
    } else if (value !== null && typeof value === 'object') {
      if (!prefix) pairs.push(...flatten(value as Record<string, unknown>, `${name}.`));
    } else {
      pairs.push([name, shorten(String(value))]);
    }
  }
  return pairs;
}

function shorten(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ');
  return oneLine.length > MAX_VALUE ? `${oneLine.slice(0, MAX_VALUE - 1)}…` : oneLine;
}
