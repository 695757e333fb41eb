import type { PageJudgment } from '#contracts';
import { parseNumber } from '../json/coerce.js';
import { CURRENCY_AFTER, CURRENCY_BEFORE, currencyOf, findPrice, PRICE_PATTERN } from '../text/prices.js';

/**
 * The deterministic judge used when no language model is configured: it looks for the goal's
 * terms and numeric conditions ("below $50", "over 100") in the lines a diff added or removed.
 * It is labelled in `judge` and `reason`, so nobody mistakes it for a model's verdict.
 */
const LOCAL_JUDGE = 'local';
const LABEL = 'Local relevance judge (no model configured)';

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have i if in into is it its me my of on or our tell than that the their them then there these they this to us was we were what when where which while who will with would you your notify alert let know me any change changes changed page pages about should'.split(
    ' ',
  ),
);

/** What a goal's number counts: money (in a currency when the goal names one), a percentage, or things. */
type Unit = { kind: 'money'; currency?: string } | { kind: 'percent' } | { kind: 'count' };

interface NumericCondition {
  op: '<' | '>';
  value: number;
  text: string;
  unit: Unit;
}

const NUMBER = String.raw`\d[\d.,]*\d|\d`;
/** A goal may name its currency in words too: "under 40 dollars". */
const CURRENCY_SUFFIX = String.raw`${CURRENCY_AFTER}|dollars?\b|euros?\b|pounds?\b`;
const PERCENT = String.raw`%|\bper ?cent\b`;
const JUST_PERCENT = new RegExp(`^(?:${PERCENT})$`, 'i');
const COMPARISON = new RegExp(
  String.raw`\b(below|under|less than|lower than|cheaper than|at most|above|over|more than|higher than|greater than|at least|exceeds?)\s*` +
    String.raw`(?:(${CURRENCY_BEFORE})\s?)?(${NUMBER})(?:\s?(${PERCENT}|${CURRENCY_SUFFIX}))?`,
  'gi',
);
const CURRENCY_WORDS: Record<string, string> = { dollar: '$', euro: '€', pound: '£' };

function unitOf(prefix: string | undefined, suffix: string | undefined): Unit {
  const marker = prefix ?? suffix;
  if (!marker) return { kind: 'count' };
  if (JUST_PERCENT.test(marker)) return { kind: 'percent' };
  const word = marker.toLowerCase().replace(/s$/, '');
  return {
    kind: 'money',
    currency: currencyOf(
      CURRENCY_WORDS[word] ?? (/^[a-z]{3}$/i.test(marker) ? marker.toUpperCase() : marker),
    ),
  };
}

