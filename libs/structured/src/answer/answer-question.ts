import { Bm25, blocksOf, type Sentence, sentencesOf, terms } from '../text/passages.js';
import { PRICE_PATTERN } from '../text/prices.js';

export interface LocalAnswer {
  /**
   * The sentence of the page that answers, verbatim (a table row with its column names); undefined
   * when the page does not say.
   */
  answer?: string;
  /** 0..1: how much of the question the answer sentence covers. */
  confidence: number;
}

/** Said when no sentence of the page answers: the local method never makes an answer up. */
export const NO_ANSWER = 'The page does not answer this question.';

/** Words that set the kind of answer a question expects. */
const EXPECTATIONS: [RegExp, RegExp][] = [
  [
    /^\s*(?:when|what (?:year|date|day|time))\b/i,
    /\b(?:1[5-9]\d\d|20\d\d|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|\d{1,2}:\d\d|\d{1,2}\s?(?:am|pm))\b/i,
  ],
  [/^\s*how (?:many|much)\b|\bwhat (?:is the )?(?:number|percentage)\b/i, /\d/],
  // "Who can apply?" asks who qualifies, not for a name ("Who can I ask?" does).
  [
    /^\s*who (?:(?:can|may|should|must|needs?(?: to)?) (?!(?:i|we|you|they|he|she)\b)|is eligible\b|qualifies\b)/i,
    /\b(?:if you|anyone|everyone|those who|people who|over \d+|under \d+|aged \d+|must be|eligible)\b/i,
  ],
  [/^\s*who\b/i, /\b[A-Z][a-z]+(?:\s+[A-Z][a-z.]+)+/],
  [/^\s*where\b/i, /\b(?:in|at|on|near|from)\s+(?:the\s+)?[A-Z]/],
];

const LENGTH_UNITS = `(?:mm|cm|m|km|metres?|meters?|kilomet(?:re|er)s?|inch(?:es)?|feet|foot|ft|yards?|miles?|nautical miles?|storeys|stories|floors)`;
const TIME_UNITS = `(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)`;
const QUANTITY = String.raw`\d[\d,.]*\s*(?:-\s*)?`;
const WORD_NUMBER = `(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|a few|several|about)`;

/**
 * "How tall", "how old", "how much does it cost": the adjective asks for a measure, which the
 * answer gives in its units ("stands 34 metres", "built in 1871", "£88.50") and rarely names: it
 * is no word the answer needs, but the answer must give the measure.
 */
const MEASURES: { asks: RegExp; gives: RegExp }[] = [
  {
    asks: /^\s*how (tall|high|deep|wide|thick)\b/i,
    gives: new RegExp(String.raw`${QUANTITY}${LENGTH_UNITS}\b`, 'i'),
  },
  {
    asks: /^\s*how (old)\b/i,
    gives:
      /\b\d+\s*(?:years?|yrs?)(?: old)?\b|\b(?:built|founded|established|born|opened|dates? from|since|in)\s+(?:the\s+)?(?:1[0-9]\d\d|20\d\d)\b/i,
  },
  {
    asks: /^\s*how (long|far)\b/i,
    gives: new RegExp(
      String.raw`(?:${QUANTITY}|\b${WORD_NUMBER}\s+)(?:${LENGTH_UNITS}|${TIME_UNITS})\b`,
      'i',
    ),
  },
  {
    asks: /^\s*how (big|large|heavy)\b/i,
    gives: new RegExp(
      String.raw`${QUANTITY}(?:m²|km²|sq\.?\s*\w+|square \w+|acres?|hectares?|ha|g|kg|grams?|kilograms?|tonnes?|tons?|lbs?|pounds?|litres?|liters?|gallons?|kb|mb|gb|tb|seats?|people|rooms?|beds?)(?!\w)`,
      'i',
    ),
  },
  // "How much does it weigh?" asks a weight, as "how heavy" does; the verb is no word the answer needs.
  {
    asks: /^\s*how much (?:does|do|did|will|would|can) .+? (weigh)\b/i,
    gives: new RegExp(
      String.raw`${QUANTITY}(?:g|kg|grams?|kilograms?|tonnes?|tons?|lbs?|pounds?|oz|ounces?)(?!\w)`,
      'i',
    ),
  },
  // A cost, which only a price answers ("voted 41 to 12 … over its route and cost" does not).
  { asks: /^\s*how much\b.*\b(cost|price|pay|charge|spend|fee|fare|worth)/i, gives: PRICE_PATTERN },
  // "What is the price?", "what is the yearly fee?": the words before it name which price.
  { asks: /\bwhat (?:is|are) the (?:[\w-]+\s+){0,2}?(price|cost|fee|fare)s?\b/i, gives: PRICE_PATTERN },
  {
    asks: /^\s*how (often)\b/i,
    gives: /\b(?:every|each|daily|weekly|monthly|yearly|annually|hourly|nightly|once|twice|\d+\s*times)\b/i,
  },
];

