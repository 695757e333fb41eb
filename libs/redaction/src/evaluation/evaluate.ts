import { findPii } from '../redact-pii.js';
import { PII_ENTITIES, type PiiEntity, type RedactionMode } from '../types.js';
import { LABELLED_SNIPPETS, parseSnippet } from './labelled-snippets.js';

export interface EntityScore {
  precision: number;
  recall: number;
  truePositives: number;
  predicted: number;
  expected: number;
}

/**
 * Precision and recall per entity on the labelled snippets: a prediction counts when it overlaps
 * an expected span of the same entity.
 */
export function evaluateDetectors(mode: RedactionMode): Record<PiiEntity, EntityScore> {
  const counts = Object.fromEntries(
    PII_ENTITIES.map((entity) => [
      entity,
      { truePositives: 0, matchedExpected: 0, predicted: 0, expected: 0 },
    ]),
  ) as Record<
    PiiEntity,
    { truePositives: number; matchedExpected: number; predicted: number; expected: number }
  >;
  for (const marked of LABELLED_SNIPPETS) {
    const { text, expected } = parseSnippet(marked);
    const predicted = findPii(text, { entities: PII_ENTITIES, mode });
    const overlaps = (a: { start: number; end: number }, b: { start: number; end: number }) =>
      a.start < b.end && b.start < a.end;
    for (const finding of predicted) {
      counts[finding.entity].predicted++;
      if (expected.some((span) => span.entity === finding.entity && overlaps(span, finding))) {
        counts[finding.entity].truePositives++;
      }
    }
    for (const span of expected) {
      const entity = span.entity as PiiEntity;
      counts[entity].expected++;
      if (predicted.some((finding) => finding.entity === entity && overlaps(span, finding))) {
        counts[entity].matchedExpected++;
      }
    }
  }
  return Object.fromEntries(
    PII_ENTITIES.map((entity) => {
      const c = counts[entity];
      return [
        entity,
        {
          precision: c.predicted ? c.truePositives / c.predicted : 1,
          recall: c.expected ? c.matchedExpected / c.expected : 1,
          truePositives: c.truePositives,
          predicted: c.predicted,
          expected: c.expected,
        },
      ];
    }),
  ) as Record<PiiEntity, EntityScore>;
}
