import { BLURB } from '../page/label-values.js';
import { asList, isObject, typedItems } from '../page/structured-data.js';
import { isNameField, nameMatch, nameTokens } from '../text/field-names.js';
import { coerce } from './coerce.js';
import { type JsonSchema, resolveSchema } from './json-schema.js';
import { type Fact, itemFacts, type PageFacts } from './page-facts.js';

export interface SchemaFill {
  value: unknown;
  /** Paths of the fields the page did not give (null in `value`), e.g. `offers[].price`. */
  missing: string[];
}

/** Below this, a label does not name the field. */
const MIN_MATCH = 0.5;
/** A label naming the same field as another, by its synonyms (`name` is a `title`). */
const SAME_NAME = 0.8;

/**
 * Fills a JSON Schema from the page: each field from the best-named fact of the most trusted
 * source (JSON-LD / microdata, then OpenGraph and meta, then tables, definition lists,
 * "Label: value" lines and headed sections), coerced to the field's type; arrays of objects from
 * structured lists, header tables or repeated elements. Unfound fields are null and listed.
 */
export function fillSchema(schema: JsonSchema, facts: PageFacts): SchemaFill {
  const missing: string[] = [];
  const value = fillValue(schema, '', facts.facts, facts, missing, true);
  return { value: value ?? null, missing };
}

function fillValue(
  schema: JsonSchema,
  path: string,
  scope: Fact[],
  page: PageFacts,
  missing: string[],
  isRoot = false,
): unknown {
  const { kind, schema: own } = resolveSchema(schema);
  if (kind === 'object') return fillObject(own, path, scope, page, missing);
  if (isRoot) return undefined;
  const name = lastName(path);
  if (kind === 'array') return fillArray(own, path, name, scope, page, missing);
  const fits = (value: unknown) => coerce(value, kind, own) !== undefined;
  const shaped = (value: unknown) => !Array.isArray(value);
  // `company.name` is the company's name where the page labels one, else whatever is the `name`.
  const parent = parentName(path);
  const found =
    (parent ? best(scope, `${parent} ${name}`, fits, shaped) : undefined) ?? best(scope, name, fits, shaped);
  if (found === undefined) {
    missing.push(path);
    return null;
  }
  return coerce(found.value, kind, own);
}

function fillObject(schema: JsonSchema, path: string, scope: Fact[], page: PageFacts, missing: string[]) {
  const result: Record<string, unknown> = {};
  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const fieldPath = path ? `${path}.${field}` : field;
    const { kind } = resolveSchema(fieldSchema);
    if (kind === 'object') {
      // A nested object fills from the structured object of that name when there is one.
      const nested = best(scope, field, (value) => isObject(value));
      const nestedScope = nested ? itemFacts(nested.value as Record<string, unknown>, nested.weight) : scope;
      result[field] = fillValue(fieldSchema, fieldPath, nestedScope, page, missing);
    } else {
      result[field] = fillValue(fieldSchema, fieldPath, scope, page, missing);
    }
  }
  return result;
}

function fillArray(
  schema: JsonSchema,
  path: string,
  name: string,
  scope: Fact[],
  page: PageFacts,
  missing: string[],
): unknown[] | null {
  const items = resolveSchema(schema.items ?? { type: 'string' });
  const itemPath = `${path}[]`;
  if (items.kind === 'object') {
    const records = recordsFor(items.schema, name, scope, page);
    if (!records) {
      missing.push(path);
      return null;
    }
    // An item the page gives nothing of (every field null) is no item.
    const filled = records
      .map((record) => {
        const itemMissing: string[] = [];
        return { value: fillObject(items.schema, itemPath, record, page, itemMissing), itemMissing };
      })
      .filter(({ value }) => holdsSomething(value));
    if (filled.length === 0) {
      missing.push(path);
      return null;
    }
    // A field counts as missing when no item has it.
    const itemMissing = filled.flatMap((item) => item.itemMissing);
    for (const field of new Set(itemMissing)) {
      if (itemMissing.filter((entry) => entry === field).length === filled.length) missing.push(field);
    }
    return filled.map(({ value }) => value);
  }
  const structured = best(
    scope,
    name,
    (value) => Array.isArray(value) || typeof value === 'string',
    Array.isArray,
  );
  if (structured && Array.isArray(structured.value)) {
    return structured.value
      .map((value) => coerce(value, items.kind, items.schema))
      .filter((value) => value !== undefined);
  }
  const list = page.layout.lists.find(
    (entry) => entry.heading && nameMatch(name, entry.heading) >= MIN_MATCH,
  );
  if (list)
    return list.items
      .map((value) => coerce(value, items.kind, items.schema))
      .filter((value) => value !== undefined);
  if (structured && typeof structured.value === 'string') {
    return structured.value
      .split(/\s*[,;|]\s*/)
      .map((value) => coerce(value, items.kind, items.schema))
      .filter((value) => value !== undefined && value !== '');
  }
  missing.push(path);
  return null;
}

