import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this call was answered with. */
  answered: number;
}

/** A local webhook receiver; `answer` decides each call's status (and may ask for Retry-After). */
export async function startWebhookReceiver(
  answer: (call: number) => { status: number; retryAfter?: string },
) {
  const calls: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const { status, retryAfter } = answer(calls.length + 1);
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: status });
      res.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {});
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
