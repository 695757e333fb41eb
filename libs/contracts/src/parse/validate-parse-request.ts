import { type UploadKind, uploadKindOf } from '../documents/document-formats.js';
import type { ErrorDetail } from '../errors/index.js';
import type { ScrapeRequest } from '../scrape-request/scrape-request.js';
import {
  invalidRequest,
  type Validated,
  validateScrapeRequest,
} from '../scrape-request/validate-scrape-request.js';

/** A refused upload, with the reference service's code: options a file cannot take, or a file it cannot read. */
export type ParseValidated =
  | { ok: true; value: ValidParseRequest }
  | {
      ok: false;
      code: 'BAD_REQUEST' | 'PARSE_UNSUPPORTED_OPTIONS' | 'UNSUPPORTED_FILE_TYPE';
      error: string;
      details: ErrorDetail[];
    };

const refused = (
  code: Exclude<ParseValidated, { ok: true }>['code'],
  details: ErrorDetail[],
): ParseValidated => ({
  ...(invalidRequest(details) as { ok: false; error: string; details: ErrorDetail[] }),
  code,
});

/** Firecrawl's cap on one uploaded file. */
export const MAX_PARSE_FILE_BYTES = 50 * 1024 * 1024;

/** Scrape options that act on a page visit; an uploaded file has none (Firecrawl refuses them too). */
const VISIT_ONLY_OPTIONS = [
  'waitFor',
  'actions',
  'location',
  'mobile',
  'headers',
  'maxAge',
  'minAge',
  'storeInCache',
  'lockdown',
  'profile',
] as const;

/** Formats that need the live page (or its history). */
const VISIT_ONLY_FORMATS = new Set(['screenshot', 'changeTracking', 'branding', 'audio', 'video']);

/** `proxy` values a client may send with an upload: both mean "no special route", and nothing is fetched. */
const UPLOAD_PROXIES = new Set(['basic', 'auto']);

/** The multipart parts of `POST /v2/parse`: the file, plus `options` (a JSON string) and flags beside it. */
export interface ParseUpload {
  file?: { originalname: string; mimetype?: string; buffer: Buffer; size: number };
  fields: Record<string, unknown>;
}

export interface ValidParseRequest {
  /** The scrape options the file is converted with; `url` names the file (`file:///<name>`). */
  request: ScrapeRequest;
  filename: string;
  kind: UploadKind;
  bytes: Buffer;
}

/**
 * Validates an upload: a non-empty file of a kind this build reads, and scrape options minus
 * those that need a page visit. The options are checked by the scrape request's own rules.
 */
export function validateParseRequest(upload: ParseUpload): ParseValidated {
  const { file, fields } = upload;
  if (!file || file.size === 0)
    return refused('BAD_REQUEST', [
      {
        path: ['file'],
        message:
          "Send multipart/form-data with a non-empty 'file' part (and an optional 'options' JSON string)",
      },
    ]);
  const options = optionsOf(fields);
  if (!options.ok) return { ...options, code: 'BAD_REQUEST' };
  const unsupported: ErrorDetail[] = VISIT_ONLY_OPTIONS.filter((option) => option in options.value).map(
    (option) => ({
      path: ['options', option],
      message: `${option} needs a page visit; /v2/parse reads the uploaded file only`,
    }),
  );
  const { proxy } = options.value;
  if (proxy !== undefined && !UPLOAD_PROXIES.has(String(proxy)))
    unsupported.push({ path: ['options', 'proxy'], message: 'proxy must be basic or auto for an upload' });
  const scrape = validateScrapeRequest({ ...options.value, url: 'http://upload.invalid/' });
  if (!scrape.ok)
    return refused(
      'BAD_REQUEST',
      scrape.details.map((detail) => ({ ...detail, path: ['options', ...detail.path] })),
    );
  scrape.value.formats.forEach((format, index) => {
    if (VISIT_ONLY_FORMATS.has(format.type))
      unsupported.push({
        path: ['options', 'formats', index],
        message: `${format.type} needs a page visit; /v2/parse reads the uploaded file only`,
      });
  });
  if (unsupported.length > 0) return refused('PARSE_UNSUPPORTED_OPTIONS', unsupported);
  const filename = file.originalname.replace(/^.*[/\\]/, '').trim() || 'upload';
  const kind = uploadKindOf(file.buffer, filename, file.mimetype);
  if (!kind) {
    return refused('UNSUPPORTED_FILE_TYPE', [
      {
        path: ['file'],
        message: `${filename}: unsupported upload type; GET /v2/parse/formats lists the file types /v2/parse takes`,
      },
    ]);
  }
  const url = `file:///${encodeURIComponent(filename)}`;
  return {
    ok: true,
    value: {
      request: { ...scrape.value, url, sourceUrl: filename, maxAge: 0, storeInCache: false },
      filename,
      kind,
      bytes: file.buffer,
    },
  };
}

/** `options` is a JSON object sent as a string part; `zeroDataRetention`, `origin` and `integration` may come as parts of their own. */
function optionsOf(fields: Record<string, unknown>): Validated<Record<string, unknown>> {
  const { options: raw, ...flags } = fields;
  let options: unknown = {};
  if (raw !== undefined) {
    try {
      options = JSON.parse(String(raw));
    } catch {
      return invalidRequest([{ path: ['options'], message: 'options must be a JSON object' }]);
    }
  }
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    return invalidRequest([{ path: ['options'], message: 'options must be a JSON object' }]);
  const extra = Object.keys(flags).filter(
    (name) => !['zeroDataRetention', 'origin', 'integration'].includes(name),
  );
  if (extra.length > 0)
    return invalidRequest(
      extra.map((name) => ({ path: [name], message: `${name} is not a part of /v2/parse` })),
    );
  const parsed: Record<string, unknown> = { ...options };
  if (flags.zeroDataRetention !== undefined) parsed.zeroDataRetention = flags.zeroDataRetention === 'true';
  for (const name of ['origin', 'integration'] as const)
    if (typeof flags[name] === 'string') parsed[name] = flags[name];
  return { ok: true, value: parsed };
}
