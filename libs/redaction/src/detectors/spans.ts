import type { Finding, PiiEntity } from '../types.js';

/** Every match of `pattern` (global) as a finding; `group` picks a capture group's span instead of the whole match. */
export function matchSpans(
  text: string,
  pattern: RegExp,
  entity: PiiEntity,
  accept: (match: RegExpExecArray) => boolean = () => true,
  group = 0,
): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(pattern)) {
    if (!accept(match)) continue;
    const value = match[group];
    if (value === undefined) continue;
    const start = (match.index ?? 0) + (group === 0 ? 0 : match[0].indexOf(value));
    findings.push({ entity, start, end: start + value.length });
  }
  return findings;
}

/** The `size` characters before a span, lower-cased: where context words are looked for. */
export const before = (text: string, start: number, size = 40) =>
  text.slice(Math.max(0, start - size), start).toLowerCase();

export const digitsOf = (value: string) => value.replace(/\D/g, '');

/** Where `value` stands in `text` as whole words (so "Ada" never matches part of "Adam"). */
export function wholeWordPlaces(text: string, value: string): number[] {
  const places: number[] = [];
  if (!value.trim()) return places;
  for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + value.length)) {
    const startsClean = !WORD.test(text[at - 1] ?? ' ') || !WORD.test(value[0]);
    const endsClean = !WORD.test(text[at + value.length] ?? ' ') || !WORD.test(value.at(-1) ?? ' ');
    if (startsClean && endsClean) places.push(at);
  }
  return places;
}

const WORD = /[\p{L}\p{N}_]/u;
