/** Counts, revisions and positions must be non-negative safe integers: a negative LIMIT means "no limit" in SQL. */
export function nonNegativeInteger(name: string, value: number | undefined): number | undefined {
  if (value !== undefined && !(Number.isSafeInteger(value) && value >= 0)) {
    throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
  }
  return value;
}
