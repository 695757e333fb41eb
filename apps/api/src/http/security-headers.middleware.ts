import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Helmet's headers for a JSON API: no sniffing, no referrer, never framed; answers (screenshots
 * behind signed file URLs) may still be embedded by other sites, and no CSP beyond framing, so HTML
 * pages of the API keep working. `Strict-Transport-Security` only when the operator serves HTTPS.
 */
export function securityHeaders(hstsMaxAgeSeconds: number): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: helmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginResourcePolicy: false,
    strictTransportSecurity:
      hstsMaxAgeSeconds > 0 ? { maxAge: hstsMaxAgeSeconds, includeSubDomains: true } : false,
  }) as RequestHandler;
}
