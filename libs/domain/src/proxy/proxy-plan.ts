/** One proxy of an operator's pool, as Playwright takes it; `country` (ISO alpha-2) ties it to `location.country`. */
export interface ProxyServer {
  /** `http://host:port`, without credentials. */
  server: string;
  username?: string;
  password?: string;
  country?: string;
}

/** The operator's proxies: `basic` (optional: without it basic fetches go direct) and `enhanced`. */
export interface ProxyPools {
  basic: ProxyServer[];
  enhanced: ProxyServer[];
}

export type ProxyKind = 'basic' | 'enhanced';

/** One fetch of a scrape: which kind of proxy, and which server (none: straight from this server). */
export interface ProxyAttempt {
  kind: ProxyKind;
  proxy?: ProxyServer;
}

/** The request's proxy mode; `stealth` is Firecrawl's older name for `enhanced`. */
export type ProxyMode = 'basic' | 'enhanced' | 'auto' | 'stealth';

/**
 * The fetches a scrape may make, in order: `basic` one basic fetch, `enhanced` one enhanced fetch,
 * `auto` a basic fetch and, when the site blocks it, an enhanced retry (only when an enhanced pool
 * exists). Empty when `enhanced` is asked for and the operator has no enhanced pool.
 * `spreadBy` (the scrape's id) spreads scrapes over a pool's entries; a redelivered job picks the same.
 */
export function proxyAttempts(
  pools: ProxyPools,
  request: { proxy: ProxyMode; location?: { country?: string } },
  spreadBy: string,
): ProxyAttempt[] {
  const country = request.location?.country;
  const seed = hashOf(spreadBy);
  const basic: ProxyAttempt = { kind: 'basic', proxy: pick(pools.basic, country, seed, false) };
  const enhancedProxy = pick(pools.enhanced, country, seed, true);
  const enhanced: ProxyAttempt[] = enhancedProxy ? [{ kind: 'enhanced', proxy: enhancedProxy }] : [];
  switch (request.proxy) {
    case 'basic':
      return [basic];
    case 'enhanced':
    case 'stealth':
      return enhanced;
    case 'auto':
      return [basic, ...enhanced];
    default: {
      const unknown: never = request.proxy;
      throw new Error(`Unknown proxy mode ${String(unknown)}`);
    }
  }
}

/**
 * The entries for the request's country when the pool has some; else the pool's general (untagged)
 * entries; else, in a pool of country entries only, any entry when `anyEntry` (enhanced fetches
 * must use their pool) or none (a basic fetch then goes direct).
 */
function pick(
  pool: ProxyServer[],
  country: string | undefined,
  seed: number,
  anyEntry: boolean,
): ProxyServer | undefined {
  const wanted = country?.toUpperCase();
  const local = wanted ? pool.filter((entry) => entry.country === wanted) : [];
  const general = pool.filter((entry) => entry.country === undefined);
  const candidates = local.length > 0 ? local : general.length > 0 || !anyEntry ? general : pool;
  if (candidates.length === 0) return undefined;
  return candidates[Math.abs(seed) % candidates.length];
}

function hashOf(scrapeId: string): number {
  let hash = 0;
  for (const char of scrapeId) hash = (hash * 31 + char.charCodeAt(0)) | 0;
  return hash;
}
