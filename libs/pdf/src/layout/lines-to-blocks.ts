import type { LayoutBlock, TextLine, TextRun } from './text-run.js';

const BULLET = /^[•◦▪▫‣⁃●○■□▸►✓✔–\-*]\s+/;
const NUMBERED = /^(?:\(?\d{1,3}[.)]|\(?[a-z][.)]|[ivx]{1,4}\.)\s+/i;
/** Baseline distance (in ems of the line) above which a new paragraph starts. */
const PARAGRAPH_GAP = 1.6;
/** Horizontal gap (in ems) that separates table cells; words are a quarter em apart. */
const CELL_GAP = 0.8;
/** More than a word space (in ems): where a cell of a narrow table may begin. */
const WIDER_THAN_A_SPACE = 0.4;
/** A line of a table of contents: its entry, a dot leader, a page number (`2.1 Syntax . . . . 4`). */
const CONTENTS_ENTRY = /^(.*?\S)\s*(?:\.\s*){4,}(\d{1,4}|[ivxlcdm]{1,6})$/i;
const LEADER = /(?:\.\s*){4,}/;

/**
 * Lines of each page, in reading order (columnOrder puts a left column before the right one) → that
 * page's headings, paragraphs, lists and tables. Where the baseline moves up (the top of the next
 * column), a paragraph goes on unless its last line ended a sentence. Headings are the sizes above the body text, largest
 * first, plus short bold lines that stand alone; tables are two or more consecutive lines whose
 * cells line up in the same columns. A table of contents is a table of its entries and their pages,
 * its dot leaders left out, whatever sizes and columns its lines have; lines in a fixed-width font
 * are code, unless the whole document is set in one.
 */
export function linesToBlocks(pages: TextLine[][]): LayoutBlock[][] {
  const lines = pages.flat();
  if (lines.length === 0) return pages.map(() => []);
  const bodySize = dominantSize(lines);
  const headingSizes = [...new Set(lines.map((line) => line.fontSize))]
    .filter((size) => size > bodySize * 1.15)
    .sort((a, b) => b - a);
  const levelOf = (line: TextLine) => {
    const index = headingSizes.indexOf(line.fontSize);
    return index >= 0 ? Math.min(6, index + 1) : undefined;
  };

  // A document set in a typewriter face throughout is prose, not code.
  const chars = (filter: (line: TextLine) => boolean) =>
    lines.filter(filter).reduce((sum, line) => sum + line.text.length, 0);
  const codeApart = chars((line) => line.monospace) < chars(() => true) / 2;
  // Sizes are compared across the whole document, so a page of small print has no false headings.
  return pages.map((page) => pageBlocks(page, bodySize, levelOf, headingSizes.length, codeApart));
}

