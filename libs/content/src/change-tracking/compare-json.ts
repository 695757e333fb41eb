/** One changed field of change tracking's `json` mode, keyed by its path (`plans[1].price`). */
export type JsonChanges = Record<string, { previous: unknown; current: unknown }>;

/**
 * Change tracking's `json` mode: the fields whose value differs between two extractions of a
 * page, compared leaf by leaf (objects by key, arrays by position). A field present on one side
 * only is compared with null; strings that differ only in whitespace are the same value, as in
 * the markdown comparison. Shared by scrapes and monitor checks.
 */
export function compareJson(previous: unknown, current: unknown): JsonChanges {
  const changes: JsonChanges = {};
  collect(previous ?? null, current ?? null, '', changes);
  return changes;
}

/**
 * The changes as a unified diff of `path: value` lines, so people, the e-mail and the judge read
 * them like a page diff.
 */
export function describeJsonChanges(changes: JsonChanges): string {
  const lines = Object.entries(changes).flatMap(([path, { previous, current }]) => [
    `-${path}: ${JSON.stringify(previous)}`,
    `+${path}: ${JSON.stringify(current)}`,
  ]);
  return ['--- previous.json', '+++ current.json', ...lines, ''].join('\n');
}

function collect(previous: unknown, current: unknown, path: string, changes: JsonChanges) {
  // A whole object missing on one side (no earlier extraction) is compared field by field with nothing.
  if (isRecord(previous) && current === null) current = {};
  if (previous === null && isRecord(current)) previous = {};
  if (isRecord(previous) && isRecord(current)) {
    for (const key of new Set([...Object.keys(previous), ...Object.keys(current)])) {
      collect(previous[key] ?? null, current[key] ?? null, path ? `${path}.${key}` : key, changes);
    }
    return;
  }
  if (Array.isArray(previous) && Array.isArray(current)) {
    for (let index = 0; index < Math.max(previous.length, current.length); index++) {
      collect(previous[index] ?? null, current[index] ?? null, `${path}[${index}]`, changes);
    }
    return;
  }
  if (comparable(previous) !== comparable(current)) changes[path || '$'] = { previous, current };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const comparable = (value: unknown) =>
  JSON.stringify(typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);
