import { detectEmails, detectPhones } from './detectors/contact.js';
import { detectFinancial } from './detectors/financial.js';
import { detectPeople, detectPlaces } from './detectors/names-and-places.js';
import { detectSecrets } from './detectors/secrets.js';
import { type Detector, type Finding, PII_ENTITIES, type PiiEntity, type RedactionOptions } from './types.js';

const DETECTORS: Record<PiiEntity, Detector[]> = {
  EMAIL: [detectEmails],
  PHONE: [detectPhones],
  FINANCIAL: [detectFinancial],
  SECRET: [detectSecrets],
  PERSON: [detectPeople],
  LOCATION: [detectPlaces],
};

/**
 * When spans overlap, the more specific entity wins (a card number is not a phone number, a key
 * in a URL is a secret), then the longer span.
 */
const PRIORITY: PiiEntity[] = ['SECRET', 'FINANCIAL', 'EMAIL', 'PHONE', 'LOCATION', 'PERSON'];

/** The request's `redactPII` (`true` or `{entities, mode, replaceStyle}`) with defaults, or undefined when off. */
export function redactionOptions(value: unknown): RedactionOptions | undefined {
  if (value === undefined || value === false || value === null) return undefined;
  const given = typeof value === 'object' ? (value as Partial<RedactionOptions>) : {};
  return {
    entities: given.entities?.length ? given.entities : PII_ENTITIES,
    mode: given.mode ?? 'accurate',
    replaceStyle: given.replaceStyle ?? 'tag',
  };
}

/** Every span of personal or secret data of the asked entities, without overlaps, in text order. */
export function findPii(text: string, options: Pick<RedactionOptions, 'entities' | 'mode'>): Finding[] {
  return withoutOverlaps(
    options.entities.flatMap((entity) =>
      DETECTORS[entity]
        .flatMap((detect) => detect(text, options.mode))
        .filter((finding) => finding.entity === entity),
    ),
  );
}

/** Candidate spans from any source → one finding per place of the text, in text order. */
export function withoutOverlaps(found: Finding[]): Finding[] {
  const candidates = [...found];
  candidates.sort(
    (a, b) =>
      PRIORITY.indexOf(a.entity) - PRIORITY.indexOf(b.entity) ||
      b.end - b.start - (a.end - a.start) ||
      a.start - b.start,
  );
  const kept: Finding[] = [];
  for (const candidate of candidates) {
    if (candidate.end <= candidate.start) continue;
    if (kept.some((other) => other.start < candidate.end && candidate.start < other.end)) continue;
    kept.push(candidate);
  }
  return kept.sort((a, b) => a.start - b.start);
}

/** The text with each finding replaced as `replaceStyle` says. */
export function redactPii(text: string, options: RedactionOptions): { text: string; findings: Finding[] } {
  const findings = findPii(text, options);
  return { text: replaceFindings(text, findings, options), findings };
}

/** The text with the given findings (in text order, not overlapping) replaced as `replaceStyle` says. */
export function replaceFindings(text: string, findings: Finding[], options: RedactionOptions): string {
  let result = '';
  let cursor = 0;
  for (const finding of findings) {
    let { start, end } = finding;
    // A markdown autolink (`<ada@example.org>`) is replaced whole, so no `<<EMAIL>>` is left.
    if (
      options.replaceStyle !== 'mask' &&
      text[start - 1] === '<' &&
      text[end] === '>' &&
      start - 1 >= cursor
    ) {
      start--;
      end++;
    }
    result +=
      text.slice(cursor, start) +
      replacement(text.slice(finding.start, finding.end), finding.entity, options);
    cursor = end;
  }
  return result + text.slice(cursor);
}

function replacement(value: string, entity: PiiEntity, options: RedactionOptions): string {
  switch (options.replaceStyle) {
    case 'tag':
      return `<${entity}>`;
    // One star per character; line breaks stay, so a masked key block keeps its shape.
    case 'mask':
      return value.replace(/[^\n]/gu, '*');
    case 'remove':
      return '';
    default: {
      const unknown: never = options.replaceStyle;
      throw new Error(`unknown replaceStyle ${String(unknown)}`);
    }
  }
}
