import { type RedactedValue, type RedactionOptions, redactDerived } from '#redaction';
import type { StructuredOutput } from '#structured';

/**
 * The formats read from the page's text (json, summary, answer, highlights) redacted like the
 * markdown: what was taken out of the markdown does not come back through them.
 */
export function redactStructured(
  structured: StructuredOutput,
  values: RedactedValue[],
  options: RedactionOptions,
): StructuredOutput {
  const redact = (text: string) => redactDerived(text, values, options);
  const { summary, answer, highlights, json } = structured;
  return {
    ...structured,
    ...(summary !== undefined ? { summary: redact(summary) } : {}),
    ...(answer !== undefined ? { answer: redact(answer) } : {}),
    ...(highlights !== undefined ? { highlights: redact(highlights) } : {}),
    ...(json !== undefined ? { json: mapStrings(json, redact) } : {}),
  };
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, map)]));
  }
  return value;
}
