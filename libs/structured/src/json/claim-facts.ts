import { nameTokens } from '../text/field-names.js';
import type { Fact } from './page-facts.js';
import { PROSE_WEIGHT } from './prose-facts.js';

/** The verbs a yes/no field starts with: `is_open_source`, `supports_sso`, `has_free_tier`. */
const CLAIM_VERBS = new Set([
  'is',
  'are',
  'has',
  'have',
  'support',
  'offer',
  'provide',
  'use',
  'accept',
  'allow',
  'can',
  'doe',
  'include',
]);
/** Words between the verb and what it claims: `is_in_yc`, `has_a_free_tier`. */
const LINKING = new Set(['a', 'an', 'the', 'in', 'on', 'of', 'by', 'with']);
/** A word that turns the sentence's claim around when it comes shortly before the claim. */
const NEGATION = /\b(?:not|no|never|without|none|nor)\b|n['’]t\b/i;
const NEGATION_REACH = 40;
/** A name this short is an initialism: `sso` is also "single sign-on", `yc` "Y Combinator". */
const MAX_INITIALISM = 4;

/**
 * Yes/no fields the page's sentences settle: `supports_sso` is true where a sentence names SSO
 * (or "single sign-on"), `is_open_source` where one says "open source", `is_in_yc` where one names
 * Y Combinator, `free_trial` where one offers a free trial; false where the sentence says not
 * ("does not support SSO", "no free tier"). A field the page does not mention stays unfound:
 * nothing is claimed for it. A name without a verb (`free_trial`) is claimed too: only a yes/no
 * field takes the claim (`coerce`), so one named `price` is never filled with it.
 */
export function claimFacts(sentences: string[], fields: string[]): Fact[] {
  const claims = fields.flatMap((field) => {
    const patterns = claimPatterns(field);
    return patterns.length > 0 ? [{ field, patterns }] : [];
  });
  if (claims.length === 0) return [];
  return claims.flatMap(({ field, patterns }) => {
    for (const sentence of sentences) {
      const found = patterns.map((pattern) => pattern.exec(sentence)).find((match) => match !== null);
      if (!found) continue;
      const before = sentence.slice(Math.max(0, found.index - NEGATION_REACH), found.index);
      return [{ label: field, value: !NEGATION.test(before), weight: PROSE_WEIGHT }];
    }
    return [];
  });
}

/**
 * The words that say what a yes/no field claims (`open source` also written `open-source`, a
 * plural too), and for a short name its initials (`Y Combinator` for `yc`, "single sign-on" for `sso`);
 * none for a field that claims nothing (`has_a`).
 */
function claimPatterns(field: string): RegExp[] {
  const tokens = nameTokens(field);
  const rest = CLAIM_VERBS.has(tokens[0] ?? '') ? tokens.slice(1) : tokens;
  const start = rest.findIndex((word) => !LINKING.has(word));
  if (start < 0) return [];
  const words = rest.slice(start);
  // Name tokens are letters and digits only: nothing in them needs escaping.
  const phrase = words.map((word) => `${word}s?`).join(String.raw`[\s-]+`);
  const patterns = [new RegExp(String.raw`\b${phrase}\b`, 'iu')];
  const [only] = words;
  if (words.length === 1 && only !== undefined && /^[a-z]+$/.test(only) && only.length <= MAX_INITIALISM) {
    const initials = [...only].map((letter) => `${letter.toUpperCase()}\\p{L}*`).join(String.raw`[\s-]+`);
    // Two initials are easily met by chance ("Your Company"): capitalised words inside a sentence
    // only ("backed by Y Combinator"); three or more in any case ("single sign-on").
    patterns.push(
      only.length === 2
        ? new RegExp(String.raw`(?<=\S\s+)${initials}\b`, 'u')
        : new RegExp(String.raw`\b${initials}\b`, 'iu'),
    );
  }
  return patterns;
}
