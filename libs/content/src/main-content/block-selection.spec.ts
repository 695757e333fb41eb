import type { Element } from 'hast';
import { select } from 'hast-util-select';
import { parseHtml } from '#structured';
import { pathGroupIds } from './block-features.js';
import {
  dataTableCells,
  fromJudgedInGroups,
  judgedBlocks,
  keepForBestF1,
  keepTablesInKeptText,
  tablesAsUnits,
  towardPathGroups,
} from './block-selection.js';
import { contentBlocks } from './content-blocks.js';

describe('keepForBestF1', () => {
  it('keeps an unsure block when nothing on the page is surer, and drops it beside sure content', () => {
    // A short post among much chrome: its block is the best bet there is.
    expect(keepForBestF1([0.35, 0.1, 0.05], [50, 400, 300])).toEqual([true, false, false]);
    // The same block beside a long, surely-content article only dilutes it.
    expect(keepForBestF1([0.95, 0.35, 0.05], [600, 50, 300])).toEqual([true, false, false]);
  });

  it('keeps every likely block of a page that is mostly content, short ones included', () => {
    expect(keepForBestF1([0.9, 0.6, 0.8, 0.2], [300, 5, 200, 100])).toEqual([true, true, true, false]);
  });

  it('never keeps a block less probable than one it drops', () => {
    const probabilities = Array.from({ length: 200 }, (_, index) => ((index * 7919) % 1000) / 1000);
    const words = Array.from({ length: 200 }, (_, index) => 1 + ((index * 104729) % 97));
    const keep = keepForBestF1(probabilities, words);
    const lowestKept = Math.min(...probabilities.filter((_, index) => keep[index]));
    const highestDropped = Math.max(...probabilities.filter((_, index) => !keep[index]));
    expect(lowestKept).toBeGreaterThanOrEqual(highestDropped);
    expect(keep.filter(Boolean).length).toBeGreaterThan(0);
    expect(keep.filter(Boolean).length).toBeLessThan(200);
  });

  it('keeps nothing of an empty page', () => {
    expect(keepForBestF1([], [])).toEqual([]);
  });
});

