import { type JsonSchema, resolveSchema } from '../json/json-schema.js';
import { isObject } from '../page/structured-data.js';

/** What an agent's answer still lacks: nothing when `complete`, else the fields it should look for. */
export interface AnswerGaps {
  complete: boolean;
  /** The schema's top-level fields without a value (empty for a prompt alone or a schema without fields). */
  fields: string[];
}

/**
 * Reads an answer against what was asked: each top-level field of an object schema needs a value
 * (an object needs one of its own, a list an item); without such fields the answer as a whole does.
 */
export function answerGaps(schema: JsonSchema | undefined, answer: unknown): AnswerGaps {
  const own = schema ? resolveSchema(schema) : undefined;
  if (own?.kind !== 'object' || !own.schema.properties) return { complete: answered(answer), fields: [] };
  const fields = Object.keys(own.schema.properties).filter(
    (field) => !isObject(answer) || !answered(answer[field]),
  );
  return { complete: fields.length === 0, fields };
}

/** A value that says something: not null, not empty, not a list or object of such values. */
function answered(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(answered);
  if (isObject(value)) return Object.values(value).some(answered);
  return true;
}
