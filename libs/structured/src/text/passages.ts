/** A sentence of the page's text, with the block (paragraph, list item, table row) it sits in. */
export interface Sentence {
  text: string;
  /** Index of its block in page order. */
  block: number;
  /** Index among all sentences, in page order. */
  index: number;
  /** Under a heading line of the markdown. */
  isHeading: boolean;
}

/** A paragraph-sized piece of the page: what highlights quote. */
export interface Block {
  text: string;
  index: number;
  isHeading: boolean;
  /** A table's header row of column names (no figures in it): what its rows are, not a statement. */
  isTableHeader?: boolean;
  /** A table row: its cells, and the names its header gives them (none in a table of pairs). */
  row?: { cells: string[]; columns: string[] };
}

/** A table's delimiter row, however the writer spells it (`| - | - |`, `|:---|---:|`). */
const TABLE_RULE = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

/** A list item's mark as markdown writes it (`-`, `*`, `+` or `3.`) and the space after it. */
const LIST_MARK = String.raw`(?:[-*+]|\d+\.)\s`;
/** Where a block starts: a blank line, a list item, a heading, a table row. */
const BLOCK_START = new RegExp(String.raw`\n\s*\n|\n(?=\s*${LIST_MARK})|\n(?=#)|\n(?=\|)`);
/** A list item's mark at a line's start. */
const LINE_LIST_MARK = new RegExp(String.raw`^\s*${LIST_MARK}\s*`, 'gm');
/**
 * A list in a table cell is written as lines (`| - S<br>- M |`): the mark of its first line, and each
 * `<br>` with the mark of the line it opens.
 */
const CELL_LIST_MARK = new RegExp(String.raw`(^|\|)\s*${LIST_MARK}\s*(?=[^|\n]*<br>)`, 'g');
const CELL_LINE_BREAK = new RegExp(String.raw`<br>\s*(?:${LIST_MARK}\s*)?`, 'g');

/**
 * The readable text of a page's markdown, split into blocks (paragraphs, list items, table rows,
 * headings) without markdown syntax: link text stays, URLs, images and code fences go.
 */
export function blocksOf(markdown: string): Block[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '\n');
  const blocks: Block[] = [];
  const raws = withoutCode.split(BLOCK_START);
  let columns: string[] | undefined;
  raws.forEach((raw, index) => {
    if (TABLE_RULE.test(raw)) return;
    const isRow = /^\s*\|/.test(raw);
    if (!isRow) columns = undefined;
    const text = plainText(raw);
    if (!text) return;
    const block: Block = { text, index: blocks.length, isHeading: /^\s*#{1,6}\s/.test(raw) };
    if (isRow) {
      const opensTable = TABLE_RULE.test(raws[index + 1] ?? '');
      if (opensTable) columns = columnNames(raws, index);
      const cells = cellsOf(raw);
      if (opensTable && columns) block.isTableHeader = true;
      else if (!columns) block.row = { cells, columns: [] };
      else if (cells.length === columns.length) block.row = { cells, columns };
    }
    blocks.push(block);
  });
  return blocks;
}

/**
 * The column names a table's first row gives, if it names them. Markdown makes every table's first
 * row its header, names or not: a row with figures is data (`Weight | 280 g`), and so is the first
 * pair of a table of pairs (`Colour | Red` over `Material | Leather`), told apart from names
 * (`Fish | Price` over `Cod | $12`) by the figures the rows below have and the first row has not,
 * and by a value no column name would be (a list, a phrase of five words or more).
 */
function columnNames(raws: string[], header: number): string[] | undefined {
  const cells = cellsOf(raws[header] as string);
  // A column name is short and lists nothing: "Copper, stainless steel base" is a value.
  if (cells.some((cell) => /\d|,/.test(cell) || cell.split(' ').length > 4)) return undefined;
  if (cells.length >= 3) return cells;
  for (let index = header + 2; /^\s*\|/.test(raws[index] ?? ''); index++)
    if (/\d/.test(raws[index] as string)) return cells;
  return undefined;
}

function cellsOf(row: string): string[] {
  return row
    .trim()
    .replace(/^\||(?<!\\)\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => plainText(cell));
}

