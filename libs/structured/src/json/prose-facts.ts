import type { Fact } from './page-facts.js';

/** How much a value read from running text is trusted: less than any labelled one. */
export const PROSE_WEIGHT = 0.7;

const YEAR = '((?:1[5-9]|20)\\d\\d)';
/** "was founded in 1952", "opened in 1998": the event names the field (`founded`, `founded_year`). */
const EVENT_YEAR = new RegExp(
  `\\b(founded|established|built|opened|launched|incorporated|formed|started|created)\\s+in\\s+${YEAR}\\b`,
  'gi',
);
/** "We have made rope here since 1952", "family-run since 1890": since when the subject has been at it. */
const SINCE = new RegExp(
  `\\b(?:we(?:'ve|’ve|\\s+have)|(?:has|have)\\s+been|trading|in\\s+business|family[- ](?:run|owned))\\b[^.;]*?\\bsince\\s+${YEAR}\\b`,
  'gi',
);
/** A capitalised place: "Bristol", "Port Isaac, Cornwall". */
const PLACE_WORDS =
  "\\p{Lu}[\\p{L}'’.-]+(?:(?:\\s+|,\\s*)(?:(?:of|on|upon|de|la)\\s+)?\\p{Lu}[\\p{L}'’.-]+){0,4}";
const PLACE = `(${PLACE_WORDS})`;
/** A place or a street address: "Leeds", "12 Mill Street, Leeds", "4b Quay Road". */
const ADDRESS = `((?:\\d{1,5}[a-z]?,?\\s+)?${PLACE_WORDS})`;
/**
 * "Our headquarters are in Bristol", "our head office is at 12 Mill Street, Leeds", "headquartered in
 * Oslo", "we are based in Leeds" (no `i` flag: it would let `\p{Lu}` match any letter).
 */
const HEADQUARTERS = new RegExp(
  `\\b(?:[Hh]eadquarters\\s+(?:is|are)\\s+(?:in|at)|[Hh]eadquartered\\s+in|[Hh]ead\\s+office\\s+is\\s+(?:in|at)|(?:[Ww]e\\s+are|[Ww]e['’]re|is)\\s+based\\s+in)\\s+(?:the\\s+)?${ADDRESS}`,
  'gu',
);
/** A person's capitalised name: "Mary Tern". */
const PERSON = "\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+){0,3}";
/**
 * "founded in 1952 by Mary Tern", "co-founded in 2019 in Bergen, Norway by Ingrid Solberg and Tomas
 * Berg": the capitalised names after "by" (the place, if named, is the first group).
 */
