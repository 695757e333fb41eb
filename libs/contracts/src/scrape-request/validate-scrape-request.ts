import { Ajv } from 'ajv';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import type { Root } from 'hast';
import { selectAll } from 'hast-util-select';
import type { ErrorDetail } from '../errors/index.js';
import { unreadableKeys } from '../validation/unreadable-keys.js';
import { type ActionDto, type FormatDto, type FormatType, ScrapeRequestDto } from './scrape-request.dto.js';
import { SCRAPE_DEFAULTS, type ScrapeRequest } from './scrape-request.js';

export type Validated<T> = { ok: true; value: T } | { ok: false; error: string; details: ErrorDetail[] };

/** The optional fields each format type accepts besides `type`. */
const FORMAT_FIELDS: Partial<Record<FormatType, readonly string[]>> = {
  json: ['schema', 'prompt', 'checkPromptInjection'],
  screenshot: ['fullPage', 'quality', 'viewport'],
  changeTracking: ['modes', 'schema', 'prompt', 'tag'],
  attributes: ['selectors'],
  question: ['question'],
  highlights: ['query'],
  query: ['prompt', 'mode'],
};

/** The fields each action type accepts besides `type`. */
const ACTION_FIELDS: Record<ActionDto['type'], readonly string[]> = {
  wait: ['milliseconds', 'selector'],
  click: ['selector', 'all'],
  write: ['text'],
  press: ['key'],
  scroll: ['direction', 'selector'],
  scrape: [],
  executeJavascript: ['script'],
  screenshot: ['fullPage', 'quality', 'viewport'],
  pdf: ['format', 'landscape', 'scale'],
};

const MAX_ACTIONS = 50;
const MAX_TOTAL_WAIT_MS = 60_000;
/** A selector wait counts this much towards the total wait budget. */
const SELECTOR_WAIT_COST_MS = 1_000;

/** Validates a `POST /v2/scrape` body against the spec's table and API-NOTES' rules, then applies defaults. */
export function validateScrapeRequest(body: unknown): Validated<ScrapeRequest> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalidRequest([{ path: [], message: 'The request body must be a JSON object' }]);
  }
  const unreadable = unreadableKeys(body);
  if (unreadable.length > 0) return invalidRequest(unreadable);
  const dto = plainToInstance(ScrapeRequestDto, normaliseShorthands(body as Record<string, unknown>));
  const errors = validateSync(dto, { whitelist: true, forbidNonWhitelisted: true });
  const details = errors.length > 0 ? flattenValidationErrors(errors) : crossFieldIssues(dto);
  if (details.length > 0) return invalidRequest(details);
  return { ok: true, value: withDefaults(dto) };
}

/** `"markdown"` → `{type: "markdown"}`, `"pdf"` → `{type: "pdf"}`: the spec allows both spellings. */
function normaliseShorthands(body: Record<string, unknown>): Record<string, unknown> {
  const asObjects = (list: unknown) =>
    Array.isArray(list) ? list.map((item) => (typeof item === 'string' ? { type: item } : item)) : list;
  return {
    ...body,
    ...('formats' in body ? { formats: asObjects(body.formats) } : {}),
    ...('parsers' in body ? { parsers: asObjects(body.parsers) } : {}),
  };
}

