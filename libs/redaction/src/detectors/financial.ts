import type { Finding, RedactionMode } from '../types.js';
import { before, digitsOf, matchSpans } from './spans.js';

/** 13–19 digits, in groups of up to 6 separated by a space or a dash (as cards are printed), or run together. */
const CARD = /(?<![\w.-])\d(?:[ -]?\d){12,18}(?![\w-]?\d)/g;
/** Issuer prefixes: Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay, Maestro. */
const CARD_ISSUER =
  /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|6(?:011|5|4[4-9]|22)|35|3(?:0[0-5]|[689])|62|5[06-9]|6\d)/;
const IBAN = /\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]){11,30}\b/g;
/** Account, routing and sort-code numbers, recognised by the words before them. */
const ACCOUNT =
  /\b(?:account|acct|a\/c|iban|routing|aba|sort code|bsb|bank(?:\s+account)?|kontonummer|konto)(?:\s+(?:number|no\.?|#|nr\.?))?\s*[:#]?\s*(\d(?:[\s-]?\d){5,16})\b/gi;

export function detectFinancial(text: string, mode: RedactionMode): Finding[] {
  const found = [
    ...matchSpans(text, CARD, 'FINANCIAL', (match) => isCardNumber(match[0], mode)),
    ...matchSpans(text, IBAN, 'FINANCIAL', (match) => isIban(match[0])),
    ...matchSpans(text, ACCOUNT, 'FINANCIAL', () => true, 1),
  ];
  if (mode === 'aggressive') {
    // Long digit runs near money words, without a recognised format.
    found.push(
      ...matchSpans(text, /(?<![\w.-])\d{8,18}(?![\w.-]?\d)/g, 'FINANCIAL', (match) =>
        /(?:account|card|bank|iban|payment|pay|billing|credit|debit|routing|swift|bic)/.test(
          before(text, match.index ?? 0, 40),
        ),
      ),
    );
  }
  return found;
}

export function isCardNumber(value: string, mode: RedactionMode = 'fast'): boolean {
  const digits = digitsOf(value);
  if (digits.length < 13 || digits.length > 19 || /^(\d)\1+$/.test(digits)) return false;
  // Separated digits must be grouped like a card (4-4-4-4, 4-6-5), not arbitrary.
  const groups = value.split(/[ -]/);
  if (groups.length > 1 && !groups.every((group) => group.length >= 4 && group.length <= 6)) return false;
  return luhn(digits) && (mode === 'aggressive' || CARD_ISSUER.test(digits));
}

export function luhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** IBAN lengths per country (ISO 13616 registry). */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  BY: 28,
  CH: 21,
  CR: 22,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  DO: 28,
  EE: 20,
  EG: 29,
  ES: 24,
  FI: 18,
  FO: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GL: 18,
  GR: 27,
  GT: 28,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IQ: 23,
  IS: 26,
  IT: 27,
  JO: 30,
  KW: 30,
  KZ: 20,
  LB: 28,
  LC: 32,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MR: 27,
  MT: 31,
  MU: 30,
  NL: 18,
  NO: 15,
  PK: 24,
  PL: 28,
  PS: 29,
  PT: 25,
  QA: 29,
  RO: 24,
  RS: 22,
  SA: 24,
  SC: 31,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  ST: 25,
  SV: 28,
  TL: 23,
  TN: 24,
  TR: 26,
  UA: 29,
  VA: 22,
  VG: 24,
  XK: 20,
};

/** Country length and the ISO 7064 mod-97 checksum. */
export function isIban(value: string): boolean {
  const iban = value.replace(/ /g, '');
  if (IBAN_LENGTHS[iban.slice(0, 2)] !== iban.length) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const code = /[A-Z]/.test(char) ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}