/** Markdown as the words a reader sees: list marks, also those of a list in a table cell, are no words. */
export function plainText(markdown: string): string {
  return (
    markdown
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(CELL_LIST_MARK, '$1 ')
      .replace(CELL_LINE_BREAK, ' ')
      // A hard line break (a backslash ending its line) is the space a reader sees.
      .replace(/\\\n/g, ' ')
      .replace(/<[^>]+>/g, ' ')
      .replace(/^\s*#{1,6}\s+/gm, '')
      .replace(LINE_LIST_MARK, '')
      .replace(/^\s*>\s?/gm, '')
      .replace(/\s*\|\s*/g, ' | ')
      .replace(/^\s*\|\s*|\s*\|\s*$/gm, '')
      .replace(/(\*\*|__|~~|`)/g, '')
      .replace(/(^|\s)[*_](\S[^*_]*?)[*_](?=\s|$|[.,;:!?])/g, '$1$2')
      .replace(/\\([\\`*_{}[\]()#+\-.!|>])/g, '$1')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

const ABBREVIATIONS =
  /\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|Mt|vs|etc|e\.g|i\.e|approx|No|Fig|Inc|Ltd|Co|U\.S)\.$/i;

/** Sentences of the blocks, split at ., ! and ? followed by a capital, a digit or a quote. */
export function sentencesOf(blocks: Block[]): Sentence[] {
  const sentences: Sentence[] = [];
  for (const block of blocks) {
    const parts = block.text.split(/(?<=[.!?]["'”’)]?)\s+(?=["'“‘(]?[A-Z0-9])/);
    let pending = '';
    for (const part of parts) {
      pending = pending ? `${pending} ${part}` : part;
      // "Dr. Smith" and "e.g. Limpets" do not end a sentence.
      if (ABBREVIATIONS.test(pending) || /(?:^|\s)[A-Z]\.$/.test(pending)) continue;
      sentences.push({
        text: pending,
        block: block.index,
        index: sentences.length,
        isHeading: block.isHeading,
      });
      pending = '';
    }
    if (pending)
      sentences.push({
        text: pending,
        block: block.index,
        index: sentences.length,
        isHeading: block.isHeading,
      });
  }
  return sentences;
}

const STOPWORDS = new Set(
  (
    'a an the and or but if then else of to in on at by for with from as is are was were be been being ' +
    'this that these those it its they them their there here what which who whom whose when where why how ' +
    'do does did done can could should would may might must will shall not no nor so than too very just ' +
    'about into over under again further once all any both each few more most other some such only own same ' +
    'i me my we our you your he him his she her us also has have had having up down out off per via'
  ).split(' '),
);

/** Lower-cased content words, lightly stemmed so that "pools" matches "pool" and "forming" "form". */
export function terms(text: string): string[] {
  // A soft hyphen (`Assis&shy;tance`) only marks where a word may break: the word is one term.
  return (
    text
      .replace(/\u00ad/g, '')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  )
    .filter((word) => !STOPWORDS.has(word))
    .map(stem);
}

function stem(word: string): string {
  if (word.length <= 3 || /^\d/.test(word)) return word;
  let base = word;
  if (base.endsWith('sses')) base = base.slice(0, -2);
  else if (base.endsWith('ies') && base.length > 4) base = `${base.slice(0, -3)}y`;
  else if (/(?:ch|sh|x)es$/.test(base)) base = base.slice(0, -2);
  else if (/[^su]s$/.test(base)) base = base.slice(0, -1);
  if (base.length > 5 && base.endsWith('ing')) base = base.slice(0, -3);
  else if (base.length > 4 && base.endsWith('ed')) base = base.slice(0, -2);
  return base;
}

/** BM25 scorer over a fixed list of passages. */
export class Bm25 {
  private readonly docs: string[][];
  private readonly frequencies = new Map<string, number>();
  private readonly averageLength: number;

  constructor(
    passages: string[],
    private readonly k1 = 1.2,
    private readonly b = 0.75,
  ) {
    this.docs = passages.map(terms);
    for (const doc of this.docs)
      for (const term of new Set(doc)) this.frequencies.set(term, (this.frequencies.get(term) ?? 0) + 1);
    this.averageLength = this.docs.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, this.docs.length);
  }

  idf(term: string): number {
    const n = this.frequencies.get(term) ?? 0;
    return Math.log(1 + (this.docs.length - n + 0.5) / (n + 0.5));
  }

  score(queryTerms: string[], index: number): number {
    const doc = this.docs[index];
    let score = 0;
    for (const term of new Set(queryTerms)) {
      const count = doc.filter((word) => word === term).length;
      if (count === 0) continue;
      score +=
        (this.idf(term) * count * (this.k1 + 1)) /
        (count + this.k1 * (1 - this.b + (this.b * doc.length) / this.averageLength));
    }
    return score;
  }

  /**
   * The share of the query's distinct terms (idf-weighted) that the passage contains, or that
   * `implied` holds: words the passage is about without saying them (the page's title, the
   * sentence before it).
   */
  coverage(queryTerms: string[], index: number, implied: ReadonlySet<string> = new Set()): number {
    const distinct = [...new Set(queryTerms)];
    const total = distinct.reduce((sum, term) => sum + this.idf(term), 0);
    if (total === 0) return 0;
    const doc = new Set(this.docs[index]);
    const covered = distinct.filter((term) => doc.has(term) || implied.has(term));
    return covered.reduce((sum, term) => sum + this.idf(term), 0) / total;
  }
}
