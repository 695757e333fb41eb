import { assertPublicUrl, FetchError, type HttpProxy } from '#browser';
import type { PrivateAddressAllowance } from '#config';
import { proxiedGet } from './proxied-get.js';

export interface GuardedFetchOptions {
  /** Let the fetch reach private and loopback addresses (ALLOW_PRIVATE_ADDRESSES). */
  allowedPrivateAddresses: PrivateAddressAllowance;
  timeoutMs: number;
  userAgent: string;
  /** Bodies larger than this are cut off: robots files and sitemaps are small. */
  maxBytes?: number;
  /** The operator's proxy to leave through (the one the crawl's pages use); none: direct. */
  proxy?: HttpProxy;
}

export interface FetchedText {
  url: string;
  status: number;
  contentType: string;
  body: string;
}

const MAX_REDIRECTS = 5;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;

/**
 * A plain HTTP GET (no browser) for robots.txt, sitemaps and map's link discovery. Every hop of a
 * redirect chain passes the SSRF guard again, as Chromium's request guard does for scrapes, with
 * or without a proxy (the proxy is the operator's and trusted; the target is not).
 */
export async function fetchText(url: string, options: GuardedFetchOptions): Promise<FetchedText> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = url;
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    await assertPublicUrl(current, options.allowedPrivateAddresses);
    const headers = { 'user-agent': options.userAgent, accept: '*/*' };
    const response = await (options.proxy
      ? proxiedGet(current, options.proxy, { signal, headers })
      : fetch(current, { redirect: 'manual', signal, headers })
    ).catch((error: unknown) => {
      if (signal.aborted) throw new FetchError('SCRAPE_TIMEOUT', `Fetching ${current} timed out`);
      throw new FetchError('SCRAPE_SITE_ERROR', `Fetching ${current} failed: ${String(error)}`);
    });
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      current = new URL(location, current).href;
      continue;
    }
    return {
      url: current,
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      body: await readLimited(response, options.maxBytes ?? DEFAULT_MAX_BYTES),
    };
  }
  throw new FetchError('SCRAPE_SITE_ERROR', `Too many redirects from ${url}`);
}

async function readLimited(response: Response, maxBytes: number): Promise<string> {
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    chunks.push(chunk);
    size += chunk.byteLength;
    if (size >= maxBytes) break;
  }
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, maxBytes));
}