const FOUNDED_BY = new RegExp(
  `\\b(?:(?:co-?)?founded|established|started|created)\\s+(?:in\\s+\\d{4}\\s+)?(?:in\\s+${PLACE}\\s+)?by\\s+(${PERSON}(?:(?:,\\s*|,?\\s+and\\s+)${PERSON})*)`,
  'gu',
);
/** "Our mission is to …", "The company's vision is …": the sentence states it. */
const STATEMENT =
  /\b(?:[Oo]ur|[Ii]ts|[Tt]heir|[Tt]he\s+company['’]s)\s+(mission|vision|purpose|goal|aim)\s+(?:is|was)\b/;
/** "we employ 48 people", "employs over 1,200 staff". */
const EMPLOYS =
  /\bemploy(?:s|ing)?\s+(?:over\s+|about\s+|around\s+|nearly\s+|more\s+than\s+)?(\d{1,3}(?:,\d{3})+|\d+)\s+(?:people|staff|employees|workers)\b/gi;
/** A length or weight as written: "18", "2.5", "1,5". */
const AMOUNT = '(\\d+(?:[.,]\\d+)?)';
/** "18 cm tall", "stands 1.2 m high", "30 in wide": what a size sentence measures, by its adjective. */
const SIZE = new RegExp(
  `${AMOUNT}\\s*(mm|cm|m|in|inch|inches|ft|feet|foot)\\s+(tall|high|wide|long|deep|in\\s+diameter|across)\\b`,
  'gi',
);
/** "weighs 2.4 kg", "weighing just 300 g". */
const WEIGHT = new RegExp(
  `\\bweigh(?:s|ing)?\\s+(?:just\\s+|only\\s+|about\\s+|around\\s+|under\\s+)?${AMOUNT}\\s*(g|kg|lb|lbs|pounds?|oz|ounces?)\\b`,
  'gi',
);
const DIMENSION: Record<string, string> = {
  tall: 'height',
  high: 'height',
  wide: 'width',
  long: 'length',
  deep: 'depth',
  across: 'diameter',
  'in diameter': 'diameter',
};
/** Each unit's size in the first unit of its kind, and the short name a field would carry (`height_cm`). */
const LENGTH_UNITS: Record<string, [name: string, metres: number]> = {
  mm: ['mm', 0.001],
  cm: ['cm', 0.01],
  m: ['m', 1],
  in: ['in', 0.0254],
  inch: ['in', 0.0254],
  inches: ['in', 0.0254],
  ft: ['ft', 0.3048],
  foot: ['ft', 0.3048],
  feet: ['ft', 0.3048],
};
const WEIGHT_UNITS: Record<string, [name: string, grams: number]> = {
  g: ['g', 1],
  kg: ['kg', 1000],
  lb: ['lb', 453.59237],
  lbs: ['lb', 453.59237],
  pound: ['lb', 453.59237],
  pounds: ['lb', 453.59237],
  oz: ['oz', 28.349523125],
  ounce: ['oz', 28.349523125],
  ounces: ['oz', 28.349523125],
};

/**
 * "made of brass", "crafted from 100% organic cotton", "carved from solid oak": what a thing is made of,
 * up to four lowercase words (no `i` flag: a capital starts a name, "made in Italy" a place; "made from
 * scratch" is how, not of what).
 */
const MATERIAL =
  /\b(?:[Mm]ade|[Cc]rafted|[Cc]ast|[Cc]arved|[Ww]oven|[Kk]nitted|[Ss]ewn|[Ff]orged)\s+(?:entirely\s+|mostly\s+|by\s+hand\s+)?(?:of|from)\s+(?!scratch\b)((?:(?!(?:and|with|for|that|which|to|by|in|on|at|so)\b)[\p{Ll}\d%][\p{Ll}\d%-]*\s*){1,4})/gu;

/** "ship to 23 countries", "12 products": a count and the word it counts. */
const COUNT = /\b(\d{1,3}(?:,\d{3})+|\d+)\s+([a-z][a-z-]{2,})\b/g;
/** Words after a number that do not say what it counts. */
const NOT_COUNTED = new Set([
  'and',
  'the',
  'for',
  'from',
  'with',
  'per',
  'percent',
  'times',
  'more',
  'less',
  'than',
  'out',
  'years',
  'months',
  'weeks',
  'days',
  'hours',
  'minutes',
  'seconds',
]);

/**
 * What the page's sentences say in so many words, for fields no label names: the year it was
 * founded (built, opened, …, or "since" when it has been at it) and by whom, where its headquarters
 * are, how many people it employs, its mission (vision, purpose: the sentence that states it), its
 * sizes and weight ("18 cm tall" fills `height` and `height_cm`, "weighs 2 kg" `weight_kg`), what it
 * is made of ("made of brass" fills `material`), and
 * counts ("23 countries", "12 products" fill `countries`, `total_products`). Read from the main content's text, so menus and baskets ("2 items") do not count.
 */
export function proseFacts(sentences: string[]): Fact[] {
  const facts: Fact[] = [];
  const add = (labels: string[], value: unknown) => {
    for (const label of labels) facts.push({ label, value, weight: PROSE_WEIGHT });
  };
  const count = (written: string) => Number(written.replace(/,/g, ''));
  /**
   * A measure fills `height` as written ("18 cm") and `height_cm`, `height_in`, … as a number in
   * that unit, converted, so a field that names its unit never gets another unit's number.
   */
  const measured = (
    dimension: string,
    amount: string,
    unit: string,
    units: Record<string, [string, number]>,
  ) => {
    const [, size = 0] = units[unit.toLowerCase()] ?? [];
    if (!size) return;
    const base = Number(amount.replace(',', '.')) * size;
    add([dimension], `${amount} ${unit}`);
    for (const [name, each] of new Map(Object.values(units)))
      add([`${dimension} ${name}`], Number((base / each).toFixed(2)));
  };
  for (const text of sentences) {
    for (const [, event = '', year] of text.matchAll(EVENT_YEAR)) {
      const name = event.toLowerCase();
      add([name, `${name} year`, `${name} in`], Number(year));
    }
    for (const [, year] of text.matchAll(SINCE))
      add(['founded', 'founded year', 'established', 'since'], Number(year));
    for (const [, place = ''] of text.matchAll(HEADQUARTERS))
      add(['headquarters', 'head office', 'based in', 'location'], withoutFullStop(place));
    for (const [, , founders = ''] of text.matchAll(FOUNDED_BY)) {
      add(['founder', 'founded by'], founders);
      add(['founders'], founders.split(/,\s*(?:and\s+)?|\s+and\s+/));
    }
    for (const [, amount = '', unit = '', adjective = ''] of text.matchAll(SIZE)) {
      const dimension = DIMENSION[adjective.toLowerCase().replace(/\s+/g, ' ')] ?? adjective;
      measured(dimension, amount, unit, LENGTH_UNITS);
    }
    for (const [, amount = '', unit = ''] of text.matchAll(WEIGHT))
      measured('weight', amount, unit, WEIGHT_UNITS);
    for (const [, material = ''] of text.matchAll(MATERIAL)) {
      add(['material', 'made of', 'made from'], material.trim());
      add(['materials'], [material.trim()]);
    }
    for (const [, employees = ''] of text.matchAll(EMPLOYS)) add(['employees', 'staff'], count(employees));
    const stated = STATEMENT.exec(text)?.[1]?.toLowerCase();
    if (stated) add([stated, `company ${stated}`, `our ${stated}`], text);
    for (const [, number = '', noun = ''] of text.matchAll(COUNT)) {
      if (NOT_COUNTED.has(noun)) continue;
      add([noun, `total ${noun}`, `number of ${noun}`], count(number));
    }
  }
  return facts;
}

/** "Leeds." ends its sentence; "St." or "Mt." is the start of a name and keeps its dot. */
function withoutFullStop(place: string): string {
  return place.replace(/(\p{L}{4,})\.$/u, '$1');
}
