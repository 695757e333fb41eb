import type { Element } from 'hast';
import { isLayoutTable } from '../tree/layout-tables.js';
import type { ContentBlock } from './content-blocks.js';

/**
 * Which blocks a page keeps, given each block's probability of being main content: the set with
 * the best expected word F1 against the page's content, not every block above one fixed
 * threshold. A page whose content is one short post among much chrome needs surer blocks than a
 * page that is nearly all article; weighing both sides of F1 by words finds that bar per page.
 *
 * With p the probabilities and w the words of each block, the expected F1 of a kept set S is
 * close to 2·Σ_S p·w / (Σ_S w + Σ_all p·w): the expected words of content kept, over the words
 * kept plus the expected words of content on the page. For a given size the best S holds the
 * most probable blocks, so the answer is the best prefix of the blocks sorted by probability.
 */
export function keepForBestF1(probabilities: number[], words: number[]): boolean[] {
  const expectedContent = probabilities.reduce((sum, p, index) => sum + p * (words[index] as number), 0);
  const order = probabilities
    .map((_, index) => index)
    .sort((a, b) => (probabilities[b] as number) - (probabilities[a] as number));
  let keptContent = 0;
  let keptWords = 0;
  let best = { f1: 0, count: 0 };
  order.forEach((index, rank) => {
    keptContent += (probabilities[index] as number) * (words[index] as number);
    keptWords += words[index] as number;
    const f1 = (2 * keptContent) / (keptWords + expectedContent);
    if (f1 > best.f1) best = { f1, count: rank + 1 };
  });
  const keep = probabilities.map(() => false);
  for (const index of order.slice(0, best.count)) keep[index] = true;
  return keep;
}

/**
 * The data table each block is a cell of, if any: an innermost table whose text blocks are all its
 * own cells (`td`, `th` holding only inline content) and that `isLayoutTable` does not call layout
 * (one row of menu links, a cell of running text), so specs and figures, not a layout table around
 * menus and posts.
 */
export function dataTableCells(blocks: readonly ContentBlock[]): (Element | undefined)[] {
  const tableOf = blocks.map((block) => block.ancestors.find((ancestor) => ancestor.tagName === 'table'));
  const layout = new Set<Element>();
  tableOf.forEach((table, index) => {
    const cell = (blocks[index] as ContentBlock).element.tagName;
    if (table && cell !== 'td' && cell !== 'th') layout.add(table);
  });
  for (const table of new Set(tableOf)) if (table && isLayoutTable(table)) layout.add(table);
  return tableOf.map((table) => (table && !layout.has(table) ? table : undefined));
}

/**
 * The cells of one data table the classifier judges; the rest take their mean (`tablesAsUnits`).
 * A table of 3,000 rows would otherwise have 60,000 cells measured and scored one by one, twice
 * the time of converting the page whole, for a verdict the first cells already give. WCXB's
 * biggest data table has 808 cells, so no page of it is judged differently.
 */
const JUDGED_CELLS_PER_TABLE = 1_000;

/**
 * The members of one path group the classifier judges; the others take the probability of the judged
 * member before them (`fromJudgedInGroups`). A log of 40,000 paragraphs would otherwise have each one
 * measured and scored, three times the time of converting the page whole; members spread evenly over
 * the group say what its parts are. WCXB's biggest path group has 984 blocks, so no page of it is
 * judged differently.
 */
const JUDGED_PER_PATH_GROUP = 1_000;

/**
 * The indices of the blocks the classifier judges: every block but a big data table's later cells
 * and, of a path group too big to judge whole, all but members spread evenly over it.
 */
export function judgedBlocks(
  tableOf: readonly (Element | undefined)[],
  pathGroup: readonly number[],
): number[] {
  const members = new Map<number, number>();
  tableOf.forEach((table, index) => {
    if (!table) members.set(pathGroup[index] as number, (members.get(pathGroup[index] as number) ?? 0) + 1);
  });
  const cellsSeen = new Map<Element, number>();
  const membersSeen = new Map<number, number>();
  const judged: number[] = [];
  tableOf.forEach((table, index) => {
    if (table) {
      const seen = (cellsSeen.get(table) ?? 0) + 1;
      cellsSeen.set(table, seen);
      if (seen > JUDGED_CELLS_PER_TABLE) return;
    } else {
      const group = pathGroup[index] as number;
      const size = members.get(group) as number;
      const rank = membersSeen.get(group) ?? 0;
      membersSeen.set(group, rank + 1);
      // The first member, then one each time the rank enters the next of the group's equal shares.
      const sampled = Math.floor((rank * JUDGED_PER_PATH_GROUP) / size);
      if (rank > 0 && sampled === Math.floor(((rank - 1) * JUDGED_PER_PATH_GROUP) / size)) return;
    }
    judged.push(index);
  });
  return judged;
}