/** What the goal is about: its words, less function words and its numeric conditions ("below $50"). */
export function goalTerms(goal: string): string[] {
  const words =
    goal
      .replace(COMPARISON, ' ')
      .toLowerCase()
      .match(/[\p{L}\p{N}][\p{L}\p{N}'-]*/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3 && !STOPWORDS.has(word) && !/^\d/.test(word)))];
}

export function numericConditions(goal: string): NumericCondition[] {
  return [...goal.matchAll(COMPARISON)].map((match) => {
    const below = /below|under|less|lower|cheaper|at most/i.test(match[1]);
    return {
      op: below ? '<' : '>',
      value: parseNumber(match[3]) ?? Number.NaN,
      text: match[0].trim(),
      unit: unitOf(match[2], match[4]),
    };
  });
}

const MONTH = String.raw`(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
/** Dates and times, whose numbers are no quantity ("October 2, 2026" is not "below 50"). */
const DATE_OR_TIME = new RegExp(
  [
    String.raw`\b\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?`,
    String.raw`\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b`,
    String.raw`\b${MONTH}\s+\d{1,2}(?:st|nd|rd|th)?\b(?:,?\s+\d{4}\b)?`,
    String.raw`\b\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?${MONTH}(?:,?\s+\d{4}\b)?`,
    String.raw`\b\d{1,2}:\d{2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?`,
    String.raw`\b\d{1,2}\s*[ap]\.?m\b\.?`,
  ].join('|'),
  'gi',
);
/** Where a line's addresses are: a link's destination, an autolink, a bare URL. */
const ADDRESS = /\]\([^)]*\)|<https?:\/\/[^>]*>|\bhttps?:\/\/\S+|\bwww\.\S+/gi;
const PRICE = new RegExp(PRICE_PATTERN.source, 'g');
const PERCENTAGE = new RegExp(String.raw`(${NUMBER})\s?(?:${PERCENT})`, 'gi');
const NUMBERS = new RegExp(NUMBER, 'g');

/** A changed line as read for the goal: without its links' addresses, whose words and numbers are no content. */
const readable = (line: string) => line.replace(ADDRESS, (address) => (address.startsWith(']') ? ']' : ' '));

/** Words that make a line's bare number a sum of money ("price: 45", as json-mode diffs write a field). */
const MONEY_WORDS = /\b(?:\w*prices?|costs?|fees?|fares?|amount|(?:sub)?total|salary|budget|msrp|rrp)\b/i;

/** The amounts in a line that a condition of this unit compares with: prices for money, percentages, else counts. */
function amountsIn(line: string, unit: Unit): number[] {
  if (unit.kind === 'percent')
    return [...line.matchAll(PERCENTAGE)].map((match) => parseNumber(match[1]) ?? Number.NaN);
  const counts = () => {
    const bare = line.replace(DATE_OR_TIME, ' ').replace(PRICE, ' ').replace(PERCENTAGE, ' ');
    return (bare.match(NUMBERS) ?? []).map((n) => parseNumber(n) ?? Number.NaN);
  };
  if (unit.kind === 'count') return counts();
  const prices = [...line.matchAll(PRICE)]
    .map((match) => findPrice(match[0]))
    .filter((price) => price !== undefined);
  if (prices.length === 0) return MONEY_WORDS.test(line) ? counts() : [];
  return prices
    .filter((price) => !unit.currency || !price.currency || price.currency === unit.currency)
    .map((price) => price.amount);
}

interface DiffLines {
  removed: string[];
  added: string[];
}

/** The content lines a unified diff removes and adds (headers and context left out). */
export function changedLines(diffText: string): DiffLines {
  const lines = diffText.split('\n');
  return {
    removed: lines
      .filter((l) => l.startsWith('-') && !l.startsWith('---'))
      .map((l) => l.slice(1).trim())
      .filter(Boolean),
    added: lines
      .filter((l) => l.startsWith('+') && !l.startsWith('+++'))
      .map((l) => l.slice(1).trim())
      .filter(Boolean),
  };
}

export function judgeChangeLocally(goal: string, diffText: string): PageJudgment {
  const { removed, added } = changedLines(diffText);
  const terms = goalTerms(goal);
  const conditions = numericConditions(goal);
  const matchedTerms = new Set<string>();
  const meaningfulChanges: PageJudgment['meaningfulChanges'] = [];
  const satisfied: string[] = [];

  const termsIn = (line: string) => terms.filter((term) => readable(line).toLowerCase().includes(term));
  const conditionsMetBy = (line: string) =>
    conditions.filter((c) =>
      amountsIn(readable(line), c.unit).some((n) => (c.op === '<' ? n < c.value : n > c.value)),
    );

  const pairs = Array.from({ length: Math.max(removed.length, added.length) }, (_, i) => {
    const before = removed[i] ?? null;
    const after = added[i] ?? null;
    return { before, after, terms: [...new Set([...termsIn(before ?? ''), ...termsIn(after ?? '')])] };
  });
  // Once a changed line names what the goal is about, only such lines' numbers can meet its
  // condition: "cod below $10" is not met by hake at $7 beside cod at $12.
  const named = pairs.some((pair) => pair.terms.length > 0);
  for (const { before, after, terms } of pairs) {
    const met = after && (!named || terms.length > 0) ? conditionsMetBy(after) : [];
    if (terms.length === 0 && met.length === 0) continue;
    for (const term of terms) matchedTerms.add(term);
    for (const condition of met) satisfied.push(condition.text);
    const why = [
      ...(terms.length ? [`mentions ${terms.map((t) => `"${t}"`).join(', ')}`] : []),
      ...(met.length ? [`meets "${met.map((c) => c.text).join('", "')}"`] : []),
    ].join(' and ');
    meaningfulChanges.push({
      type: before === null ? 'added' : after === null ? 'removed' : 'changed',
      before,
      after,
      reason: `${LABEL}: the changed line ${why}`,
    });
  }

  // A goal with a numeric condition is only met when a changed number satisfies it.
  const meaningful = conditions.length > 0 ? satisfied.length > 0 : matchedTerms.size > 0;
  const confidence = satisfied.length > 0 || matchedTerms.size >= 2 ? 'high' : meaningful ? 'medium' : 'low';
  const reason = meaningful
    ? `${LABEL}: ${[
        ...(matchedTerms.size
          ? [`changed text mentions ${[...matchedTerms].map((t) => `"${t}"`).join(', ')}`]
          : []),
        ...(satisfied.length ? [`meets ${[...new Set(satisfied)].map((t) => `"${t}"`).join(', ')}`] : []),
      ].join('; ')}`
    : matchedTerms.size > 0
      ? `${LABEL}: changed text mentions ${[...matchedTerms].map((t) => `"${t}"`).join(', ')}, but no changed line meets ${conditions.map((c) => `"${c.text}"`).join(', ')}`
      : `${LABEL}: no changed line mentions the goal's terms${conditions.length ? ' or meets its numeric condition' : ''}`;
  return {
    meaningful,
    confidence,
    reason,
    meaningfulChanges: meaningful ? meaningfulChanges : [],
    judge: LOCAL_JUDGE,
  };
}
