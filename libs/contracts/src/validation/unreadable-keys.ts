import type { ErrorDetail } from '../errors/trawl-error.js';

interface Visit {
  value: unknown;
  key?: string | number;
  parent?: Visit;
}

/**
 * class-transformer reads an object's `constructor` to build it and throws when a body supplies its
 * own (`{"constructor": "x"}`): such keys are refused up front, with their path, as a 400.
 * Iterative, so that bodies nested thousands deep cannot overflow the stack.
 */
export function unreadableKeys(body: unknown): ErrorDetail[] {
  const pending: Visit[] = [{ value: body }];
  for (let visit = pending.pop(); visit; visit = pending.pop()) {
    const { value } = visit;
    if (typeof value !== 'object' || value === null) continue;
    if (Object.hasOwn(value, 'constructor')) {
      return [
        { path: [...pathOf(visit), 'constructor'], message: 'keys named constructor are not accepted' },
      ];
    }
    for (const [key, child] of Object.entries(value)) {
      pending.push({ value: child, key: Array.isArray(value) ? Number(key) : key, parent: visit });
    }
  }
  return [];
}

function pathOf(visit: Visit): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.unshift(at.key);
  return path;
}
