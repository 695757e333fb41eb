import { type JsonSchema, resolveSchema } from '../json/json-schema.js';
import { isObject } from '../page/structured-data.js';

/** What an agent's answer still lacks: nothing when `complete`, else the fields it should look for. */
export interface AnswerGaps {
  complete: boolean;
  /**
   * The schema's top-level fields without a value, and the item fields (`lamps[].height_cm`) that no
   * item of an answered list has (empty for a prompt alone or a schema without fields).
   */
  fields: string[];
  /** The lists whose items lack a field (`lamps`): each item's own page may hold it. */
  listsLacking: string[];
}

/** The name `answeredFields` gives an answer without top-level fields when it says anything at all. */
const WHOLE_ANSWER = '$';

/**
 * What one page's answer gives: the top-level fields of an object schema with a value (an object
 * needs one of its own, a list an item), the fields of a list's items that some item gives
 * (`lamps[].price`), or, for a schema without such fields, the answer as a whole. The pages of a
 * run answer together what the union of their fields covers, so a run keeps these names, not the
 * answers.
 */
export function answeredFields(schema: JsonSchema | undefined, answer: unknown): string[] {
  const fields = fieldsOf(schema);
  if (!fields) return answered(answer) ? [WHOLE_ANSWER] : [];
  if (!isObject(answer)) return [];
  const given = fields.filter((field) => answered(answer[field]));
  for (const [list, itemFields] of itemFieldsOf(schema)) {
    const items = Array.isArray(answer[list]) ? answer[list].filter(isObject) : [];
    for (const field of itemFields)
      if (items.some((item) => answered(item[field]))) given.push(`${list}[].${field}`);
  }
  return given;
}

/** Reads what a run's pages answered so far (`answeredFields` of each) against what was asked. */
export function answerGaps(schema: JsonSchema | undefined, answeredSoFar: Iterable<string>): AnswerGaps {
  const given = new Set(answeredSoFar);
  const fields = fieldsOf(schema);
  if (!fields) return { complete: given.has(WHOLE_ANSWER), fields: [], listsLacking: [] };
  const missing = fields.filter((field) => !given.has(field));
  const listsLacking: string[] = [];
  // A list no page gave is missing as a whole; the items of one that was given may each lack a field.
  for (const [list, itemFields] of itemFieldsOf(schema)) {
    if (!given.has(list)) continue;
    const lacking = itemFields.map((field) => `${list}[].${field}`).filter((field) => !given.has(field));
    if (lacking.length > 0) listsLacking.push(list);
    missing.push(...lacking);
  }
  return { complete: missing.length === 0, fields: missing, listsLacking };
}

function fieldsOf(schema: JsonSchema | undefined): string[] | undefined {
  const own = schema ? resolveSchema(schema) : undefined;
  return own?.kind === 'object' && own.schema.properties ? Object.keys(own.schema.properties) : undefined;
}

/** The top-level lists of objects of an object schema, each with its items' fields. */
function itemFieldsOf(schema: JsonSchema | undefined): [string, string[]][] {
  const own = schema ? resolveSchema(schema) : undefined;
  if (own?.kind !== 'object') return [];
  return Object.entries(own.schema.properties ?? {}).flatMap(([field, fieldSchema]) => {
    const list = resolveSchema(fieldSchema);
    const items = list.kind === 'array' && list.schema.items ? fieldsOf(list.schema.items) : undefined;
    return items ? [[field, items] as [string, string[]]] : [];
  });
}

/** A value that says something: not null, not empty, not a list or object of such values. */
function answered(value: unknown): boolean {
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.some(answered);
  if (isObject(value)) return Object.values(value).some(answered);
  return true;
}