function pageBlocks(
  lines: TextLine[],
  bodySize: number,
  levelOf: (line: TextLine) => number | undefined,
  headingLevels: number,
  codeApart: boolean,
): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  const gapAbove = (index: number) => baselineDrop(lines, index);
  const standsAlone = (index: number) => {
    const line = lines[index];
    const below = index + 1 < lines.length ? gapAbove(index + 1) : Number.POSITIVE_INFINITY;
    return gapAbove(index) > line.fontSize * PARAGRAPH_GAP && below > line.fontSize * PARAGRAPH_GAP;
  };

  // The next column starts above the last line: only an unfinished sentence carries over.
  const paragraphGoesOn = (index: number) => {
    const gap = gapAbove(index);
    if (gap < 0) return !/[.!?:]["'”’)]?$/.test(lines[index - 1].text);
    return gap <= lines[index].fontSize * PARAGRAPH_GAP;
  };

  const isCode = (index: number) => codeApart && lines[index].monospace;
  // A line of code after a sentence that introduces it ("must follow the syntax below:") ends that
  // sentence; after a line with code words in it, it goes on that line (a prototype's parameters).
  const codeEndsText = (index: number) =>
    isCode(index) && !lines[index - 1].runs.some((run) => run.monospace);

  let index = 0;
  while (index < lines.length) {
    const line = lines[index];
    if (isCode(index)) {
      const code = codeAt(lines, index);
      blocks.push({ type: 'code', text: code.text });
      index = code.next;
      continue;
    }
    const entries = contentsAt(lines, index);
    const previous = blocks.at(-1);
    const openContents = previous?.type === 'table' && previous.contents ? previous : undefined;
    // One entry alone is contents only where contents came before it, headings aside (`Part II`, an index's `M`).
    const aboveHeadings = blocks.findLast((block) => block.type !== 'heading');
    const inContents = aboveHeadings?.type === 'table' && aboveHeadings.contents;
    if (entries && (openContents || entries.rows.length >= 2 || inContents)) {
      // Entries in another size further down (`Index . . . 32`) go on the contents above them.
      if (openContents) openContents.rows.push(...entries.rows);
      else blocks.push({ type: 'table', rows: entries.rows, contents: true });
      index = entries.next;
      continue;
    }
    const table = tableAt(lines, index);
    if (table) {
      blocks.push({ type: 'table', rows: table.rows });
      index = table.next;
      continue;
    }
    const level = levelOf(line);
    if (level !== undefined) {
      let text = line.text;
      index++;
      while (
        index < lines.length &&
        lines[index].fontSize === line.fontSize &&
        gapAbove(index) <= line.fontSize * PARAGRAPH_GAP
      ) {
        text = `${text} ${lines[index].text}`;
        index++;
      }
      blocks.push({ type: 'heading', level, text });
      continue;
    }
    if (
      line.bold &&
      Math.abs(line.fontSize - bodySize) < 0.5 &&
      line.text.length <= 80 &&
      !/[.:,;]$/.test(line.text) &&
      !BULLET.test(line.text) &&
      standsAlone(index)
    ) {
      blocks.push({ type: 'heading', level: Math.min(6, headingLevels + 1), text: line.text });
      index++;
      continue;
    }
    const marker = listMarker(line.text);
    if (marker) {
      const items: string[] = [];
      while (index < lines.length && listMarker(lines[index].text)?.ordered === marker.ordered) {
        const item = lines[index];
        let text = item.text.replace(marker.ordered ? NUMBERED : BULLET, '');
        index++;
        // Wrapped item text: indented past the marker, close below, no marker of its own.
        while (
          index < lines.length &&
          !listMarker(lines[index].text) &&
          lines[index].x > item.x + item.fontSize * 0.5 &&
          gapAbove(index) <= item.fontSize * PARAGRAPH_GAP &&
          !codeEndsText(index) &&
          !tableAt(lines, index)
        ) {
          text = joinLines(text, lines[index].text);
          index++;
        }
        items.push(text);
        if (index < lines.length && gapAbove(index) > item.fontSize * PARAGRAPH_GAP * 1.5) break;
      }
      blocks.push({ type: 'list', ordered: marker.ordered, items });
      continue;
    }
    let text = line.text;
    index++;
    while (
      index < lines.length &&
      Math.abs(lines[index].fontSize - line.fontSize) < 0.5 &&
      paragraphGoesOn(index) &&
      levelOf(lines[index]) === undefined &&
      !listMarker(lines[index].text) &&
      !codeEndsText(index) &&
      !tableAt(lines, index)
    ) {
      text = joinLines(text, lines[index].text);
      index++;
    }
    blocks.push({ type: 'paragraph', text });
  }
  return blocks;
}

/**
 * How far the baseline drops from the line before (negative where the next column starts higher
 * up); nothing stands above the first line.
 */
function baselineDrop(lines: TextLine[], index: number): number {
  return index === 0 ? Number.POSITIVE_INFINITY : lines[index - 1].y - lines[index].y;
}

