import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { TrawlError } from '#contracts';
import { hasCreditsLeft } from '#domain';
import type { AuthenticatedRequest } from '../auth/api-key.guard.js';
import { CreditsService } from './credits.service.js';

/** No credits left → 402 INSUFFICIENT_CREDITS before any work starts. Runs after ApiKeyGuard. */
@Injectable()
export class CreditsGuard implements CanActivate {
  constructor(private readonly credits: CreditsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const { teamId } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!teamId) throw new TrawlError('UNAUTHORIZED', 'Unauthorized: no team for this request');
    const balance = await this.credits.balance(teamId);
    if (!hasCreditsLeft(balance)) throw insufficientCredits();
    return true;
  }
}

/** 402 INSUFFICIENT_CREDITS, saying why the credits do not suffice. */
export function insufficientCredits(why = 'this team has no credits left'): TrawlError {
  return new TrawlError(
    'INSUFFICIENT_CREDITS',
    `Insufficient credits to perform this request: ${why}. Ask the operator of this Trawl to grant more.`,
  );
}