function crossFieldIssues(dto: ScrapeRequestDto): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  const url = normaliseUrl(dto.url);
  if (!url) issues.push({ path: ['url'], message: 'url must be a valid http or https URL' });

  const formats = dto.formats ?? [];
  formats.forEach((format, index) => {
    const allowed = FORMAT_FIELDS[format.type] ?? [];
    for (const field of presentFields(format)) {
      if (!allowed.includes(field)) {
        issues.push({
          path: ['formats', index, field],
          message: `${field} is not allowed in a ${format.type} format`,
        });
      }
    }
    if (format.type === 'json' && !format.schema && !format.prompt) {
      issues.push({ path: ['formats', index], message: 'json format requires a schema or a prompt' });
    }
    if (format.schema) {
      const problem = jsonSchemaProblem(format.schema);
      if (problem) {
        issues.push({
          path: ['formats', index, 'schema'],
          message: `schema is not a valid JSON Schema: ${problem}`,
        });
      }
    }
    if (format.type === 'question' && !format.question) {
      issues.push({ path: ['formats', index, 'question'], message: 'question format requires question' });
    }
    if (format.type === 'highlights' && !format.query) {
      issues.push({ path: ['formats', index, 'query'], message: 'highlights format requires query' });
    }
    if (format.type === 'query' && !format.prompt) {
      issues.push({ path: ['formats', index, 'prompt'], message: 'query format requires prompt' });
    }
    if (format.type === 'attributes') issues.push(...attributeSelectorIssues(format.selectors, index));
  });
  const types = formats.map((format) => format.type);
  if (new Set(types).size !== types.length) {
    issues.push({ path: ['formats'], message: 'each format may be requested only once' });
  }
  if (types.includes('query') && types.includes('question')) {
    issues.push({
      path: ['formats'],
      message: 'query and question formats both answer in `answer`: request one of them',
    });
  }
  if (types.includes('changeTracking') && !types.includes('markdown')) {
    issues.push({ path: ['formats'], message: 'changeTracking format requires markdown format too' });
  }

  for (const field of ['includeTags', 'excludeTags'] as const) {
    (dto[field] ?? []).forEach((selector, index) => {
      if (!isValidSelector(selector)) {
        issues.push({
          path: [field, index],
          message: `${field}[${index}] is not a valid CSS selector: ${selector}`,
        });
      }
    });
  }

  const timeout = dto.timeout ?? SCRAPE_DEFAULTS.timeout;
  if ((dto.waitFor ?? 0) > timeout / 2) {
    issues.push({ path: ['waitFor'], message: 'waitFor must not exceed half of timeout' });
  }

  if (dto.headers) {
    for (const [name, value] of Object.entries(dto.headers)) {
      if (typeof value !== 'string') {
        issues.push({ path: ['headers', name], message: 'header values must be strings' });
      }
    }
  }

  const actions = dto.actions ?? [];
  if (actions.length > MAX_ACTIONS) {
    issues.push({ path: ['actions'], message: `at most ${MAX_ACTIONS} actions are allowed` });
  }
  let totalWait = dto.waitFor ?? 0;
  actions.forEach((action, index) => {
    for (const field of presentFields(action)) {
      if (!ACTION_FIELDS[action.type].includes(field)) {
        issues.push({
          path: ['actions', index, field],
          message: `${field} is not allowed in a ${action.type} action`,
        });
      }
    }
    if (action.type === 'wait') {
      if ((action.milliseconds === undefined) === (action.selector === undefined)) {
        issues.push({
          path: ['actions', index],
          message: 'a wait action needs exactly one of milliseconds or selector',
        });
      }
      totalWait += action.milliseconds ?? SELECTOR_WAIT_COST_MS;
    }
    const required = { click: 'selector', write: 'text', press: 'key', executeJavascript: 'script' } as const;
    const field = required[action.type as keyof typeof required];
    if (field && action[field] === undefined) {
      issues.push({ path: ['actions', index, field], message: `a ${action.type} action requires ${field}` });
    }
    if (action.type === 'scroll' && action.direction === undefined) {
      issues.push({ path: ['actions', index, 'direction'], message: 'a scroll action requires direction' });
    }
  });
  if (totalWait > MAX_TOTAL_WAIT_MS) {
    issues.push({
      path: ['actions'],
      message: 'waitFor and all wait actions together must not exceed 60 seconds',
    });
  }
  if (dto.maxAge !== undefined && dto.minAge !== undefined && dto.minAge > dto.maxAge) {
    issues.push({ path: ['minAge'], message: 'minAge must not exceed maxAge' });
  }
  if (dto.onlyCleanContent && dto.zeroDataRetention) {
    issues.push({
      path: ['onlyCleanContent'],
      message: 'onlyCleanContent is not available for zeroDataRetention requests',
    });
  }
  issues.push(...redactPiiIssues(dto.redactPII));
  return issues;
}

/** One compiler for every request; schemas are compiled to be checked, never cached. */
const schemaCompiler = new Ajv({ strict: false, allErrors: false, addUsedSchema: false });

/** Why a `schema` is not usable JSON Schema, or undefined when it is. */
function jsonSchemaProblem(schema: Record<string, unknown>): string | undefined {
  try {
    schemaCompiler.compile(schema);
    return undefined;
  } catch (error) {
    return (error as Error).message;
  } finally {
    schemaCompiler.removeSchema(schema);
  }
}

const PII_ENTITIES = ['PERSON', 'EMAIL', 'PHONE', 'LOCATION', 'FINANCIAL', 'SECRET'];

/** `redactPII` is `true`/`false` or `{entities?, mode?, replaceStyle?}`; a union class-validator cannot express. */
function redactPiiIssues(value: unknown): ErrorDetail[] {
  if (value === undefined || typeof value === 'boolean') return [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return [{ path: ['redactPII'], message: 'redactPII must be a boolean or an object' }];
  }
  const issues: ErrorDetail[] = [];
  const { entities, mode, replaceStyle, ...rest } = value as Record<string, unknown>;
  for (const key of Object.keys(rest)) {
    issues.push({ path: ['redactPII', key], message: `property ${key} should not exist` });
  }
  if (
    entities !== undefined &&
    !(Array.isArray(entities) && entities.every((entity) => PII_ENTITIES.includes(entity as string)))
  ) {
    issues.push({
      path: ['redactPII', 'entities'],
      message: `entities must be a list of ${PII_ENTITIES.join(', ')}`,
    });
  }
  if (mode !== undefined && !['accurate', 'aggressive', 'fast'].includes(mode as string)) {
    issues.push({ path: ['redactPII', 'mode'], message: 'mode must be one of accurate, aggressive, fast' });
  }
  if (replaceStyle !== undefined && !['tag', 'mask', 'remove'].includes(replaceStyle as string)) {
    issues.push({
      path: ['redactPII', 'replaceStyle'],
      message: 'replaceStyle must be one of tag, mask, remove',
    });
  }
  return issues;
}

