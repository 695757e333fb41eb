import { createHash, randomBytes } from 'node:crypto';

/** A new secret API key in Firecrawl's `fc-` shape; only its hash is ever stored. */
export function generateApiKey(): string {
  return `fc-${randomBytes(24).toString('hex')}`;
}

/** Keys are 192-bit random secrets, so a plain SHA-256 is a safe, fast lookup hash. */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}
