import { convertPage } from '#content';

/** Pages of `count` repeated parts, each shape one a real site has at scale. */
const SHAPES: Record<string, (count: number) => string> = {
  paragraphs: (count) =>
    `<h1>Log</h1>${parts(count, (i) => `<p>Entry ${i} says something about the coast and its tides.</p>`)}`,
  'table rows': (count) =>
    `<h1>Readings</h1><table>${parts(count, (i) => `<tr><td>${i}</td><td>value ${i}</td><td>${i * 2}</td></tr>`)}</table>`,
  'links in a list': (count) =>
    `<h1>Index</h1><ul>${parts(count, (i) => `<li><a href="/p/${i}">Item ${i}</a></li>`)}</ul>`,
  'sibling boxes': (count) =>
    `<h1>Grid</h1><div>${parts(count, (i) => `<div class="c${i % 7}"><span>Tile ${i}</span></div>`)}</div>`,
  'a list in one table cell': (count) =>
    `<h1>Sizes</h1><table><tr><th>Size</th></tr><tr><td><ul>${parts(count, (i) => `<li>size ${i}</li>`)}</ul></td></tr></table>`,
  'bold labels and line breaks': (count) =>
    `<h1>Specs</h1><p>${parts(count, (i) => `<b>Spec ${i}: </b>value ${i}<br>`)}</p>`,
};

const parts = (count: number, part: (index: number) => string) =>
  Array.from({ length: count }, (_, index) => part(index)).join('');

const SMALL = 8_000;
const LARGE = 32_000;

function seconds(html: string, onlyMainContent = true): number {
  const started = process.hrtime.bigint();
  convertPage({
    html: `<html><body>${html}</body></html>`,
    url: 'https://bench.example/large',
    formats: ['markdown'],
    onlyMainContent,
    removeBase64Images: true,
  });
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/** A data page: a table of 3,000 rows of 20 cells under a short introduction. */
const wideTable = () =>
  `<nav><a href="/">Home</a></nav><h1>Readings</h1><p>${'Hourly readings of every station on the coast. '.repeat(8)}</p>
  <table>${parts(3_000, (row) => `<tr>${parts(20, (column) => `<td>${row * column}</td>`)}</tr>`)}</table>`;

/** A long log: 40,000 paragraphs of one path group under a menu. */
const longLog = () =>
  `<nav><a href="/">Home</a> <a href="/logs">Logs</a></nav><main><h1>Harbour log</h1>${parts(
    40_000,
    (i) => `<p>Entry ${i}: the tide turned at the north pier and the wind backed south-west.</p>`,
  )}</main><footer><p>Harbour office</p></footer>`;

/**
 * onlyMainContent on pages four times larger than a reference page of the same shape, same
 * process: about 4× when extraction and conversion grow linearly with the page, 16× when some step
 * looks at every sibling for every block (a 32,000-row table once took 89 s). Then a wide table
 * and a long log with and without onlyMainContent (2.2× before the classifier judged only a table's
 * first cells; the log 2.7× before it judged only a thousand members of a path group).
 */
export function benchLargePages(): Record<string, string> {
  // Warm up, so JIT compilation is not measured.
  for (const make of Object.values(SHAPES)) seconds(make(500));
  const figures: Record<string, string> = {};
  for (const [shape, make] of Object.entries(SHAPES)) {
    const small = seconds(make(SMALL));
    const large = seconds(make(LARGE));
    figures[`${shape}: ${LARGE} / ${SMALL} parts`] =
      `${(large / small).toFixed(1)}× the time (${large.toFixed(1)} s)`;
  }
  // The classifier judges a big table by its first cells: extraction adds little to converting it.
  const table = wideTable();
  const whole = seconds(table, false);
  const main = seconds(table);
  figures['a 60,000-cell table: onlyMainContent / the whole page'] =
    `${(main / whole).toFixed(2)}× the time (${main.toFixed(1)} s)`;
  const log = longLog();
  const wholeLog = seconds(log, false);
  const mainLog = seconds(log);
  figures['a log of 40,000 paragraphs: onlyMainContent / the whole page'] =
    `${(mainLog / wholeLog).toFixed(2)}× the time (${mainLog.toFixed(1)} s)`;
  return figures;
}
