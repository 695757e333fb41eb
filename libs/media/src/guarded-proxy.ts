import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import {
  connectViaProxy,
  type HttpProxy,
  hostPort,
  isForbiddenAddress,
  proxyAuthorization,
  resolveHost,
} from '#browser';
import type { PrivateAddressAllowance } from '#config';

/** A loopback HTTP proxy that a download tool is pointed at, so its requests obey the SSRF guard. */
export interface GuardedProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Hosts refused because they resolve to private or reserved addresses. */
  readonly blockedHosts: readonly string[];
  close(): Promise<void>;
}

/**
 * Forwards plain HTTP and tunnels HTTPS (CONNECT) only to public addresses, unless private ones are
 * allowed. It resolves each host once and connects to that very address, so a host cannot resolve
 * to a public address for the check and a private one for the connection (no DNS rebinding).
 */
export async function startGuardedProxy(options: {
  allowedPrivateAddresses: PrivateAddressAllowance;
  /** The operator's proxy the page came through: downloads leave through it too (an http:// proxy). */
  upstream?: HttpProxy;
}): Promise<GuardedProxy> {
  const upstream = options.upstream;
  const upstreamServer = upstream && new URL(upstream.server);
  const blockedHosts: string[] = [];
  const sockets = new Set<Socket>();
  const resolve = async (host: string, port: number): Promise<string | undefined> => {
    const bare = host.replace(/^\[|\]$/g, '');
    const addresses = await resolveHost(bare).catch(() => []);
    if (addresses.length === 0) return undefined;
    if (addresses.some((address) => isForbiddenAddress(address, port, options.allowedPrivateAddresses))) {
      blockedHosts.push(bare);
      return undefined;
    }
    return addresses[0];
  };

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      res.writeHead(400).end();
      return;
    }
    const address = await resolve(target.hostname, Number(target.port || 80));
    if (!address) {
      res.writeHead(403).end('Blocked or unresolvable host');
      return;
    }
    const { 'proxy-connection': _proxyConnection, ...headers } = req.headers;
    const port = target.port || 80;
    const path = target.pathname + target.search;
    // Through the operator's proxy, the absolute URL names the checked address, never the name again.
    const forwarded = httpRequest(
      {
        host: upstreamServer?.hostname ?? address,
        port: upstreamServer ? Number(upstreamServer.port || 80) : port,
        method: req.method,
        path: upstream ? `http://${hostPort(address, port)}${path}` : path,
        headers: { ...headers, host: target.host, ...(upstream ? proxyAuthorization(upstream) : {}) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.writeHead(502).end());
    req.pipe(forwarded);
  });

  server.on('connect', async (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const [host, port] = splitHostPort(req.url ?? '');
    const address = host && port ? await resolve(host, port) : undefined;
    if (!address || !port) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const tunnel = await openTunnel(address, port, upstream).catch(() => undefined);
    if (!tunnel) {
      client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      return;
    }
    sockets.add(tunnel);
    tunnel.on('close', () => sockets.delete(tunnel));
    tunnel.on('error', () => client.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) tunnel.write(head);
    tunnel.pipe(client);
    client.pipe(tunnel);
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    blockedHosts,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/** A TCP stream to the checked address: straight, or through the operator's proxy. */
function openTunnel(address: string, port: number, upstream: HttpProxy | undefined): Promise<Socket> {
  if (upstream) return connectViaProxy(upstream, address, port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, address, () => resolve(socket));
    socket.once('error', reject);
  });
}

function splitHostPort(authority: string): [string | undefined, number | undefined] {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(authority);
  return match ? [match[1], Number(match[2])] : [undefined, undefined];
}
