import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The status this call was answered with. */
  answered: number;
}

/** A local webhook receiver; `answer` decides each call's status (and may ask for Retry-After, or be slow). */
export async function startWebhookReceiver(
  answer: (call: number) => { status: number; retryAfter?: string; delayMs?: number },
) {
  const calls: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const { status, retryAfter, delayMs = 0 } = answer(calls.length + 1);
      calls.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), answered: status });
      setTimeout(() => {
        res.writeHead(status, retryAfter ? { 'retry-after': retryAfter } : {});
        res.end();
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Throws unless a call carries both signatures a receiver may check: Standard Webhooks'
 * `webhook-signature` and Firecrawl's `x-firecrawl-signature` (hex HMAC-SHA256 of the body).
 */
export function verifySignatures(received: ReceivedWebhook, secret: string): void {
  const hmac = createHmac('sha256', secret).update(received.body).digest('hex');
  if (received.headers['x-firecrawl-signature'] !== `sha256=${hmac}`) {
    throw new Error(
      `x-firecrawl-signature ${received.headers['x-firecrawl-signature']} is not sha256=${hmac}`,
    );
  }
  new Webhook(secret).verify(received.body, {
    'webhook-id': received.headers['webhook-id'] as string,
    'webhook-timestamp': received.headers['webhook-timestamp'] as string,
    'webhook-signature': received.headers['webhook-signature'] as string,
  });
}
