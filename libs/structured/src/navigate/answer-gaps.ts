import { type JsonSchema, resolveSchema } from '../json/json-schema.js';
import { isObject } from '../page/structured-data.js';

/** What an agent's answer still lacks: nothing when `complete`, else the fields it should look for. */
export interface AnswerGaps {
  complete: boolean;
  /** The schema's top-level fields without a value (empty for a prompt alone or a schema without fields). */
  fields: string[];
}

/** The name `answeredFields` gives an answer without top-level fields when it says anything at all. */
const WHOLE_ANSWER = '$';

/**
 * What one page's answer gives: the top-level fields of an object schema with a value (an object
 * needs one of its own, a list an item), or, for a schema without such fields, the answer as a whole.
 * The pages of a run answer together what the union of their fields covers, so a run keeps these
 * names, not the answers.
 */
export function answeredFields(schema: JsonSchema | undefined, answer: unknown): string[] {
  const fields = fieldsOf(schema);
  if (!fields) return answered(answer) ? [WHOLE_ANSWER] : [];
  return isObject(answer) ? fields.filter((field) => answered(answer[field])) : [];
}

/** Reads what a run's pages answered so far (`answeredFields` of each) against what was asked. */
export function answerGaps(schema: JsonSchema | undefined, answeredSoFar: Iterable<string>): AnswerGaps {
  const given = new Set(answeredSoFar);
  const fields = fieldsOf(schema);
  if (!fields) return { complete: given.has(WHOLE_ANSWER), fields: [] };
  const missing = fields.filter((field) => !given.has(field));
  return { complete: missing.length === 0, fields: missing };
}

function fieldsOf(schema: JsonSchema | undefined): string[] | undefined {
  const own = schema ? resolveSchema(schema) : undefined;
  return own?.kind === 'object' && own.schema.properties ? Object.keys(own.schema.properties) : undefined;
}

/** A value that says something: not null, not empty, not a list or object of such values. */
function answered(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(answered);
  if (isObject(value)) return Object.values(value).some(answered);
  return true;
}
