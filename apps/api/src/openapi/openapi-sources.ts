import type { DtoClass, GuardDocumentation } from '#openapi';
import { AdminKeyGuard } from '../admin/admin-key.guard.js';
import { ApiKeyGuard } from '../auth/api-key.guard.js';
import { CreditsGuard } from '../credits/credits.guard.js';
import { RateLimitGuard } from '../limits/rate-limit.guard.js';

/** What each guard of the API means to a caller: the credential it checks and the errors it answers. */
export const GUARD_DOCUMENTATION = new Map<DtoClass, GuardDocumentation>([
  [ApiKeyGuard, { security: 'apiKey', errors: ['UNAUTHORIZED'] }],
  [AdminKeyGuard, { security: 'adminKey', errors: ['FORBIDDEN'] }],
  [RateLimitGuard, { errors: ['RATE_LIMIT_EXCEEDED'] }],
  [CreditsGuard, { errors: ['INSUFFICIENT_CREDITS'] }],
]);

export const SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A team API key: `Authorization: Bearer fc-…` (created by `npm run trawl -- teams create` or `POST /admin/teams`)',
  },
  adminKey: {
    type: 'http',
    scheme: 'bearer',
    description: 'The operator key ADMIN_API_KEY; without that variable every admin route answers 403',
  },
};

export const API_INFO = {
  title: 'Trawl API',
  version: 'v2',
  description:
    "Self-hostable web scraping and page monitoring with the Firecrawl v2 HTTP API. Every success is HTTP 200 with `{success: true, …}`; every error is `{success: false, code, error, details?}`. Generated from the running server's routes and validation rules.",
};
