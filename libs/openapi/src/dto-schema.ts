import 'reflect-metadata';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage.js';
import { getMetadataStorage, ValidationTypes } from 'class-validator';

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

/** A JSON Schema (2020-12, the dialect of OpenAPI 3.1). */
export type JsonSchema = Record<string, unknown>;

// biome-ignore lint/complexity/noBannedTypes: DTOs are plain classes; any constructor qualifies
export type DtoClass = Function;

/**
 * What each class-validator rule says in JSON Schema, keyed by the rule's name. `each: true`
 * applies a rule to the items of an array instead of the property.
 */
const RULES: Record<string, (constraints: unknown[]) => JsonSchema> = {
  isString: () => ({ type: 'string' }),
  isInt: () => ({ type: 'integer' }),
  isNumber: () => ({ type: 'number' }),
  isBoolean: () => ({ type: 'boolean' }),
  isObject: () => ({ type: 'object' }),
  isArray: () => ({ type: 'array' }),
  isIn: ([values]) => ({ enum: values }),
  isEmail: () => ({ type: 'string', format: 'email' }),
  isUrl: () => ({ type: 'string', format: 'uri' }),
  isUUID: () => ({ type: 'string', format: 'uuid' }),
  isNotEmpty: () => ({ minLength: 1 }),
  minLength: ([min]) => ({ minLength: min }),
  maxLength: ([max]) => ({ maxLength: max }),
  min: ([min]) => ({ minimum: min }),
  max: ([max]) => ({ maximum: max }),
  matches: ([pattern]) => ({ pattern: pattern instanceof RegExp ? pattern.source : String(pattern) }),
  arrayMinSize: ([min]) => ({ minItems: min }),
  arrayMaxSize: ([max]) => ({ maxItems: max }),
};

/**
 * JSON Schemas of class-validator DTOs, read from the same decorators that validate requests,
 * so the documented rules are the enforced ones. Nested DTOs become `$ref`s to
 * `#/components/schemas/<ClassName>`; every DTO is closed (`additionalProperties: false`), as the
 * validators run with `forbidNonWhitelisted`. A rule this table does not know is listed under
 * `x-validated-by` rather than dropped silently.
 */
export class DtoSchemas {
  private readonly schemas = new Map<string, JsonSchema>();

  /** A `$ref` to the DTO's schema, generating it (and the DTOs it nests) on first use. */
  ref(dto: DtoClass): JsonSchema {
    if (!this.schemas.has(dto.name)) {
      this.schemas.set(dto.name, {}); // placeholder: a DTO may nest itself
      this.schemas.set(dto.name, this.inline(dto));
    }
    return { $ref: `#/components/schemas/${dto.name}` };
  }

  /** The DTO's schema itself, e.g. to change it for one operation. */
  inline(dto: DtoClass): JsonSchema {
    const byProperty = new Map<string, ValidationMetadata[]>();
    for (const rule of getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false)) {
      byProperty.set(rule.propertyName, [...(byProperty.get(rule.propertyName) ?? []), rule]);
    }
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const [property, rules] of byProperty) {
      properties[property] = this.propertySchema(dto, property, rules);
      if (!rules.some((rule) => rule.type === ValidationTypes.CONDITIONAL_VALIDATION))
        required.push(property);
    }
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    };
  }

  /**
   * The DTO's schema where the listed array properties also take bare type names (`"markdown"`
   * for `{"type": "markdown"}`), as the validators accept them: the items' own `type` enum.
   */
  withTypeNameShorthands(dto: DtoClass, properties: string[]): JsonSchema {
    const schema = this.inline(dto);
    const fields = schema.properties as Record<string, JsonSchema>;
    for (const property of properties) {
      const ref = (fields[property]?.items as JsonSchema | undefined)?.$ref;
      const item = typeof ref === 'string' ? this.schemas.get(ref.split('/').pop() ?? '') : undefined;
      const typeNames = (item?.properties as Record<string, JsonSchema> | undefined)?.type?.enum;
      if (!typeNames) throw new Error(`${dto.name}.${property} is not a list of DTOs with a type enum`);
      fields[property] = {
        ...fields[property],
        items: { anyOf: [{ type: 'string', enum: typeNames }, { $ref: ref }] },
      };
    }
    return schema;
  }

  /** Every schema generated so far, for `components.schemas`. */
  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.schemas].sort(([a], [b]) => a.localeCompare(b)));
  }

  private propertySchema(dto: DtoClass, property: string, rules: ValidationMetadata[]): JsonSchema {
    const own: JsonSchema = {};
    const items: JsonSchema = {};
    const unknown: string[] = [];
    for (const rule of rules) {
      const into = rule.each ? items : own;
      if (rule.type === ValidationTypes.NESTED_VALIDATION) {
        const nested = defaultMetadataStorage.findTypeMetadata(dto, property)?.typeFunction();
        if (!nested) throw new Error(`${dto.name}.${property} is @ValidateNested without @Type(() => Dto)`);
        Object.assign(into, this.ref(nested as DtoClass));
        continue;
      }
      if (rule.type !== ValidationTypes.CUSTOM_VALIDATION || !rule.name) continue; // isOptional and friends
      const toSchema = RULES[rule.name];
      if (toSchema) Object.assign(into, toSchema(rule.constraints ?? []));
      else unknown.push(rule.name);
    }
    if (Object.keys(items).length > 0) {
      own.type = 'array';
      own.items = items.$ref ? { $ref: items.$ref } : items;
    }
    if (own.minLength === 1 && own.type !== 'string') delete own.minLength; // isNotEmpty on a non-string
    if (unknown.length > 0) own['x-validated-by'] = unknown;
    return own;
  }
}
