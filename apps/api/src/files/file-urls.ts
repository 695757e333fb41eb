import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';

/** How long a signed file URL stays valid (the file store keeps files this long too). */
export const FILE_URL_TTL_MS = 24 * 3600 * 1000;
/** Audio and video URLs are valid for an hour. */
export const MEDIA_URL_TTL_MS = 3600 * 1000;

export type FileUrlCheck = { valid: true } | { valid: false; reason: 'expired' | 'tampered' };

/**
 * Signed, expiring URLs for files Trawl serves itself (`GET /v2/files/<scrapeId>/<name>`):
 * HMAC-SHA256 over the file key and the expiry, so a URL can be neither altered nor extended.
 */
@Injectable()
export class FileUrls {
  private readonly secret: Buffer;

  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {
    this.secret = config.filesSigningSecret
      ? Buffer.from(config.filesSigningSecret)
      : localSecret(config.dataDir);
  }

  sign(key: string, now = Date.now(), ttlMs = FILE_URL_TTL_MS): string {
    const expires = now + ttlMs;
    return `${this.config.publicUrl}/v2/files/${key}?expires=${expires}&signature=${this.signature(key, expires)}`;
  }

  check(key: string, expires: string, signature: string, now = Date.now()): FileUrlCheck {
    const expected = Buffer.from(this.signature(key, Number(expires)));
    const given = Buffer.from(signature);
    if (!/^\d+$/.test(expires) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return { valid: false, reason: 'tampered' };
    }
    return Number(expires) < now ? { valid: false, reason: 'expired' } : { valid: true };
  }

  private signature(key: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`${key}\n${expires}`).digest('base64url');
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
