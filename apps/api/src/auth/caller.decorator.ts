import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './api-key.guard.js';

/** Who is asking: the team of the authenticated API key, and the key itself (its charges name it). */
export interface Caller {
  teamId: string;
  apiKeyId?: string;
}

/** The authenticated caller (set by ApiKeyGuard). */
export const CallerOf = createParamDecorator((_: unknown, context: ExecutionContext): Caller => {
  const { teamId, keyId } = context.switchToHttp().getRequest<AuthenticatedRequest>();
  return { teamId: teamId as string, ...(keyId ? { apiKeyId: keyId } : {}) };
});