/** The font size most characters use: the body text. */
function dominantSize(lines: TextLine[]): number {
  const chars = new Map<number, number>();
  for (const line of lines) chars.set(line.fontSize, (chars.get(line.fontSize) ?? 0) + line.text.length);
  return [...chars.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

function listMarker(text: string): { ordered: boolean } | undefined {
  if (BULLET.test(text)) return { ordered: false };
  if (NUMBERED.test(text)) return { ordered: true };
  return undefined;
}

/** A word hyphenated at the end of a line is joined again; otherwise lines join with a space. */
function joinLines(text: string, next: string): string {
  if (/\p{L}-$/u.test(text) && /^\p{Ll}/u.test(next)) return text.slice(0, -1) + next;
  return `${text} ${next}`;
}

interface Cell {
  text: string;
  left: number;
  right: number;
}

/** A line split where its runs leave a gap wider than a word space. */
function cellsOf(line: TextLine): Cell[] {
  const cells: Cell[] = [];
  for (const run of line.runs) {
    if (!run.text.trim()) continue;
    const last = cells.at(-1);
    if (last && run.x - last.right <= run.fontSize * CELL_GAP) extendCell(last, run);
    else cells.push(cellOf(run));
  }
  return cells;
}

function cellOf(run: TextRun): Cell {
  return { text: run.text.trim(), left: run.x, right: run.x + run.width };
}

/** A run that goes on a cell, spaced when a word space lies between them. */
function extendCell(cell: Cell, run: TextRun) {
  const text = run.text.trim();
  cell.text += run.x - cell.right > run.fontSize * 0.2 ? ` ${text}` : text;
  cell.right = run.x + run.width;
}

/** Two cells are in the same column when they overlap or start close to each other. */
function sameColumns(a: Cell[], b: Cell[], fontSize: number): boolean {
  if (a.length !== b.length) return false;
  return a.every(
    (cell, k) =>
      Math.abs(cell.left - b[k].left) < fontSize * 2 || (cell.left < b[k].right && b[k].left < cell.right),
  );
}

/**
 * The lines set in a fixed-width font from `start` on, close below one another, as the code they
 * set: each indented by the characters it stands right of the leftmost, its runs spaced by the
 * characters between them, and a blank line where the gap above is wider than the lines' spacing.
 */
function codeAt(lines: TextLine[], start: number): { text: string; next: number } {
  let next = start + 1;
  while (
    next < lines.length &&
    lines[next].monospace &&
    baselineDrop(lines, next) > 0 &&
    baselineDrop(lines, next) <= lines[next].fontSize * 3
  )
    next++;
  const block = lines.slice(start, next);
  const runs = block.flatMap((line) => line.runs);
  const charWidth = median(runs.map((run) => run.width / run.text.length)) || block[0].fontSize / 2;
  const gaps = block.slice(1).map((line, k) => block[k].y - line.y);
  const spacing = median(gaps) ?? block[0].fontSize * 1.2;
  const left = Math.min(...block.map((line) => line.x));
  const columns = (from: number, to: number) => Math.max(0, Math.round((to - from) / charWidth));
  const text = block.map((line, k) => {
    let code = ' '.repeat(columns(left, line.x));
    let end = line.x;
    for (const run of line.runs) {
      code += ' '.repeat(columns(end, run.x)) + run.text;
      end = run.x + run.width;
    }
    const blank = k > 0 && gaps[k - 1] > spacing * 1.5 ? '\n' : '';
    return blank + code.trimEnd();
  });
  return { text: text.join('\n'), next };
}

/** The middle value (the upper one of an even count); undefined for none. */
function median(values: number[]): number | undefined {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/**
 * The lines of a table of contents from `start` on, close below one another, as rows of entry and
 * page. Inside the contents, a title too long for one line wraps: a line without a leader that starts
 * where the entries start and runs past the middle of their width goes on the entry below it (a short
 * one, such as `Part I`, or one at the top of the next column, heads the entries and ends the contents).
 */
function contentsAt(lines: TextLine[], start: number): { rows: string[][]; next: number } | undefined {
  const rows: string[][] = [];
  const close = (index: number) => baselineDrop(lines, index) <= lines[index].fontSize * 3;
  let entriesLeft = Number.POSITIVE_INFINITY;
  let entriesRight = Number.NEGATIVE_INFINITY;
  let index = start;
  while (index < lines.length && (index === start || close(index))) {
    const line = lines[index];
    const entry = CONTENTS_ENTRY.exec(line.text);
    const wrapped =
      !entry && rows.length > 0 && index + 1 < lines.length && close(index + 1)
        ? CONTENTS_ENTRY.exec(lines[index + 1].text)
        : null;
    // A wrapped title starts where the entries do: a short line across a column break heads the next ones.
    const wraps =
      line.x <= entriesLeft + line.fontSize && line.right >= entriesLeft + (entriesRight - entriesLeft) / 2;
    if (wrapped && !LEADER.test(line.text) && wraps) {
      rows.push([`${line.text} ${wrapped[1]}`, wrapped[2]]);
      index += 2;
      continue;
    }
    if (!entry) break;
    rows.push([entry[1], entry[2]]);
    entriesLeft = Math.min(entriesLeft, line.x);
    entriesRight = Math.max(entriesRight, line.right);
    index++;
  }
  return rows.length > 0 ? { rows, next: index } : undefined;
}

function tableAt(lines: TextLine[], start: number): { rows: string[][]; next: number } | undefined {
  const own = cellsOf(lines[start]);
  const first = own.length >= 2 ? own : headerOver(lines, start);
  if (!first) return undefined;
  const rows = [first];
  let index = start + 1;
  while (index < lines.length) {
    const own = cellsOf(lines[index]);
    // A narrow table's cells stand closer than the cell gap: split where the header's columns are.
    const cells = own.length < first.length ? (cellsIn(lines[index], first) ?? own) : own;
    const gap = baselineDrop(lines, index);
    if (gap > lines[index].fontSize * 3 || !sameColumns(first, cells, lines[index].fontSize)) break;
    rows.push(cells);
    index++;
  }
  if (rows.length < 2) return undefined;
  return { rows: rows.map((row) => row.map((cell) => cell.text)), next: index };
}

/** A header whose names stand closer than the cell gap (`Qty` and `Item` 7 pt apart), split into the columns of the row below. */
function headerOver(lines: TextLine[], start: number): Cell[] | undefined {
  const line = lines[start];
  const next = lines[start + 1];
  // Most lines are one run of text: they need no look at the line below.
  if (line.runs.length < 2 || !next || line.y - next.y > next.fontSize * 3) return undefined;
  const columns = cellsOf(next);
  return columns.length < 2 ? undefined : cellsIn(line, columns);
}

/**
 * A line of a narrow table split into the given columns: each run goes to the column it starts in
 * (two columns meet midway between their cells, so a centred header cell still heads its column), and
 * a new cell starts only after more than a word space, so a sentence's bold word never splits it,
 * and only where the gap is wider than every gap left inside a cell: a justified line stretches all
 * its spaces alike, and splitting it at one of them would make a table of a paragraph.
 * Runs are never a word space apart within a cell: the PDF reader joins those into one run.
 */
function cellsIn(line: TextLine, columns: Cell[]): Cell[] | undefined {
  const runs = line.runs.filter((run) => run.text.trim());
  if (runs.length < columns.length) return undefined;
  const bounds = columns.slice(1).map((cell, k) => (columns[k].right + cell.left) / 2);
  const cells: Cell[] = [];
  let widestInside = Number.NEGATIVE_INFINITY;
  let narrowestBetween = Number.POSITIVE_INFINITY;
  for (const run of runs) {
    const column = bounds.filter((bound) => run.x >= bound).length;
    const last = cells.at(-1);
    const gap = last ? run.x - last.right : 0;
    if (last && column === cells.length - 1) {
      widestInside = Math.max(widestInside, gap);
      extendCell(last, run);
    } else if (column === cells.length && (!last || gap > run.fontSize * WIDER_THAN_A_SPACE)) {
      if (last) narrowestBetween = Math.min(narrowestBetween, gap);
      cells.push(cellOf(run));
    } else return undefined;
  }
  return cells.length === columns.length && narrowestBetween > widestInside ? cells : undefined;
}
