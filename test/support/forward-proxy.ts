import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';

/** What a test proxy carried: a plain HTTP request (`GET http://…`) or an HTTPS tunnel (`CONNECT host:port`). */
export interface CarriedRequest {
  method: string;
  /** The absolute URL of a plain request, the `host:port` authority of a tunnel. */
  target: string;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Every request carried, oldest first. */
  readonly carried: CarriedRequest[];
  /** The requests carried for this absolute URL (plain HTTP) or `host:port` (a tunnel). */
  carriedTo(target: string): CarriedRequest[];
  close(): Promise<void>;
}

/**
 * A real HTTP forward proxy, like the operator's pools: plain HTTP is forwarded with
 * `X-Proxy-Name: <name>` added (so a fixture page can tell which proxy reached it) and HTTPS is
 * tunnelled with CONNECT. With `credentials`, a request without that `Proxy-Authorization` gets 407.
 */
export async function startForwardProxy(
  name: string,
  options: { credentials?: { username: string; password: string } } = {},
): Promise<ForwardProxy> {
  const carried: CarriedRequest[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials
    ? `Basic ${Buffer.from(`${options.credentials.username}:${options.credentials.password}`).toString('base64')}`
    : undefined;
  const authorized = (header: string | undefined) => expected === undefined || header === expected;

  const server = createServer((req, res) => {
    if (!authorized(req.headers['proxy-authorization'])) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="test"' }).end();
      return;
    }
    const target = new URL(req.url ?? '');
    carried.push({ method: req.method ?? 'GET', target: target.href });
    const { 'proxy-authorization': _auth, 'proxy-connection': _connection, ...headers } = req.headers;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port || 80,
        method: req.method,
        path: target.pathname + target.search,
        headers: { ...headers, 'x-proxy-name': name },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });

  server.on('connect', (req, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    if (!authorized(req.headers['proxy-authorization'])) {
      client.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="test"\r\n\r\n',
      );
      return;
    }
    const authority = req.url ?? '';
    carried.push({ method: 'CONNECT', target: authority });
    const separator = authority.lastIndexOf(':');
    const upstream = connect(Number(authority.slice(separator + 1)), authority.slice(0, separator), () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
  });

  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    carried,
    carriedTo: (target) => carried.filter((request) => request.target === target),
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
