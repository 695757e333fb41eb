import type { Finding, RedactionMode } from '../types.js';
import { before, digitsOf, matchSpans } from './spans.js';

/** Markdown escapes `@` and `_` in plain text (`jane\_smith\@example.org`): the backslashes belong to the address. */
const EMAIL =
  /(?<![\w.%+\\-])[A-Za-z0-9](?:[A-Za-z0-9._%+\\-]{0,62}[A-Za-z0-9_%+-])?\\?@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,24}(?![\w-])/g;
/** `ada [at] example [dot] org`, `ada at example dot org`: written out to dodge scrapers. */
const OBFUSCATED_EMAIL =
  /\b[A-Za-z0-9._%+-]+\s*(?:\[at\]|\(at\)|\{at\}|\sat\s)\s*[A-Za-z0-9-]+(?:\s*(?:\[dot\]|\(dot\)|\{dot\}|\sdot\s|\.)\s*[A-Za-z0-9-]+)*\s*(?:\[dot\]|\(dot\)|\{dot\}|\sdot\s)\s*[A-Za-z]{2,24}\b/gi;

export function detectEmails(text: string, mode: RedactionMode): Finding[] {
  const found = matchSpans(
    text,
    EMAIL,
    'EMAIL',
    // `git@github.com:org/repo` is an SSH remote, not a mailbox.
    (match) => !match[0].includes('..') && !/^:[\w~/]/.test(text.slice((match.index ?? 0) + match[0].length)),
  );
  if (mode === 'aggressive') found.push(...matchSpans(text, OBFUSCATED_EMAIL, 'EMAIL'));
  return found;
}

/**
 * Phone numbers as people write them: `+44 20 7946 0958`, `(415) 555-0132`, `415-555-0132`,
 * `020 7946 0958`. 7 to 15 digits (E.164), separators between groups; dates, IP addresses,
 * version numbers and long digit runs without separators are not phone numbers.
 */
const PHONE =
  /(?<![\w+.-])(?:\+\d{1,3}[\s.-]?)?(?:\(\d{1,5}\)[\s.-]?)?\d{1,5}(?:[\s.-]\d{1,8}){1,5}(?![\w.-]?\d)/g;
const PHONE_CONTEXT =
  /(?:phone|tel|telephone|mobile|cell|fax|call|ring|whatsapp|sms|text me|contact|☎|📞)\W{0,12}$/;
const BARE_DIGITS = /(?<![\w+.-])\+?\d{10,13}(?![\w.-]?\d)/g;

export function detectPhones(text: string, mode: RedactionMode): Finding[] {
  const found = matchSpans(text, PHONE, 'PHONE', (match) => isPhone(match[0], text, match.index ?? 0, mode));
  if (mode === 'aggressive') {
    found.push(
      ...matchSpans(text, BARE_DIGITS, 'PHONE', (match) =>
        PHONE_CONTEXT.test(before(text, match.index ?? 0, 25)),
      ),
    );
  }
  return found;
}

function isPhone(value: string, text: string, start: number, mode: RedactionMode): boolean {
  const digits = digitsOf(value);
  if (digits.length < 7 || digits.length > 15) return false;
  // Dates (2026-11-23, 23.11.2026), times and IP addresses.
  if (/^\d{4}[-./]\d{1,2}[-./]\d{1,2}$|^\d{1,2}[-./]\d{1,2}[-./]\d{2,4}$/.test(value)) return false;
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(value)) return false;
  const groups = value.split(/[\s.-]+|[()]/).filter(Boolean);
  const international = value.startsWith('+');
  const areaCode = /^\(\d{1,5}\)/.test(value);
  const context = PHONE_CONTEXT.test(before(text, start, 25));
  // Groups of phone-like length (no single 1-digit tail: "page 1 2 3"); a trunk 0 or an area code.
  const pairs = groups.length >= 4 && groups.slice(1).every((group) => group.length === 2);
  const shaped =
    groups.length >= 2 &&
    groups.length <= 6 &&
    groups.slice(1).every((group) => group.length >= 2) &&
    ((groups.at(-1)?.length ?? 0) >= 3 || pairs);
  if (!shaped) return false;
  if (international || areaCode || context) return true;
  // 1 250 000, 2.400.000: thousands, not a number to dial.
  if (/^\d{1,3}(?:[\s.,]\d{3})+$/.test(value)) return false;
  if (/\s/.test(value) && !/^0/.test(value) && mode !== 'aggressive') {
    // Space-separated plain numbers ("1 500 000") are amounts unless they start like a national number.
    return false;
  }
  // 415-555-0132, 415.555.0132, 020 7946 0958
  return (
    /^\d{3}[-.]\d{3}[-.]\d{4}$/.test(value) ||
    /^0\d{1,4}[\s-]\d{3,4}[\s-]?\d{3,4}$/.test(value) ||
    mode === 'aggressive'
  );
}
