import { wholeWordPlaces } from './detectors/spans.js';
import { findPii, replaceFindings, withoutOverlaps } from './redact-pii.js';
import type { Finding, PiiEntity, RedactionOptions } from './types.js';

/** A value taken out of the markdown, with its entity. */
export interface RedactedValue {
  entity: PiiEntity;
  value: string;
}

export function redactedValues(text: string, findings: Finding[]): RedactedValue[] {
  return findings.map((finding) => ({
    entity: finding.entity,
    value: text.slice(finding.start, finding.end),
  }));
}

/**
 * Text derived from the markdown (a summary, an answer, strings of extracted json) redacted like
 * the markdown was: every value taken out of it, wherever it appears, plus the validated patterns.
 */
export function redactDerived(text: string, values: RedactedValue[], options: RedactionOptions): string {
  const known = values.flatMap(({ entity, value }) =>
    wholeWordPlaces(text, value).map((start) => ({ entity, start, end: start + value.length })),
  );
  const findings = withoutOverlaps([
    ...findPii(text, { entities: options.entities, mode: 'fast' }),
    ...known,
  ]);
  return replaceFindings(text, findings, options);
}