/**
 * Each unjudged block outside a data table (a big path group's member between its samples) takes the
 * probability of the last judged member of its group before it; table cells are left to `tablesAsUnits`.
 */
export function fromJudgedInGroups(
  probabilities: readonly (number | undefined)[],
  pathGroup: readonly number[],
  tableOf: readonly (Element | undefined)[],
): (number | undefined)[] {
  const lastJudged = new Map<number, number>();
  return probabilities.map((probability, index) => {
    if (tableOf[index]) return probability;
    const group = pathGroup[index] as number;
    if (probability !== undefined) {
      lastJudged.set(group, probability);
      return probability;
    }
    return lastJudged.get(group);
  });
}

/**
 * A data table is judged whole: each cell takes the mean probability of the table's judged cells,
 * weighed by their words, so a table stays or goes at once instead of losing single cells, which
 * leaves rows of empty cells or spec names without their values. Only a data table's cells may
 * lack a probability (`judgedBlocks`).
 */
export function tablesAsUnits(
  probabilities: readonly (number | undefined)[],
  words: readonly number[],
  tableOf: readonly (Element | undefined)[],
): number[] {
  const tables = new Map<Element, { sum: number; words: number }>();
  tableOf.forEach((table, index) => {
    if (!table || probabilities[index] === undefined) return;
    const weight = Math.max(1, words[index] as number);
    const unit = tables.get(table) ?? { sum: 0, words: 0 };
    unit.sum += (probabilities[index] as number) * weight;
    unit.words += weight;
    tables.set(table, unit);
  });
  return probabilities.map((probability, index) => {
    const unit = tables.get(tableOf[index] as Element);
    return unit ? unit.sum / unit.words : (probability as number);
  });
}

/**
 * Each block's probability pulled halfway to the mean of its path group (weighed by words), so
 * blocks laid out alike are judged alike: the classifier reads position on the page, and on a page
 * longer than those it learned from (2,000 paragraphs of one article) it let the last tenth fade
 * below the pick's bar one paragraph after another. Halfway keeps what sets a block apart (a
 * trailing "Share this" paragraph). On WCXB, held out, within the noise: 0.8798 → 0.8800.
 */
export function towardPathGroups(
  probabilities: readonly number[],
  words: readonly number[],
  pathGroup: readonly number[],
): number[] {
  const groups = new Map<number, { sum: number; words: number }>();
  probabilities.forEach((probability, index) => {
    const weight = Math.max(1, words[index] as number);
    const group = groups.get(pathGroup[index] as number) ?? { sum: 0, words: 0 };
    group.sum += probability * weight;
    group.words += weight;
    groups.set(pathGroup[index] as number, group);
  });
  return probabilities.map((probability, index) => {
    const group = groups.get(pathGroup[index] as number) as { sum: number; words: number };
    return (probability + group.sum / group.words) / 2;
  });
}

/**
 * A data table between kept blocks is kept: one by one its short cells look like chrome to the
 * classifier, but a table that the content runs on both sides of is part of it.
 */
export function keepTablesInKeptText(keep: boolean[], tableOf: readonly (Element | undefined)[]): boolean[] {
  const kept = [...keep];
  let start = 0;
  while (start < tableOf.length) {
    const table = tableOf[start];
    let end = start + 1;
    while (table && end < tableOf.length && tableOf[end] === table) end++;
    const before = start > 0 && keep[start - 1];
    const after = end === tableOf.length || keep[end];
    if (table && before && after) kept.fill(true, start, end);
    start = end;
  }
  return kept;
}

/**
 * The panels of a tab set of code on a documentation page are one unit: documentation gives each
 * language's or tool's version of a sample a tab and shows the first at load, and a reader opens
 * the one they need; so a hidden panel is kept when a shown panel of code beside it is. Elsewhere
 * tab sets stay judged block by block: on WCXB, keeping the hidden panels of every tab set cost
 * product pages 0.011 F1 (Description / Reviews / Shipping), and of every code tab set a
 * marketing page's showcase.
 */
export function keepTabPanels(blocks: readonly ContentBlock[], keep: boolean[]): boolean[] {
  const tabSetOf = blocks.map((block) => {
    const chain = [block.element, ...block.ancestors];
    const panel = chain.findIndex((element) => element.properties.role === 'tabpanel');
    return panel < 0 ? undefined : chain[panel + 1];
  });
  const shownAndKept = new Set(
    blocks.flatMap((block, index) =>
      keep[index] && !block.hidden && block.element.tagName === 'pre' && tabSetOf[index]
        ? [tabSetOf[index]]
        : [],
    ),
  );
  return keep.map((kept, index) => kept || shownAndKept.has(tabSetOf[index] as Element));
}
