import type { RunningTrawl } from './trawl-process.js';

export interface ApiResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON envelopes
  body: any;
}

/** POSTs JSON to the running Trawl the way any HTTP client does. */
export async function post(
  trawl: RunningTrawl,
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
