import type { ProxyPools, ProxyServer } from '#domain';

/**
 * The operator's proxy pools from `PROXY_BASIC` and `PROXY_ENHANCED`: comma-separated HTTP proxy
 * URLs (`http://user:pass@host:port`), each optionally tagged with the country it serves
 * (`DE=http://de.proxy:8080`). HTTP only: the browser, the downloads (yt-dlp, robots.txt and
 * sitemaps) and proxy credentials all work with it, which SOCKS in Chromium does not. A bad entry
 * stops the start with its name.
 */
export function proxyPoolsFrom(env: NodeJS.ProcessEnv): ProxyPools {
  return { basic: proxyPool(env, 'PROXY_BASIC'), enhanced: proxyPool(env, 'PROXY_ENHANCED') };
}

function proxyPool(env: NodeJS.ProcessEnv, name: string): ProxyServer[] {
  return (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => proxyServer(name, entry));
}

function proxyServer(name: string, entry: string): ProxyServer {
  const tagged = /^([A-Za-z]{2})=(.+)$/.exec(entry);
  const raw = tagged?.[2] ?? entry;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} holds "${raw}", which is not a proxy URL such as http://host:8080`);
  }
  if (url.protocol !== 'http:' || !url.hostname) {
    throw new Error(
      `${name} holds "${raw}": proxies are http:// URLs with a host (http://user:pass@host:port)`,
    );
  }
  return {
    server: `${url.protocol}//${url.host}`,
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
    ...(tagged ? { country: tagged[1]?.toUpperCase() } : {}),
  };
}