const MEASURE_FLOOR = 0.01;

/** What the page is or which one, in a question about the page itself. */
const THIS_PAGE = String.raw`(?:this|the|it)(?:\s+(?:article|post|blog post|page|story|piece|review|recipe|guide))?`;

/**
 * Questions about the page itself, which its data answers rather than its sentences (a byline, a
 * publication date in its metadata, its description), each with the json field that holds the answer.
 */
const ABOUT_THE_PAGE: { asks: RegExp; field: string }[] = [
  {
    asks: new RegExp(
      String.raw`^\s*(?:who\s+(?:wrote|authored)\s+${THIS_PAGE}|who\s+is\s+the\s+(?:author|writer)(?:\s+of\s+${THIS_PAGE})?)\s*\??\s*$`,
      'i',
    ),
    field: 'author',
  },
  {
    // "When wrote this post?" is the second half of "Who wrote this post and when?".
    asks: new RegExp(
      String.raw`^\s*when\s+(?:(?:was|is)\s+${THIS_PAGE}\s+(?:published|posted|written|released)|(?:wrote|published|posted)\s+${THIS_PAGE})\s*\??\s*$`,
      'i',
    ),
    field: 'date published',
  },
  {
    asks: new RegExp(String.raw`^\s*what\s+is\s+${THIS_PAGE}\s+about\s*\??\s*$`, 'i'),
    field: 'description',
  },
  // What a product is made of: its spec table's Material row, or "made of solid brass".
  {
    asks: /^\s*what\s+(?:is|are)\s+(?:it|they|this|these|the\s+[\w\s-]+?)\s+made\s+(?:of|from|out of)\s*\??\s*$|^\s*what\s+materials?\b/i,
    field: 'material',
  },
  // How to reach whoever runs the page: its tel: and mailto: links, or a number in its text.
  {
    asks: /^\s*what\s+is\s+(?:your|the|their|its)\s+(?:(?:tele)?phone|contact)(?:\s+number)?\s*\??\s*$|^\s*how\s+(?:can|do)\s+i\s+(?:call|phone|ring)\b/i,
    field: 'phone',
  },
  {
    asks: /^\s*what\s+is\s+(?:your|the|their|its)\s+e-?mail(?:\s+address)?\s*\??\s*$/i,
    field: 'email',
  },
];

/** The product a shop page shows (as the `product` format reads it): its name and its price as written. */
export interface ShownProduct {
  title?: string;
  price: string;
}

/** What the page's data says, read only when no sentence answers: the product it shows, a json field. */
export interface PageData {
  product(): ShownProduct | undefined;
  field(name: string): string | undefined;
}

const NO_DATA: PageData = { product: () => undefined, field: () => undefined };

/**
 * Passage retrieval and answer-sentence selection: BM25 ranks the page's sentences against the
 * question (with the words of its block as context), sentences holding the kind of value the
 * question asks for (a date for "when", a number for "how many", …) are preferred, and an
 * answer needs most of the question's content words — otherwise there is none. Some questions the
 * page's data answers when no sentence does: a shop's price sits by its buy button, seldom in its
 * main content, so a question of price that names nothing but the product gets the product's price;
 * "Who wrote this article?", "When was it published?" and "What is this page about?" get its byline,
 * metadata and description.
 */
export function answerQuestion(markdown: string, asked: string, data: PageData = NO_DATA): LocalAnswer {
  const parts = questionsIn(asked);
  if (parts.length > 1) return bothAnswered(parts.map((part) => answerOne(markdown, part, data)));
  return answerOne(markdown, asked, data);
}

const WH = String.raw`(?:who|what|when|where|why|which|how(?:\s+(?:much|many|long|old|far|big|tall|high|often))?)`;
/** "When and where was the company founded?": two question words that share the rest. */
const SHARED_REST = new RegExp(String.raw`^\s*(${WH})\s+and\s+(${WH})\s+(.+?)\s*\??\s*$`, 'i');
/** "Who wrote this post and when?": a second question word that asks of the first one's rest. */
const TRAILING_WH = new RegExp(String.raw`^\s*(${WH})\s+(.+?)\s*,?\s+and\s+(${WH})\s*\??\s*$`, 'i');
/** "Who founded it, and how many people does it employ?": two whole questions. */
const TWO_QUESTIONS = new RegExp(
  String.raw`^\s*(${WH}\s+.+?)\s*,?\s+and\s+(${WH}\s+\S+\s+.+?)\s*\??\s*$`,
  'i',
);

