import type { RequestHandler } from 'express';

/**
 * Headers that keep browsers from sniffing, framing or leaking Trawl's answers (what helmet sets for
 * a JSON API); `Strict-Transport-Security` only when the operator serves Trawl over HTTPS.
 */
export function securityHeaders(hstsMaxAgeSeconds: number): RequestHandler {
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': "frame-ancestors 'none'",
    ...(hstsMaxAgeSeconds > 0
      ? { 'Strict-Transport-Security': `max-age=${hstsMaxAgeSeconds}; includeSubDomains` }
      : {}),
  };
  return (_req, res, next) => {
    res.set(headers);
    next();
  };
}
