import type { Request } from 'express';
import { v7 as uuidv7 } from 'uuid';

/** A client's `X-Request-Id` becomes the correlation id; otherwise a new one. Echoed in the response. */
export function correlationIdOf(req: Request): string {
  const given = req.headers['x-request-id'];
  const id = typeof given === 'string' && /^[\w.:-]{1,128}$/.test(given) ? given : uuidv7();
  req.res?.setHeader('X-Request-Id', id);
  return id;
}
