import { createServer, type Server } from 'node:http';
import { metricsRegistry } from './metrics.js';

/**
 * The `/metrics` endpoint of an app without HTTP of its own (core, projector, browser-worker,
 * extractor): Prometheus pulls every process, as it does any exporter. Anything else is 404.
 * The server never keeps the process alive: shutdown is the app's business.
 */
export async function serveMetrics(port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Only GET /metrics is served here\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      server.unref();
      resolve();
    });
  });
  return server;
}
