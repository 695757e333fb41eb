import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type SignatureCheck, UrlSigner } from '../signing/url-signer.js';
import { fileKind } from './file-kinds.js';

/** Signed, expiring URLs for files Trawl serves itself (`GET /v2/files/<scrapeId>/<name>`). */
@Injectable()
export class FileUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {
    this.signer = new UrlSigner(config);
  }

  /** Valid as long as the file's store keeps it: 24 h for screenshots and PDFs, 1 h for audio and video. */
  sign(key: string, now = Date.now()): string {
    const expires = now + fileKind(key).ttlMs;
    return `${this.config.publicUrl}/v2/files/${key}?expires=${expires}&signature=${this.signer.signature(key, expires)}`;
  }

  check(key: string, expires: string, signature: string, now = Date.now()): SignatureCheck {
    const check = this.signer.check(key, expires, signature, now);
    // Signed for longer than a file of this kind lives (a key signed for another use): refused.
    if (check.valid && Number(expires) - now > fileKind(key).ttlMs)
      return { valid: false, reason: 'tampered' };
    return check;
  }
}
