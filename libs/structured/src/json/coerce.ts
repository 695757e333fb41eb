import { asText, isObject } from '../page/structured-data.js';
import type { JsonSchema, SchemaKind } from './json-schema.js';

/** A page value in the schema's type, or undefined when it does not fit. */
export function coerce(value: unknown, kind: SchemaKind, schema: JsonSchema): unknown {
  if (value === undefined || value === null) return undefined;
  switch (kind) {
    case 'string': {
      // A yes/no is no text: a claim read for `supports_sso` never fills a string named `use_cases`.
      if (typeof value === 'boolean') return undefined;
      const text = asText(value);
      if (text === undefined) return undefined;
      return schema.enum ? matchEnum(text, schema.enum) : text;
    }
    case 'number':
    case 'integer': {
      const number = typeof value === 'number' ? value : parseNumber(asText(value) ?? '');
      if (number === undefined) return undefined;
      return kind === 'integer' ? Math.round(number) : number;
    }
    case 'boolean':
      return typeof value === 'boolean' ? value : parseBoolean(asText(value) ?? '');
    default:
      return isObject(value) || Array.isArray(value) ? value : undefined;
  }
}

/**
 * The first number of a text, with thousands separators in either convention:
 * "$1,299.00" → 1299, "1.299,50 €" → 1299.5, "4.5 out of 5" → 4.5.
 */
export function parseNumber(text: string): number | undefined {
  const match = /-?\d[\d.,\s]*\d|-?\d/.exec(text.replace(/\u00a0/g, ' '));
  if (!match) return undefined;
  let digits = match[0].replace(/\s(?=\d{3}\b)/g, '').replace(/\s.*$/, '');
  const lastComma = digits.lastIndexOf(',');
  const lastDot = digits.lastIndexOf('.');
  if (lastComma > lastDot) {
    // "1.299,50" or "12,5": the comma is the decimal mark unless it groups thousands ("1,299").
    const decimals = digits.length - lastComma - 1;
    digits =
      decimals === 3 && lastDot === -1
        ? digits.replace(/,/g, '')
        : digits.replace(/\./g, '').replace(',', '.');
  } else {
    digits = digits.replace(/,/g, '');
  }
  const number = Number(digits);
  return Number.isFinite(number) ? number : undefined;
}

const TRUE =
  /^(?:true|yes|y|1|available|in ?stock|instock|on|enabled|included|https?:\/\/schema\.org\/instock)$/i;
const FALSE =
  /^(?:false|no|n|0|unavailable|out of stock|outofstock|sold out|soldout|off|disabled|none|https?:\/\/schema\.org\/outofstock)$/i;

function parseBoolean(text: string): boolean | undefined {
  const value = text.trim();
  if (TRUE.test(value)) return true;
  if (FALSE.test(value)) return false;
  return undefined;
}

function matchEnum(text: string, options: unknown[]): unknown {
  const lower = text.toLowerCase();
  return (
    options.find((option) => String(option).toLowerCase() === lower) ??
    options.find((option) => new RegExp(`\\b${escapeRegExp(String(option).toLowerCase())}\\b`).test(lower))
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
