import { createHmac } from 'node:crypto';
import type { TrawlConfig } from '#config';
import { FileUrls } from './file-urls.js';

const urls = new FileUrls({
  filesSigningSecret: 'test-secret',
  publicUrl: 'http://trawl.test',
} as TrawlConfig);
const HOUR_MS = 3600 * 1000;

function parts(url: string) {
  const parsed = new URL(url);
  return {
    key: parsed.pathname.replace('/v2/files/', ''),
    expires: parsed.searchParams.get('expires') ?? '',
    signature: parsed.searchParams.get('signature') ?? '',
  };
}

describe('signed file URLs', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');

  it('screenshots and PDFs live 24 h, audio and video 1 h', () => {
    const shot = parts(urls.sign('s1/screenshot.png', now));
    expect(Number(shot.expires) - now).toBe(24 * HOUR_MS);
    const clip = parts(urls.sign('s1/clip.mp3', now));
    expect(Number(clip.expires) - now).toBe(HOUR_MS);
    expect(urls.check(clip.key, clip.expires, clip.signature, now + HOUR_MS - 1)).toEqual({ valid: true });
    expect(urls.check(clip.key, clip.expires, clip.signature, now + HOUR_MS + 1)).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it('refuses altered keys, and media signed for longer than media lives', () => {
    const shot = parts(urls.sign('s1/screenshot.png', now));
    expect(urls.check('s1/other.png', shot.expires, shot.signature, now).valid).toBe(false);
    // A correct signature over a media key, but with a 24 h expiry: longer than media is kept.
    const expires = String(now + 24 * HOUR_MS);
    const signature = createHmac('sha256', 'test-secret')
      .update(`s1/clip.mp3\n${expires}`)
      .digest('base64url');
    expect(urls.check('s1/clip.mp3', expires, signature, now)).toEqual({
      valid: false,
      reason: 'tampered',
    });
  });
});
