import { isUuid, TrawlError } from '#contracts';
import type { OpenApiOperationOptions } from '#openapi';

/** Crawl and batch ids are UUIDs; anything else is a bad request, not an unknown job. */
export function jobId(raw: string): string {
  if (!isUuid(raw)) throw new TrawlError('BAD_REQUEST', `Invalid job id: ${raw}`);
  return raw.toLowerCase();
}

const MAX_SKIP = 1_000_000;

/** The OpenAPI description of `?skip=&limit=`, with the bounds pageWindow enforces. */
export function pageWindowQuery(pageSize: number): OpenApiOperationOptions['query'] {
  return {
    skip: { description: 'Documents to skip', schema: { type: 'integer', minimum: 0, maximum: MAX_SKIP } },
    limit: {
      description: `Documents per page (at most ${pageSize})`,
      schema: { type: 'integer', minimum: 0, maximum: pageSize },
    },
  };
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
    skip: int(skip, 0, 'skip', MAX_SKIP),
    take: Math.max(1, int(limit, pageSize, 'limit', pageSize)),
  };
}
