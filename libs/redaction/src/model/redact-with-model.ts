import type { LlmPort } from '#llm';
import { wholeWordPlaces } from '../detectors/spans.js';
import { findPii, replaceFindings, withoutOverlaps } from '../redact-pii.js';
import type { Finding, PiiEntity, RedactionOptions } from '../types.js';

export type ModelRedaction =
  | { ok: true; text: string; findings: Finding[]; note: string }
  /** `reason` is fit for a `warning`: it never quotes the text. */
  | { ok: false; reason: string };

const SYSTEM =
  'You find personal and secret data in a text so that it can be redacted. List each item exactly as ' +
  'it is written in the text, character for character. List only what the text contains; when unsure, leave it out. ' +
  'Answer with JSON only.';

const ENTITY_MEANING: Record<PiiEntity, string> = {
  PERSON: "a person's name",
  EMAIL: 'an e-mail address',
  PHONE: 'a phone number',
  LOCATION: 'a street address or a place that locates a person',
  FINANCIAL: 'a card, bank or account number',
  SECRET: 'an API key, token, password or private key',
};

/**
 * redactPII `accurate` through the LLM port, precision first: the validated patterns (e-mails,
 * phones, Luhn-checked cards, IBANs, known key prefixes) plus the spans the model names, each
 * kept only where it stands verbatim in the text between word boundaries. Proposals that are not
 * in the text are ignored and counted in the note.
 */
export async function redactWithModel(
  llm: LlmPort,
  text: string,
  options: RedactionOptions,
  signal?: AbortSignal,
): Promise<ModelRedaction> {
  if (text.length > llm.maxInputChars) {
    return {
      ok: false,
      reason: `the markdown (${text.length} characters) is longer than the model takes (${llm.maxInputChars})`,
    };
  }
  const entities = [...options.entities];
  const result = await llm.structured<{ spans: { entity: PiiEntity; text: string }[] }>({
    schemaName: 'pii',
    signal,
    schema: {
      type: 'object',
      properties: {
        spans: {
          type: 'array',
          items: {
            type: 'object',
            properties: { entity: { enum: entities }, text: { type: 'string', minLength: 2 } },
            required: ['entity', 'text'],
            additionalProperties: false,
          },
        },
      },
      required: ['spans'],
      additionalProperties: false,
    },
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `Kinds to find: ${entities.map((entity) => `${entity} (${ENTITY_MEANING[entity]})`).join(', ')}.\n\nText:\n<<<\n${text}\n>>>`,
      },
    ],
  });
  if (!result.ok) return { ok: false, reason: result.reason };
  const proposals = result.value.spans;
  const verified = proposals.map((span) => ({ span, places: wholeWordPlaces(text, span.text) }));
  const fromModel = verified.flatMap(({ span, places }) =>
    places.map((start) => ({ entity: span.entity, start, end: start + span.text.length })),
  );
  const findings = withoutOverlaps([...findPii(text, { entities, mode: 'fast' }), ...fromModel]);
  const kept = verified.filter(({ places }) => places.length > 0).length;
  const ignored = proposals.length - kept;
  return {
    ok: true,
    text: replaceFindings(text, findings, options),
    findings,
    note:
      `redactPII accurate by model ${llm.model}: validated patterns plus ${kept} span(s) the model named, each found verbatim in the text` +
      (ignored > 0 ? `; ${ignored} proposal(s) not found verbatim in the text ignored` : ''),
  };
}
