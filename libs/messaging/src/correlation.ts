import { type MsgHdrs, headers as natsHeaders } from '@nats-io/transport-node';

/** Header that carries one user request's correlation id through every NATS hop. */
export const CORRELATION_HEADER = 'Trawl-Correlation-Id';

export function correlationHeaders(correlationId: string | undefined): MsgHdrs | undefined {
  if (!correlationId) return undefined;
  const h = natsHeaders();
  h.set(CORRELATION_HEADER, correlationId);
  return h;
}

export function correlationOf(h: MsgHdrs | undefined): string | undefined {
  return h?.get(CORRELATION_HEADER) || undefined;
}
