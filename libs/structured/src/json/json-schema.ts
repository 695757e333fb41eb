/** The part of JSON Schema the extractors read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  required?: string[];
  description?: string;
  [keyword: string]: unknown;
}

export type SchemaKind = 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';

/** The schema's own type, looking through `["string", "null"]` and `anyOf: [{…}, {type: "null"}]`. */
export function resolveSchema(schema: JsonSchema): { kind: SchemaKind; schema: JsonSchema } {
  const branch = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((entry) => kindOf(entry) !== 'null');
  if (!schema.type && branch) return resolveSchema(branch);
  const kind = kindOf(schema);
  if (kind === 'null') return { kind: 'string', schema };
  return { kind, schema };
}

function kindOf(schema: JsonSchema): SchemaKind | 'null' {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const own = types.find((type) => type !== 'null') ?? (types.includes('null') ? 'null' : undefined);
  if (own) return own as SchemaKind | 'null';
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return 'string';
}
