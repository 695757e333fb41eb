import type { ApiResponse } from './scrape-client.js';
import type { Trawl } from './trawl-process.js';

/** Any JSON request to the running Trawl; `path` may be an absolute URL (a `next` link). */
export async function call(
  trawl: Trawl,
  method: string,
  path: string,
  body?: unknown,
  apiKey: string = trawl.apiKey,
): Promise<ApiResponse> {
  const response = await fetch(path.startsWith('http') ? path : `${trawl.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** Polls a check until it is no longer running. */
export async function finishedCheck(trawl: Trawl, monitorId: string, checkId: string, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { body } = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks/${checkId}?limit=100`);
    if (body.data && body.data.status !== 'running') return body;
    if (Date.now() > deadline) {
      throw new Error(`check ${checkId} still running: ${JSON.stringify(body.data?.summary ?? body)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a check now and waits for its result. */
export async function runCheck(trawl: Trawl, monitorId: string, timeoutMs?: number) {
  const run = await call(trawl, 'POST', `/v2/monitor/${monitorId}/run`, { origin: 'e2e' });
  if (run.status !== 200) throw new Error(`run failed: ${run.status} ${JSON.stringify(run.body)}`);
  return finishedCheck(trawl, monitorId, run.body.id, timeoutMs);
}