/**
 * The questions a compound question asks, each whole: "When and where was it founded?" → "When was
 * it founded?", "Where was it founded?"; "Who wrote this post and when?" → "Who wrote this post?",
 * "When wrote this post?" (read as the date of the writing); "Who founded it, and how many people
 * does it employ?" → each. Any other question is one.
 */
function questionsIn(question: string): string[] {
  const shared = SHARED_REST.exec(question);
  if (shared) return [`${shared[1]} ${shared[3]}?`, `${shared[2]} ${shared[3]}?`];
  const trailing = TRAILING_WH.exec(question);
  if (trailing) return [`${trailing[1]} ${trailing[2]}?`, `${trailing[3]} ${trailing[2]}?`];
  const two = TWO_QUESTIONS.exec(question);
  if (two) return [`${two[1]}?`, `${two[2]}?`];
  return [question];
}

/** One answer of a compound question's parts, each said once; none unless every part is answered. */
function bothAnswered(answers: LocalAnswer[]): LocalAnswer {
  const confidence = Math.min(...answers.map((answer) => answer.confidence));
  if (answers.some((answer) => !answer.answer)) return { confidence };
  const said = [...new Set(answers.map((answer) => answer.answer as string))];
  return { answer: said.join(said.some((answer) => /[.!?]$/.test(answer)) ? ' ' : '; '), confidence };
}

