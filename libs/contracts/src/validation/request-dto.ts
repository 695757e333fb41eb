import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  flattenValidationErrors,
  invalidRequest,
  type Validated,
} from '../scrape-request/validate-scrape-request.js';
import { unreadableKeys } from './unreadable-keys.js';

/** A request body as its DTO: a JSON object whose every key is readable and whitelisted, each field (nested ones too) by its rules. */
export function requestDto<T extends object>(type: new () => T, body: unknown): Validated<T> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalidRequest([{ path: [], message: 'The request body must be a JSON object' }]);
  }
  const unreadable = unreadableKeys(body);
  if (unreadable.length > 0) return invalidRequest(unreadable);
  const dto = plainToInstance(type, body);
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  if (errors.length > 0) return invalidRequest(flattenValidationErrors(errors));
  return { ok: true, value: dto };
}