function withDefaults(dto: ScrapeRequestDto): ScrapeRequest {
  const actions = dto.actions ?? [];
  const lockdown = dto.lockdown ?? false;
  const hasHeaders = dto.headers !== undefined && Object.keys(dto.headers).length > 0;
  return {
    url: normaliseUrl(dto.url) as string,
    sourceUrl: dto.url,
    formats: (dto.formats ?? [{ type: 'markdown' }]).map((format) => plain(format) as FormatDto),
    headers: dto.headers,
    includeTags: dto.includeTags,
    excludeTags: dto.excludeTags,
    onlyMainContent: dto.onlyMainContent ?? true,
    onlyCleanContent: dto.onlyCleanContent ?? false,
    timeout: dto.timeout ?? SCRAPE_DEFAULTS.timeout,
    waitFor: dto.waitFor ?? 0,
    mobile: dto.mobile ?? false,
    parsers: (dto.parsers ?? [{ type: 'pdf' }]).map((parser) => plain(parser)),
    actions: actions.map((action) => plain(action)),
    location: dto.location && plain(dto.location),
    // API-NOTES: TLS verification is skipped by default unless the client sends headers or actions.
    skipTlsVerification: dto.skipTlsVerification ?? !(hasHeaders || actions.length > 0),
    removeBase64Images: dto.removeBase64Images ?? true,
    fastMode: dto.fastMode ?? false,
    useMock: dto.useMock,
    blockAds: dto.blockAds ?? true,
    proxy: dto.proxy ?? 'auto',
    maxAge: dto.maxAge ?? (lockdown ? SCRAPE_DEFAULTS.lockdownMaxAge : SCRAPE_DEFAULTS.maxAge),
    minAge: dto.minAge,
    // Actions and custom headers make a page private to this request: never cache it.
    storeInCache: (dto.storeInCache ?? true) && actions.length === 0 && !hasHeaders,
    zeroDataRetention: (dto.zeroDataRetention ?? false) || lockdown,
    lockdown,
    redactPII: dto.redactPII,
    profile: dto.profile && { name: dto.profile.name, saveChanges: dto.profile.saveChanges ?? true },
    integration: dto.integration,
  };
}

/** `example.com/x` → `http://example.com/x`; undefined for anything that is not http(s). */
export function normaliseUrl(raw: string): string | undefined {
  const trimmed = raw.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(trimmed) ? trimmed : `http://${trimmed}`;
  try {
    const url = new URL(withScheme);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    if (!url.hostname) return undefined;
    return url.href;
  } catch {
    return undefined;
  }
}

const EMPTY_TREE: Root = { type: 'root', children: [] };

/** The attributes format needs at least one `{selector, attribute}`, each a CSS selector and an attribute name. */
function attributeSelectorIssues(selectors: FormatDto['selectors'], index: number): ErrorDetail[] {
  const path = ['formats', index, 'selectors'];
  if (!selectors?.length) return [{ path, message: 'attributes format requires selectors' }];
  return selectors.flatMap(({ selector, attribute }, at) => [
    ...(isValidSelector(selector)
      ? []
      : [{ path: [...path, at, 'selector'], message: `not a valid CSS selector: ${selector}` }]),
    ...(attribute.trim() === ''
      ? [{ path: [...path, at, 'attribute'], message: 'attribute must name an attribute' }]
      : []),
  ]);
}

function isValidSelector(selector: string): boolean {
  try {
    selectAll(selector, EMPTY_TREE);
    return selector.trim() !== '';
  } catch {
    return false;
  }
}

function presentFields(dto: object): string[] {
  return Object.entries(dto)
    .filter(([key, value]) => key !== 'type' && value !== undefined)
    .map(([key]) => key);
}

/** A DTO instance as a plain JSON object without undefined fields (it travels in events). */
function plain<T extends object>(dto: T): T {
  return JSON.parse(JSON.stringify(dto)) as T;
}

export function invalidRequest(details: ErrorDetail[]): Validated<never> {
  return { ok: false, error: details[0]?.message ?? 'Invalid request', details };
}

export function flattenValidationErrors(
  errors: ValidationError[],
  parent: (string | number)[] = [],
): ErrorDetail[] {
  return errors.flatMap((error) => {
    const path = [...parent, /^\d+$/.test(error.property) ? Number(error.property) : error.property];
    // A required field that is absent breaks every rule it has ("url must be shorter than …"): say it is missing.
    if (error.value === undefined && error.constraints)
      return [{ path, message: `${path.join('.')} is required` }];
    const own = Object.values(error.constraints ?? {}).map((message) => ({
      path,
      message: message.startsWith(error.property)
        ? `${path.join('.')}${message.slice(error.property.length)}`
        : message,
    }));
    return [...own, ...flattenValidationErrors(error.children ?? [], path)];
  });
}
