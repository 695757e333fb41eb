import { isUuid, TrawlError } from '#contracts';

/** Crawl and batch ids are UUIDs; anything else is a bad request, not an unknown job. */
export function jobId(raw: string): string {
  if (!isUuid(raw)) throw new TrawlError('BAD_REQUEST', `Invalid job id: ${raw}`);
  return raw.toLowerCase();
}

/** `?skip=&limit=` of a status page. */
export function pageWindow(skip: unknown, limit: unknown, pageSize: number): { skip: number; take: number } {
  const int = (value: unknown, fallback: number, name: string, max: number) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0 || parsed > max) {
      throw new TrawlError('BAD_REQUEST', `${name} must be an integer from 0 to ${max}`);
    }
    return parsed;
  };
  return {
    skip: int(skip, 0, 'skip', 1_000_000),
    take: Math.max(1, int(limit, pageSize, 'limit', pageSize)),
  };
}
