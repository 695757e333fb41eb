import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * The signature headers of a webhook call: `X-Firecrawl-Signature` (HMAC-SHA256 of the exact body,
 * keyed by the secret as written) for existing Firecrawl receivers, and the Standard Webhooks
 * headers (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64>` over
 * `id.timestamp.body`, keyed by the base64 secret after `whsec_`).
 */
export function signatureHeaders(
  secret: string,
  webhookId: string,
  at: Date,
  body: string,
): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return {
    'X-Firecrawl-Signature': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(webhookId, new Date(timestamp * 1000), body),
  };
}
