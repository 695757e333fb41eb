import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { API_KEYS_READ_MODEL } from '#accounts';
import { type NatsNames, TrawlError } from '#contracts';
import { hashApiKey } from '#domain';
import { lazyKv, NATS_CONNECTION, NATS_NAMES } from '#messaging';

export interface AuthenticatedRequest {
  headers: Record<string, string | string[] | undefined>;
  teamId?: string;
  keyId?: string;
}

/** `Authorization: Bearer <key>`: the key's hash must be an active key of some team. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  private readonly kv: () => Promise<KV>;

  constructor(
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
  ) {
    this.kv = lazyKv(this.nc, this.names.kvBucket(API_KEYS_READ_MODEL));
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const token = bearerToken(request.headers.authorization);
    if (!token)
      throw new TrawlError('UNAUTHORIZED', 'Unauthorized: missing Bearer token in the Authorization header');
    const holder = await this.holderOf(token);
    if (!holder) throw new TrawlError('UNAUTHORIZED', 'Unauthorized: Invalid token');
    ({ teamId: request.teamId, keyId: request.keyId } = holder);
    return true;
  }

  /** The team and key id of an active API key; undefined for any other token. */
  async holderOf(token: string): Promise<{ teamId: string; keyId: string } | undefined> {
    const entry = await (await this.kv()).get(hashApiKey(token));
    return entry?.operation === 'PUT' ? entry.json<{ teamId: string; keyId: string }>() : undefined;
  }
}

/** The key of an `Authorization: Bearer <key>` header; undefined for any other header or none. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  return typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}
