import { type BrowserPool, FetchError, type FetchedPageBody, type FetchPageOptions } from '#browser';
import { looksBlocked, type ProxyAttempt, type ProxyKind, type ProxyServer } from '#domain';

export interface ProxiedPage {
  page: FetchedPageBody;
  /** The kind of proxy that fetched the page returned: what the scrape is charged for. */
  proxyUsed: ProxyKind;
  /** The server that fetched it (none: direct), for the downloads that follow the page. */
  proxy?: ProxyServer;
}

/** Network failures a bot wall causes (a dropped or empty answer); timeouts and refusals are not retried. */
const RETRIED_ERRORS = new Set(['SCRAPE_SITE_ERROR']);

/**
 * Fetches through the first attempt's proxy and, when the site blocks that fetch and another
 * attempt is left (`auto`: the enhanced pool), once more through the next one, within the same
 * budget. The retry's page counts only when it got through; otherwise the first answer stands
 * (so `auto` is charged for enhanced only when enhanced succeeded).
 */
export async function fetchThroughProxies(
  pool: BrowserPool,
  options: FetchPageOptions,
  attempts: ProxyAttempt[],
): Promise<ProxiedPage> {
  const [first, retry] = attempts;
  if (!first) {
    throw new FetchError(
      'FEATURE_NOT_AVAILABLE',
      'proxy "enhanced" needs an enhanced proxy pool, and this server has none (PROXY_ENHANCED)',
    );
  }
  const startedAt = Date.now();
  const fetchWith = async (attempt: ProxyAttempt, timeout: number): Promise<ProxiedPage> => ({
    page: await pool.fetchPage({
      ...options,
      timeout,
      // Playwright takes the server and its credentials; the country tag is Trawl's.
      proxy: attempt.proxy && {
        server: attempt.proxy.server,
        username: attempt.proxy.username,
        password: attempt.proxy.password,
      },
      stealth: attempt.kind === 'enhanced',
    }),
    proxyUsed: attempt.kind,
    proxy: attempt.proxy,
  });
  const left = () => options.timeout - (Date.now() - startedAt);

  let answer: ProxiedPage | undefined;
  let failure: unknown;
  try {
    answer = await fetchWith(first, options.timeout);
  } catch (error) {
    if (!retry || !(error instanceof FetchError) || !RETRIED_ERRORS.has(error.code)) throw error;
    failure = error;
  }
  const blocked = !answer || looksBlocked(answer.page);
  if (retry && blocked && left() > 0) {
    const retried = await fetchWith(retry, left()).catch(() => undefined);
    if (retried && !looksBlocked(retried.page)) {
      await closeLive(answer);
      return retried;
    }
    await closeLive(retried);
  }
  if (answer) return answer;
  throw failure;
}

/** A page kept open for interact whose answer was not used. */
async function closeLive(answer: ProxiedPage | undefined): Promise<void> {
  await answer?.page.live?.context.close().catch(() => undefined);
}
