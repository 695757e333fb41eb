import { Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { type SignatureCheck, UrlSigner } from '../signing/url-signer.js';

/** `live` shows the page; `interactive` also takes the viewer's clicks, typing and scrolling. */
export type LiveViewKind = 'live' | 'interactive';

/**
 * A browser session's live view URLs: signed for the session and the kind of view, valid until
 * the session's own expiry, so they can be embedded (an iframe) with no API key.
 */
@Injectable()
export class LiveViewUrls {
  private readonly signer: UrlSigner;

  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {
    this.signer = new UrlSigner(config);
  }

  urlsOf(sessionId: string, expiresAt: string): { liveViewUrl: string; interactiveLiveViewUrl: string } {
    return {
      liveViewUrl: this.url(sessionId, 'live', expiresAt),
      interactiveLiveViewUrl: this.url(sessionId, 'interactive', expiresAt),
    };
  }

  check(sessionId: string, kind: LiveViewKind, expires: string, signature: string): SignatureCheck {
    return this.signer.check(keyOf(sessionId, kind), expires, signature);
  }

  private url(sessionId: string, kind: LiveViewKind, expiresAt: string): string {
    const expires = Date.parse(expiresAt);
    const signature = this.signer.signature(keyOf(sessionId, kind), expires);
    return `${this.config.publicUrl}/v2/browser/${sessionId}/${kind}?expires=${expires}&signature=${signature}`;
  }
}

const keyOf = (sessionId: string, kind: LiveViewKind) => `browser/${sessionId}/${kind}`;