/** Cards enough to be a shop's grid of products, not a product page's recommendations. */
const SHOP_GRID = 10;

/**
 * The repeated structure that best matches an array of objects: a structured list of that name,
 * the page's structured entities of the type it names, a table whose header names the item fields,
 * or repeated elements whose labels do; else the page itself when it shows one of that type.
 */
function recordsFor(
  itemSchema: JsonSchema,
  name: string,
  scope: Fact[],
  page: PageFacts,
): Fact[][] | undefined {
  const fields = Object.keys(itemSchema.properties ?? {});
  const structured = best(scope, name, (value) =>
    Array.isArray(value) ? value.some(isObject) : isObject(value),
  );
  if (structured) {
    return asList(structured.value)
      .filter(isObject)
      .map((entry) => itemFacts(entry, structured.weight));
  }
  const coverage = (labels: string[]) =>
    fields.length === 0
      ? 0
      : fields.filter((field) => labels.some((label) => nameMatch(field, label) >= MIN_MATCH)).length /
        fields.length;
  let chosen: { records: Fact[][]; score: number; entities?: true } | undefined;
  // The page's own entities of the type the array names ("products" on a product or category page,
  // "events" on a venue's, "posts" on a thread: its DiscussionForumPosting and Comments), ahead of
  // tables and repeated elements that name as many fields. A schema.org type's last word names its
  // kind: a `BlogPosting` is a posting, a `NewsArticle` an article.
  const entities = typedItems(page.items).filter((item) =>
    asList(item['@type']).some(
      (type) =>
        typeof type === 'string' &&
        (nameMatch(name, type) >= SAME_NAME ||
          nameMatch(name, type.replace(/^.+(?=[A-Z][a-z]+$)/, '')) >= SAME_NAME),
    ),
  );
  // An entity that names none of the item's fields is a bare reference (a variant given only by its
  // address): it would be an item of nulls.
  const records = entities
    .map((entity) => itemFacts(entity, 2.6))
    .filter((facts) => coverage(facts.map((fact) => fact.label)) > 0);
  if (records.length > 0) {
    const score = coverage([...new Set(records.flat().map((fact) => fact.label))]) + 0.02;
    if (score >= 0.5) chosen = { records, score, entities: true };
  }
  for (const table of page.layout.tables) {
    const labels = columnLabels(table.headers, fields);
    // A field its first column fills by position counts half: a header that names a field wins.
    const byPosition = labels[0] === table.headers[0] ? 0 : 0.5 / fields.length;
    const score = coverage(table.headers) + byPosition + 0.01;
    if (score >= 0.5 && (!chosen || score > chosen.score)) {
      chosen = {
        score,
        records: table.rows.map((row) =>
          labels.map((label, index) => ({ label, value: row[index], weight: 1.5 })),
        ),
      };
    }
  }
  for (const group of page.layout.groups) {
    // A label counts when most items have it: one "$1" in a run of FAQ answers makes no price list.
    const counts = new Map<string, number>();
    for (const label of group.records.flatMap((record) => Object.keys(record)))
      if (label !== BLURB) counts.set(label, (counts.get(label) ?? 0) + 1);
    const labels = [...counts]
      .filter(([, count]) => count * 2 >= group.records.length)
      .map(([label]) => label);
    // Every run of alike headings has titles: a group must also give another field the items ask for
    // (a price, a link, a date), or `pricing_plans` would be any section's headings (or an FAQ's
    // questions, whose microdata calls them `name`).
    if (coverage(labels.filter((label) => nameMatch('title', label) < SAME_NAME)) === 0) continue;
    // A menu names an item's title and link as a grid of cards does: the grid is the one outside the
    // page's header, navigation and footer, and the longer of two that name as much.
    const score =
      coverage(labels) - (group.inChrome ? 0.25 : 0) + Math.min(group.records.length, 100) / 10_000;
    if (score >= 0.5 && (!chosen || score > chosen.score)) {
      chosen = {
        score,
        records: group.records.map((record) =>
          Object.entries(record).map(([label, value]) => ({
            label,
            value,
            weight: label === 'text' ? 0.1 : 1.4,
          })),
        ),
      };
    }
  }
  // A page that is itself one of what the array names (`products` on a product page without a list
  // of them, `lamps` on the page of "Lamp model C", shop markup or not) is its one item, filled from
  // the whole page as the fields beside the array are.
  // A product's own page (its data says so) shows that product: a few cards on it are other products
  // (related, recommended, the shop's menu); a grid of many is a category page that marks itself so.
  const othersOnly = !chosen || (!chosen.entities && chosen.records.length < SHOP_GRID);
  if (page.marksProduct && othersOnly && showsOne(name, 'Product')) return [scope];
  if (chosen) return chosen.records;
  if (page.shows && showsOne(name, page.shows)) return [scope];
  if (namedByHeading(name, page.heading, fields, scope)) return [scope];
  return undefined;
}