describe('tables', () => {
  const blocksOf = (html: string) => {
    const body = select('body', parseHtml(html)) as Element;
    return contentBlocks(body).blocks;
  };
  const page = `<body><p>Intro of the pack, long enough to read as prose.</p>
    <table><tr><th>Capacity</th><th>Weight</th></tr><tr><td>25 litres</td><td>820 g</td></tr></table>
    <table><tr><td><p>A post laid out in a table cell, as old forums do.</p></td><td>Menu</td></tr></table>
    <p>Closing words.</p></body>`;

  it('judges the cells of a data table as one, and leaves a layout table to its blocks', () => {
    const blocks = blocksOf(page);
    expect(blocks.map((block) => block.text)).toEqual([
      'Intro of the pack, long enough to read as prose.',
      'Capacity',
      'Weight',
      '25 litres',
      '820 g',
      'A post laid out in a table cell, as old forums do.',
      'Menu',
      'Closing words.',
    ]);
    const tableOf = dataTableCells(blocks);
    const probabilities = [0.9, 0.6, 0.2, 0.4, 0.2, 0.8, 0.1, 0.9];
    const words = [10, 1, 1, 2, 2, 11, 1, 2];
    const unit = (0.6 + 0.2 + 0.4 * 2 + 0.2 * 2) / 6;
    const judged = tablesAsUnits(probabilities, words, tableOf);
    expect(judged.map((p) => p.toFixed(3))).toEqual(
      [0.9, unit, unit, unit, unit, 0.8, 0.1, 0.9].map((p) => p.toFixed(3)),
    );
  });

  it('pulls each probability halfway to the mean of the blocks laid out like it, weighed by words', () => {
    const pulled = towardPathGroups([0.9, 0.3, 0.2, 0.6], [10, 30, 5, 1], [0, 0, 1, 1]);
    const first = (0.9 * 10 + 0.3 * 30) / 40;
    const second = (0.2 * 5 + 0.6 * 1) / 6;
    expect(pulled.map((p) => p.toFixed(4))).toEqual(
      [(0.9 + first) / 2, (0.3 + first) / 2, (0.2 + second) / 2, (0.6 + second) / 2].map((p) => p.toFixed(4)),
    );
    // A block alike no other keeps its own.
    expect(towardPathGroups([0.7], [3], [0])).toEqual([0.7]);
  });

  it('judges a big data table by its first 1,000 cells, whose mean the later cells take', () => {
    const rows = Array.from(
      { length: 700 },
      (_, row) => `<tr><td>Station ${row}</td><td>${row} mm</td></tr>`,
    );
    const blocks = blocksOf(
      `<body><p>Rainfall of the year.</p><table>${rows.join('')}</table><p>Notes.</p></body>`,
    );
    const tableOf = dataTableCells(blocks);
    const judged = judgedBlocks(
      tableOf,
      blocks.map((_, index) => index),
    );
    // The intro, the first 1,000 of the 1,400 cells, and the closing notes.
    expect(judged).toEqual([...Array.from({ length: 1001 }, (_, index) => index), 1401]);
    const probabilities = blocks.map((_, index) =>
      judged.includes(index) ? (index % 2 ? 0.8 : 0.4) : undefined,
    );
    const words = blocks.map(() => 2);
    const unit = (500 * 0.8 + 500 * 0.4) / 1000;
    const probability = tablesAsUnits(probabilities, words, tableOf);
    expect(probability[1]?.toFixed(3)).toBe(unit.toFixed(3));
    expect(probability[1400]?.toFixed(3)).toBe(unit.toFixed(3));
    expect([probability[0], probability[1401]]).toEqual([0.4, 0.8]);
  });

  it('judges a path group too big to judge whole by members spread over it, the others taking the last one judged', () => {
    const paragraphs = Array.from({ length: 2_500 }, (_, index) => `<p>Entry ${index} of the log.</p>`);
    const blocks = blocksOf(`<body><h1>Log</h1>${paragraphs.join('')}<footer><p>Contact</p></footer></body>`);
    const tableOf = dataTableCells(blocks);
    const pathGroup = pathGroupIds(blocks);
    const judged = judgedBlocks(tableOf, pathGroup);
    // The heading, 1,000 of the 2,500 entries (the first, then one in every 2.5), and the footer's line.
    expect(judged).toHaveLength(1_002);
    expect(judged.slice(0, 6)).toEqual([0, 1, 4, 6, 9, 11]);
    expect(judged.at(-1)).toBe(2_501);
    const probabilities = blocks.map((_, index) => (judged.includes(index) ? index / 10_000 : undefined));
    const filled = fromJudgedInGroups(probabilities, pathGroup, tableOf);
    expect(filled.slice(0, 6)).toEqual([0, 0.0001, 0.0001, 0.0001, 0.0004, 0.0004]);
    expect(filled.every((probability) => probability !== undefined)).toBe(true);
    // A group no bigger than that is judged whole.
    expect(judgedBlocks(tableOf.slice(0, 900), pathGroup.slice(0, 900))).toHaveLength(900);
  });

  it("leaves a table of one row or one column (a forum's user menu, a row of links) to its cells", () => {
    const blocks = blocksOf(`<body><p>A post about the engine, long enough to read as prose.</p>
      <table><tr><td>microfast</td></tr><tr><td>View Public Profile</td></tr><tr><td>Find More Posts</td></tr></table>
      <table><tr><td>Home</td><td>Forums</td><td>Help</td></tr></table>
      <table><tr><td>Bore</td><td>86 mm</td></tr><tr><td>Stroke</td><td>86 mm</td></tr></table></body>`);
    const tables = dataTableCells(blocks).map((table) => (table ? 'data' : '-'));
    expect(tables).toEqual(['-', '-', '-', '-', '-', '-', '-', 'data', 'data', 'data', 'data']);
  });

  it('keeps a data table that kept text runs on both sides of, and only such a table', () => {
    const tableOf = dataTableCells(blocksOf(page));
    const keep = [true, false, false, false, false, true, false, true];
    expect(keepTablesInKeptText(keep, tableOf)).toEqual([true, true, true, true, true, true, false, true]);
    expect(keepTablesInKeptText([false, ...keep.slice(1)], tableOf)).toEqual([false, ...keep.slice(1)]);
  });
});
