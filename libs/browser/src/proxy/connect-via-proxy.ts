import { request } from 'node:http';
import { isIP, type Socket } from 'node:net';

/** One of the operator's HTTP proxies, as the pools hold it. */
export interface HttpProxy {
  /** `http://host:port` */
  server: string;
  username?: string;
  password?: string;
}

/** `Proxy-Authorization` for a proxy with credentials. */
export function proxyAuthorization(proxy: HttpProxy): Record<string, string> {
  if (proxy.username === undefined) return {};
  const credentials = Buffer.from(`${proxy.username}:${proxy.password ?? ''}`).toString('base64');
  return { 'proxy-authorization': `Basic ${credentials}` };
}

/** `host:port`, IPv6 addresses in brackets. */
export const hostPort = (host: string, port: number | string) =>
  `${isIP(host) === 6 ? `[${host}]` : host}:${port}`;

/**
 * A TCP stream to `host:port` through the proxy (HTTP CONNECT): what the non-browser fetches
 * (downloads, robots.txt, sitemaps) use to leave through the same proxy as the page.
 */
export function connectViaProxy(proxy: HttpProxy, host: string, port: number): Promise<Socket> {
  const server = new URL(proxy.server);
  const target = hostPort(host, port);
  return new Promise((resolve, reject) => {
    const tunnel = request({
      host: server.hostname,
      port: Number(server.port || 80),
      method: 'CONNECT',
      path: target,
      headers: { host: target, ...proxyAuthorization(proxy) },
    });
    tunnel.once('connect', (answer, socket) => {
      if (answer.statusCode === 200) return resolve(socket);
      socket.destroy();
      reject(new Error(`The proxy ${server.host} answered ${answer.statusCode} to CONNECT ${target}`));
    });
    tunnel.once('error', reject);
    tunnel.end();
  });
}
