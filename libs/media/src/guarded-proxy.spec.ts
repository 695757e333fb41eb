import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startForwardProxy } from '../../../test/support/forward-proxy.js';
import { startGuardedProxy } from './guarded-proxy.js';

/** A GET of `target` through the proxy, as yt-dlp sends it (absolute URL as the path). */
function viaProxy(proxyUrl: string, target: string): Promise<{ status: number; body: string }> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: proxy.hostname, port: proxy.port, path: target, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** A CONNECT tunnel request; resolves with the proxy's status line. */
function connectVia(proxyUrl: string, authority: string): Promise<number> {
  const proxy = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const req = request({ host: proxy.hostname, port: proxy.port, method: 'CONNECT', path: authority });
    req.on('connect', (res, socket) => {
      socket.destroy();
      resolve(res.statusCode ?? 0);
    });
    req.on('response', (res) => resolve(res.statusCode ?? 0));
    req.on('error', reject);
    req.end();
  });
}

describe('startGuardedProxy', () => {
  let site: Server;
  let target: string;

  beforeAll(async () => {
    site = createServer((_req, res) => res.end('local secret'));
    await new Promise<void>((ready) => site.listen(0, '127.0.0.1', ready));
    target = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((done) => site.close(() => done())));

  it('refuses private addresses, over HTTP and CONNECT, and names the host', async () => {
    const proxy = await startGuardedProxy({ allowedPrivateAddresses: [] });
    try {
      expect(await viaProxy(proxy.url, target)).toMatchObject({ status: 403 });
      expect(await connectVia(proxy.url, new URL(target).host)).toBe(403);
      expect(proxy.blockedHosts).toEqual(['127.0.0.1', '127.0.0.1']);
    } finally {
      await proxy.close();
    }
  });

  it('forwards when the operator allows private addresses', async () => {
    const proxy = await startGuardedProxy({ allowedPrivateAddresses: 'all' });
    try {
      expect(await viaProxy(proxy.url, target)).toEqual({ status: 200, body: 'local secret' });
      expect(await connectVia(proxy.url, new URL(target).host)).toBe(200);
    } finally {
      await proxy.close();
    }
  });

  it("leaves through the operator's proxy when given one, still refusing private targets first", async () => {
    const credentials = { username: 'ada', password: 's3cret' };
    const operatorProxy = await startForwardProxy('enhanced', { credentials });
    const upstream = { server: operatorProxy.url, ...credentials };
    const open = await startGuardedProxy({ allowedPrivateAddresses: 'all', upstream });
    const guarded = await startGuardedProxy({ allowedPrivateAddresses: [], upstream });
    try {
      expect(await viaProxy(open.url, target)).toEqual({ status: 200, body: 'local secret' });
      expect(await connectVia(open.url, new URL(target).host)).toBe(200);
      expect(operatorProxy.carried).toEqual([
        { method: 'GET', target },
        { method: 'CONNECT', target: new URL(target).host },
      ]);
      expect(await viaProxy(guarded.url, target)).toMatchObject({ status: 403 });
      expect(operatorProxy.carried).toHaveLength(2);
    } finally {
      await open.close();
      await guarded.close();
      await operatorProxy.close();
    }
  });
});
