import { parseNumber } from '../json/coerce.js';

export interface Price {
  amount: number;
  currency?: string;
  formatted?: string;
}

const SYMBOLS: Record<string, string> = {
  '€': 'EUR',
  '£': 'GBP',
  '¥': 'JPY',
  '₹': 'INR',
  '₩': 'KRW',
  '₽': 'RUB',
  '₺': 'TRY',
  '₪': 'ILS',
  R$: 'BRL',
};
const CURRENCY_CODES = 'USD|EUR|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK|PLN|CZK|INR|CNY|BRL|MXN|ZAR';
/** A currency written before its amount ("$12", "EUR 12"), as a pattern's source. */
export const CURRENCY_BEFORE = String.raw`R\$|[$€£¥₹₩₽₺₪]|\b(?:${CURRENCY_CODES})\b`;
/** A currency written after its amount ("12 €", "12 kr"), as a pattern's source. */
export const CURRENCY_AFTER = String.raw`[€£¥₹]|\b(?:${CURRENCY_CODES})\b|kr\b|zł`;
const DOLLAR_BY_REGION: Record<string, string> = {
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  SG: 'SGD',
  HK: 'HKD',
  MX: 'MXN',
};

/**
 * An amount: with thousands separators ("1,299.99", "1 299") or without ("1099", "12,50"), never
 * the first digits of a longer number ("$1099" is not "$109").
 */
const AMOUNT = String.raw`(?:\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?!\d)`;

/** A price in running text: "$12.50", "12,50 €", "EUR 12.50", "CHF 9.–". */
export const PRICE_PATTERN = new RegExp(
  `(?:(${CURRENCY_BEFORE})\\s?(${AMOUNT}))|(?:(${AMOUNT})\\s?(${CURRENCY_AFTER}))`,
);

/**
 * The first price in a text, its currency only when the text shows one ("$" is read with the
 * page's region: en-CA → CAD, otherwise USD).
 */
export function findPrice(text: string, locale?: string): Price | undefined {
  const match = PRICE_PATTERN.exec(text);
  if (!match) return undefined;
  const marker = match[1] ?? match[4];
  const amount = parseNumber(match[2] ?? match[3] ?? '');
  if (amount === undefined) return undefined;
  return { amount, currency: currencyOf(marker, locale), formatted: match[0].trim() };
}

/** The ISO code a price's marker stands for ("$" read with the page's region), none for "kr". */
export function currencyOf(marker: string | undefined, locale?: string): string | undefined {
  if (!marker) return undefined;
  if (marker === '$') {
    const region = /[-_]([A-Za-z]{2})$/.exec(locale ?? '')?.[1]?.toUpperCase();
    return (region && DOLLAR_BY_REGION[region]) ?? 'USD';
  }
  if (marker === 'kr') return undefined;
  if (marker === 'zł') return 'PLN';
  return SYMBOLS[marker] ?? marker.toUpperCase();
}

/** A price written the way pages write it, for `formatted` when only the number is known. */
export function formatPrice(amount: number, currency?: string): string {
  if (!currency) return amount.toFixed(2);
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
