import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TrawlConfig } from '#config';

export type SignatureCheck = { valid: true } | { valid: false; reason: 'expired' | 'tampered' };

/**
 * HMAC-SHA256 over a key and an expiry, the only credential of the URLs Trawl hands out (files,
 * browser live views), so such a URL can be neither altered nor extended. Every api instance
 * signs with `FILES_SIGNING_SECRET`, or by default with a key kept in `DATA_DIR`.
 */
export class UrlSigner {
  private readonly secret: Buffer;

  constructor(config: Pick<TrawlConfig, 'filesSigningSecret' | 'dataDir'>) {
    this.secret = config.filesSigningSecret
      ? Buffer.from(config.filesSigningSecret)
      : localSecret(config.dataDir);
  }

  signature(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
  }

  check(key: string, expires: string, signature: string, now = Date.now()): SignatureCheck {
    const expected = Buffer.from(this.signature(key, Number(expires)));
    const given = Buffer.from(signature);
    if (!/^\d+$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { valid: false, reason: 'tampered' };
    }
    if (Number(expires) < now) return { valid: false, reason: 'expired' };
    return { valid: true };
  }
}

/** A key made once per data directory, so api processes sharing it agree without configuration. */
function localSecret(dataDir: string): Buffer {
  const file = join(dataDir, 'files-signing-secret');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32);
    writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