function answerOne(markdown: string, asked: string, data: PageData): LocalAnswer {
  // "What's the price?" asks what the price is; "the shoe's price" names the shoe (no stray "s").
  const question = asked.replace(/['’]s\b/gi, ' is').replace(ON_THE_PAGE, '');
  const { measure, named } = askedOf(question);
  const found = sentenceAnswer(markdown, question, measure, named);
  if (found.answer) return found;
  const field = ABOUT_THE_PAGE.find(({ asks }) => asks.test(question))?.field;
  const answer =
    measure?.gives === PRICE_PATTERN ? productPrice(data.product(), named) : field && data.field(field);
  return answer ? { answer, confidence: 1 } : found;
}

/**
 * "What is the price shown?", "Which date is mentioned on the page?": a closing participle points
 * at the page, not at what the answer must name.
 */
const ON_THE_PAGE =
  /\s+(?:shown|listed|displayed|mentioned|given|stated|quoted|advertised)(?:\s+(?:here|above|below|(?:on|in)\s+(?:the|this)\s+(?:page|site|website|article)))?(?=\s*\??\s*$)/i;

/** The product's price, when the question names nothing but the product: "Iris Rust Hemp Dress: €549.56". */
function productPrice(product: ShownProduct | undefined, named: string[]): string | undefined {
  const titled = new Set(terms(product?.title ?? ''));
  if (!product || !named.every((term) => titled.has(term))) return undefined;
  return product.title ? `${product.title}: ${product.price}` : product.price;
}

type Measure = { asked: string | undefined; gives: RegExp };

/** The measure a question asks for ("how tall"), and the words it names beside it. */
function askedOf(question: string): { measure?: Measure; named: string[] } {
  const measure = MEASURES.map(({ asks, gives }) => ({ asked: asks.exec(question)?.[1], gives })).find(
    ({ asked }) => asked !== undefined,
  );
  const measureWords = new Set(terms(measure?.asked ?? ''));
  const named = terms(question).filter((term) => !QUESTION_WORDS.has(term) && !measureWords.has(term));
  return { measure, named };
}

/** The sentence of the page that answers the question, if one does. */
function sentenceAnswer(
  markdown: string,
  question: string,
  measure: Measure | undefined,
  named: string[],
): LocalAnswer {
  const blocks = blocksOf(markdown);
  // A question the page asks (an FAQ's, in a paragraph of its own) is never the answer: it heads
  // the text after it, as a heading does.
  const heads = blocks.map((block) => block.isHeading || ASKS.test(block.text));
  const sentences = sentencesOf(blocks).filter(
    (sentence) => !heads[sentence.block] && !blocks[sentence.block]?.isTableHeader,
  );
  // Every sentence is about what the page's title names: "It costs £88.50." on a page titled "Apply
  // for your first adult passport" answers "How much does a passport cost?".
  const title = blocks[0]?.isHeading && /^\s*#\s/.test(markdown) ? new Set(terms(blocks[0].text)) : undefined;
  // "How much does it cost?" names nothing but the measure: it asks it of what the title names.
  const query = named.length === 0 && measure ? [...(title ?? [])] : named;
  if (sentences.length === 0 || query.length === 0) return { confidence: 0 };

  // A sentence is scored with the heading above it: "Opening hours" answers "when ... open"; a
  // table row with its column names too: "orders | 41% | 6%" answers "bloat after ... orders".
  const headingOf = headingsAbove(
    blocks.map((block, index) => ({ text: block.text, isHeading: heads[index] })),
  );
  const passages = sentences.map(
    (sentence) =>
      `${sentence.text} ${blocks[sentence.block]?.row?.columns.join(' ') ?? ''} ${headingOf[sentence.block] ?? ''}`,
  );
  const bm25 = new Bm25(passages);
  // Under a question of the page's own that asks what the user asks (an FAQ's), the answer is here.
  const restated = headingOf.map((heading) => restates(heading, query));
  const expected = measure?.gives ?? EXPECTATIONS.find(([asks]) => asks.test(question))?.[1];

  let best: { sentence: Sentence; score: number; coverage: number } | undefined;
  sentences.forEach((sentence, index) => {
    // "The tower is open to visitors" answers no "how tall is the tower". Among the sentences that
    // give the measure, one naming none of the question's words but the title's may answer
    // ("It costs £88.50." under "Overview" on a passport's page): the first of them.
    if (measure && !measure.gives.test(sentence.text)) return;
    // A sentence goes on about what the one before it in its paragraph named ("The light was
    // automated in 1958. Today the lantern … has a range of 24 nautical miles.").
    const before = sentences[index - 1];
    const carried = before?.block === sentence.block ? terms(before.text) : [];
    const coverage = bm25.coverage(query, index, new Set([...(title ?? []), ...carried]));
    let score = (bm25.score(query, index) + (measure ? MEASURE_FLOOR : 0)) * (0.5 + coverage);
    if (expected) score *= expected.test(sentence.text) ? 1.5 : 0.6;
    if (restated[sentence.block]) score *= 2;
    if (!best || score > best.score) best = { sentence, score, coverage };
  });
  const needed = query.length <= 2 ? 0.99 : 0.5;
  if (!best || best.score <= 0 || best.coverage < needed) return { confidence: best?.coverage ?? 0 };
  const row = blocks[best.sentence.block]?.row;
  return {
    answer: row ? rowWithColumns(row) : best.sentence.text,
    confidence: Number(best.coverage.toFixed(2)),
  };
}

/** Whether a heading is a question asking all the user's question asks (its content words). */
function restates(heading: string | undefined, query: string[]): boolean {
  if (!heading || !ASKS.test(heading)) return false;
  const asked = new Set(terms(heading));
  return query.every((term) => asked.has(term));
}

/** A block that is one question: no sentence ends before its question mark. */
const ASKS = /^[^.!?]*\?\s*$/;

/**
 * Words of the question that ask rather than name, and the generic names of what the page is
 * about ("When was the company founded?" on a company's page that says "Harbour Ropes was
 * founded in 1952"): a page rarely calls itself by them, so requiring them would find no answer.
 */
const QUESTION_WORDS = new Set([
  'what',
  'which',
  'who',
  'when',
  'where',
  'why',
  'how',
  'many',
  'much',
  'doe',
  'page',
  'article',
  'site',
  'website',
  'company',
  'business',
  'firm',
  'organisation',
  'organization',
]);

/**
 * A table row as it reads with its header: "Table: orders, Bloat before: 41%, Bloat after: 6%"; a
 * pair of a table of pairs as a label and its value: "Weight: 280 g".
 */
function rowWithColumns({ cells, columns }: { cells: string[]; columns: string[] }): string {
  const filled = cells.filter((cell) => cell !== '');
  if (columns.length === 0 && filled.length === 2) return filled.join(': ');
  return cells.map((cell, index) => (columns[index] ? `${columns[index]}: ${cell}` : cell)).join(', ');
}

function headingsAbove(blocks: { text: string; isHeading: boolean }[]): (string | undefined)[] {
  let current: string | undefined;
  return blocks.map((block) => {
    if (block.isHeading) current = block.text;
    return current;
  });
}
