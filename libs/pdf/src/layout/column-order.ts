import type { TextRun } from './text-run.js';

/** Each side of a gutter needs this many lines to count as a column of text. */
const MIN_COLUMN_LINES = 3;
/** Median characters per line on each side: prose columns are long; table cells are short. */
const MIN_COLUMN_LINE_CHARS = 20;
/** At most this share of the characters may be drawn across the gutter (titles, full-width blocks). */
const MAX_SPANNING_SHARE = 0.25;

/** The strip between two columns, in page x. */
interface Gutter {
  left: number;
  right: number;
}

/** The part of a page, from its top down or its foot up, that is set in two columns. */
interface ColumnPart {
  at: 'top' | 'foot';
  runs: TextRun[];
  gutter: Gutter;
}

/**
 * One page's runs in reading order: when the page is set in two columns, the left column's runs
 * come before the right column's, band by band (a title or block drawn across both columns closes
 * a band). A page that is not in two columns is one group. Each group is laid out into lines on
 * its own, so lines of the two columns that share a baseline are never merged.
 *
 * The columns are found from the x-positions of the runs: the gutter is the widest strip in the
 * middle half of the text that (almost) no run covers, at least an em wide.
 */
export function columnOrder(runs: TextRun[]): TextRun[][] {
  const visible = runs.filter((run) => run.text.trim().length > 0 && run.fontSize > 0);
  const gutter = findGutter(visible);
  if (gutter) return inColumns(visible, gutter);
  const part = columnsAtTopOrFoot(visible);
  if (!part) return [runs];
  const inPart = new Set(part.runs);
  const rest = visible.filter((run) => !inPart.has(run));
  const columns = inColumns(part.runs, part.gutter);
  return part.at === 'foot' ? [rest, ...columns] : [...columns, rest];
}

/**
 * Where full-width text fills too much of the page for its gutter to show (an index in two columns
 * under the end of a chapter, columns that end above a wide table), the largest part of the page from
 * its foot up, or from its top down, that is set in two columns.
 */
function columnsAtTopOrFoot(runs: TextRun[]): ColumnPart | undefined {
  const baselines = [...new Set(runs.map((run) => Math.round(run.y)))].sort((a, b) => b - a);
  const drops = baselines.slice(1).map((baseline, index) => baselines[index] - baseline);
  const lineSpacing = median(drops);
  let best: ColumnPart | undefined;
  // Layouts change where the text leaves more room than a line's (a heading, a new section).
  const breaks = baselines.slice(1).filter((_, index) => drops[index] > lineSpacing * 1.3);
  for (const baseline of breaks) {
    for (const at of ['top', 'foot'] as const) {
      const part = runs.filter((run) =>
        at === 'foot' ? Math.round(run.y) <= baseline : Math.round(run.y) > baseline,
      );
      if (best && part.length <= best.runs.length) continue;
      const gutter = findGutter(part);
      if (gutter) best = { at, runs: part, gutter };
    }
  }
  return best;
}

/** The runs in reading order about `gutter`: band by band, the left column before the right. */
function inColumns(visible: TextRun[], gutter: Gutter): TextRun[][] {
  const crosses = (run: TextRun) => run.x < gutter.right && run.x + run.width > gutter.left;
  const groups: TextRun[][] = [];
  let left: TextRun[] = [];
  let right: TextRun[] = [];
  let spanning: TextRun[] = [];
  const flushColumns = () => {
    if (left.length > 0) groups.push(left);
    if (right.length > 0) groups.push(right);
    left = [];
    right = [];
  };
  for (const run of [...visible].sort((a, b) => b.y - a.y || a.x - b.x)) {
    if (crosses(run)) {
      flushColumns();
      spanning.push(run);
      continue;
    }
    if (spanning.length > 0) groups.push(spanning);
    spanning = [];
    (run.x + run.width <= gutter.left ? left : right).push(run);
  }
  flushColumns();
  if (spanning.length > 0) groups.push(spanning);
  return groups;
}

function findGutter(runs: TextRun[]): Gutter | undefined {
  if (runs.length === 0) return undefined;
  const start = Math.floor(Math.min(...runs.map((run) => run.x)));
  const end = Math.ceil(Math.max(...runs.map((run) => run.x + run.width)));
  const width = end - start;
  // Characters drawn over each point of the page's width.
  const coverage = new Array<number>(width + 1).fill(0);
  for (const run of runs) {
    for (let x = Math.max(0, Math.floor(run.x) - start); x < Math.ceil(run.x + run.width) - start; x++)
      coverage[x] += run.text.length;
  }
  const totalChars = runs.reduce((sum, run) => sum + run.text.length, 0);
  const from = Math.floor(width * 0.25);
  const to = Math.ceil(width * 0.75);
  const least = Math.min(...coverage.slice(from, to + 1));
  if (least > totalChars * MAX_SPANNING_SHARE) return undefined;
  // The widest strip of least coverage in the middle half.
  let best: Gutter | undefined;
  for (let x = from; x <= to; x++) {
    if (coverage[x] !== least) continue;
    let stop = x;
    while (stop + 1 <= to && coverage[stop + 1] === least) stop++;
    if (!best || stop - x > best.right - best.left) best = { left: x, right: stop };
    x = stop;
  }
  if (!best) return undefined;
  const gutter = { left: start + best.left, right: start + best.right + 1 };
  const em = median(runs.map((run) => run.fontSize));
  if (gutter.right - gutter.left < em) return undefined;
  const leftRuns = runs.filter((run) => run.x + run.width <= gutter.left);
  const rightRuns = runs.filter((run) => run.x >= gutter.right);
  return isTextColumn(leftRuns) && isTextColumn(rightRuns) && overlapVertically(leftRuns, rightRuns)
    ? gutter
    : undefined;
}

/** Enough lines of prose length: a table's columns hold short cells and are read row by row. */
function isTextColumn(runs: TextRun[]): boolean {
  const lines = new Map<number, number>();
  for (const run of runs) {
    const baseline = Math.round(run.y);
    lines.set(baseline, (lines.get(baseline) ?? 0) + run.text.length);
  }
  return lines.size >= MIN_COLUMN_LINES && median([...lines.values()]) >= MIN_COLUMN_LINE_CHARS;
}

/** Side by side, not a block of text above another that merely happens to be indented. */
function overlapVertically(a: TextRun[], b: TextRun[]): boolean {
  const top = (runs: TextRun[]) => Math.max(...runs.map((run) => run.y));
  const bottom = (runs: TextRun[]) => Math.min(...runs.map((run) => run.y));
  return Math.min(top(a), top(b)) > Math.max(bottom(a), bottom(b));
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}