/** Whether a filled value holds anything: a field that is not null, an array with an entry. */
function holdsSomething(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isObject(value)) return Object.values(value).some(holdsSomething);
  return true;
}

/**
 * A table's columns as labels of its rows' facts: its headers, but a first column that no field
 * names holds what each row is (the `Fish` of a Fish / Price table, or an empty corner cell), so it
 * fills the items' `name` (else `title`) when no header names that field.
 */
function columnLabels(headers: string[], fields: string[]): string[] {
  const names = (field: string, header: string) => nameMatch(field, header) >= MIN_MATCH;
  const [first, ...rest] = headers;
  if (first === undefined || fields.some((field) => names(field, first))) return headers;
  const rowName = ['name', 'title'].find(
    (field) => fields.includes(field) && !headers.some((header) => names(field, header)),
  );
  return rowName ? [rowName, ...rest] : headers;
}

/**
 * The fact whose label best names the field, weighted by the trust in its source; of two as good,
 * the one whose value has the field's shape (`founders` takes the list of names, `founder` the names
 * as written), else the first.
 */
function best(
  scope: Fact[],
  field: string,
  fits: (value: unknown) => boolean,
  shaped: (value: unknown) => boolean = () => false,
): Fact | undefined {
  let chosen: { fact: Fact; score: number } | undefined;
  for (const fact of scope) {
    const match = nameMatch(field, fact.label);
    if (match < MIN_MATCH || !fits(fact.value)) continue;
    const score = match * fact.weight;
    const better = score === chosen?.score && shaped(fact.value) && !shaped(chosen.fact.value);
    if (!chosen || score > chosen.score || better) chosen = { fact, score };
  }
  return chosen?.fact;
}

/** What an array of articles is called: a blog's `posts`, a news site's `stories`. */
const ARTICLE_NAMES = new Set(['article', 'post', 'story', 'entry', 'blogpost', 'newsarticle']);

/** Whether an array of this name is of what the page shows: `products` of a Product, `posts` of an Article. */
function showsOne(name: string, shows: string): boolean {
  return (
    nameMatch(name, shows) >= SAME_NAME ||
    (shows === 'Article' && ARTICLE_NAMES.has(nameTokens(name).join('')))
  );
}

/**
 * Whether an array is named for what the page's heading calls its one thing (`lamps` on the page of
 * "Lamp model C", not on "Lamps and shades", which names many) and asks what the page gives of it:
 * at least half of the item's fields besides its name, so a care guide that names the lamp is no lamp.
 */
function namedByHeading(name: string, heading: string | undefined, fields: string[], scope: Fact[]): boolean {
  const [word, ...more] = nameTokens(name);
  if (!word || more.length > 0 || !heading) return false;
  // The heading's words as written, not made singular: "Lamps and shades" names many lamps.
  const written = heading.toLowerCase().split(/[^a-z0-9]+/);
  if (!written.includes(word)) return false;
  const asked = fields.filter((field) => !isNameField(field));
  const given = asked.filter((field) => best(scope, field, (value) => value !== undefined && value !== null));
  return given.length > 0 && given.length * 2 >= asked.length;
}

/** The object a field belongs to: `company` of `company.name`, `offers` of `offers[].price`. */
function parentName(path: string): string | undefined {
  const parts = path.split('.');
  return parts.length > 1 ? (parts.at(-2) as string).replace(/\[\]$/, '') : undefined;
}

function lastName(path: string): string {
  const last = path.split('.').pop() ?? path;
  return last.replace(/\[\]$/, '');
}

/** The schema's field names, nested ones included: what the page's primary item is chosen by. */
export function schemaFieldNames(schema: JsonSchema): string[] {
  const { schema: own } = resolveSchema(schema);
  const names: string[] = [];
  for (const [field, fieldSchema] of Object.entries(own.properties ?? {})) {
    names.push(field);
    if (nameTokens(field).length > 0)
      names.push(...schemaFieldNames(fieldSchema).filter((name) => name !== field));
  }
  return names;
}
