import type { PageJudgment } from '#contracts';

/**
 * The deterministic judge used when no language model is configured: it looks for the goal's
 * terms and numeric conditions ("below $50", "over 100") in the lines a diff added or removed.
 * It is labelled in `judge` and `reason`, so nobody mistakes it for a model's verdict.
 */
export const LOCAL_JUDGE = 'local';
const LABEL = 'Local relevance judge (no model configured)';

const STOPWORDS = new Set(
  'a an and are as at be but by for from has have i if in into is it its me my of on or our tell than that the their them then there these they this to us was we were what when where which while who will with would you your notify alert let know me any change changes changed page pages about should'.split(
    ' ',
  ),
);

interface NumericCondition {
  op: '<' | '>';
  value: number;
  text: string;
}

const COMPARISON =
  /\b(below|under|less than|lower than|cheaper than|at most|above|over|more than|higher than|greater than|at least|exceeds?)\s*(?:[$€£]\s*)?(\d+(?:[.,]\d+)?)/gi;

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
    const word = match[1].toLowerCase();
    const below = /below|under|less|lower|cheaper|at most/.test(word);
    return { op: below ? '<' : '>', value: Number(match[2].replace(',', '.')), text: match[0] };
  });
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

const numbersIn = (line: string) =>
  (line.match(/\d+(?:[.,]\d+)?/g) ?? []).map((n) => Number(n.replace(',', '.')));

export function judgeChangeLocally(goal: string, diffText: string): PageJudgment {
  const { removed, added } = changedLines(diffText);
  const terms = goalTerms(goal);
  const conditions = numericConditions(goal);
  const matchedTerms = new Set<string>();
  const meaningfulChanges: PageJudgment['meaningfulChanges'] = [];
  const satisfied: string[] = [];

  const termsIn = (line: string) => terms.filter((term) => line.toLowerCase().includes(term));
  const conditionsMetBy = (line: string) =>
    conditions.filter((c) => numbersIn(line).some((n) => (c.op === '<' ? n < c.value : n > c.value)));

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
    : `${LABEL}: no changed line mentions the goal's terms${conditions.length ? ' or meets its numeric condition' : ''}`;
  return {
    meaningful,
    confidence,
    reason,
    meaningfulChanges: meaningful ? meaningfulChanges : [],
    judge: LOCAL_JUDGE,
  };
}
