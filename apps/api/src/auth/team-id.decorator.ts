import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { AuthenticatedRequest } from './api-key.guard.js';

/** The team of the authenticated API key (set by ApiKeyGuard). */
export const TeamId = createParamDecorator(
  (_: unknown, context: ExecutionContext) => context.switchToHttp().getRequest<AuthenticatedRequest>().teamId,
);
