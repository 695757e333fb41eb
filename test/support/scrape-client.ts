import type { Trawl } from './trawl-process.js';
import { until } from './until.js';

export interface ApiResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON envelopes
  body: any;
}

/** POSTs JSON to the running Trawl the way any HTTP client does. */
export async function post(
  trawl: Trawl,
  path: string,
  body: unknown,
  options: { apiKey?: string | null; rawBody?: string } = {},
): Promise<ApiResponse> {
  const apiKey = options.apiKey === undefined ? trawl.apiKey : options.apiKey;
  const response = await fetch(`${trawl.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
    },
    body: options.rawBody ?? JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** GETs a file URL (a signed screenshot, PDF or media link) and reads it to its end. */
export async function download(
  url: string | URL,
): Promise<{ status: number; type: string | null; bytes: Buffer }> {
  const response = await fetch(url);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/**
 * The cache index is a projection, written a moment after the scrape answered: wait until a
 * cache-only read (`minAge: 1`, which never fetches) finds `url` with these options, in the
 * cache of the key's team (the run's own key by default). The read that finds it is a hit.
 */
export async function waitUntilCached(
  trawl: Trawl,
  url: string,
  options: Record<string, unknown> = {},
  apiKey?: string,
): Promise<void> {
  await until(
    async () => (await post(trawl, '/v2/scrape', { ...options, url, minAge: 1 }, { apiKey })).status === 200,
    `${url} to reach the cache`,
  );
}
