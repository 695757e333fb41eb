import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import { TrawlError } from '#contracts';
import { type AuthenticatedRequest, bearerToken } from '../auth/api-key.guard.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator's `Authorization: Bearer <ADMIN_API_KEY>`, compared in constant time; team keys never pass. */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(@Inject(TRAWL_CONFIG) private readonly config: TrawlConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.adminApiKey) {
      throw new TrawlError(
        'FORBIDDEN',
        'The admin API is off: the operator sets ADMIN_API_KEY to turn it on',
      );
    }
    const token = bearerToken(
      context.switchToHttp().getRequest<AuthenticatedRequest>().headers.authorization,
    );
    if (!token || !timingSafeEqual(digest(token), digest(this.config.adminApiKey))) {
      throw new TrawlError('UNAUTHORIZED', 'Unauthorized: the admin API needs the operator key');
    }
    return true;
  }
}
