import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as mdastToString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { convertPage } from '#content';
import { flag, option } from './command-line.js';
import { heldOutModels } from './extraction-model/fold-models.js';
import { wcxbPages } from './wcxb-pages.js';
import { wordF1, words } from './word-f1.js';

/**
 * `npm run bench:extraction`: runs onlyMainContent + markdown conversion over every page of the
 * WCXB development split and scores it with the benchmark's own metric (word-level F1 of the
 * text against the human-reviewed main content, averaged over pages). The markdown is scored as
 * the text a reader sees: syntax, link targets and image URLs are not words of the page.
 *
 *   npm run bench:extraction [-- --type forum] [-- --worst 20] [-- --sample 3] [-- --results out.json] [-- --markdown DIR] [-- --clean] [-- --versus-full] [-- --fold-models F]
 *
 * `WCXB_DIR` points it at another split (e.g. WCXB's test split); `--results` writes the scored text
 * of every page as `{id: text}`, the input of WCXB's own `evaluate.py --results`; `--markdown DIR`
 * writes each page's markdown as `DIR/<id>.md`, the input of `../shared/bench-data/score.mjs`.
 *
 * The shipped model was trained on this split, so its figures are in-sample. `--fold-models F`
 * (written by `npm run train:extraction -- --fold-models F`) judges each page with the
 * cross-validation model that never saw it: the held-out F1 through markdown, the figure to trust.
 * `--clean` adds onlyCleanContent (the markdown boilerplate classifier) to onlyMainContent.
 * `--versus-full` also converts every page whole (onlyMainContent: false, before the main content on every second page) and prints its time beside, as a ratio:
 * extraction should pay for itself because less of the tree reaches the converter.
 */

interface Score {
  id: string;
  type: string;
  precision: number;
  recall: number;
  f1: number;
  ms: number;
  /** With `--versus-full`: the same page converted whole. */
  fullMs?: number;
}

const BLOCKS = new Set(['paragraph', 'heading', 'tableCell', 'code', 'html']);

/** Markdown → the text a reader sees, one block per line (so words of adjacent blocks never fuse). */
function markdownText(markdown: string): string {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  breaksToNewlines(tree);
  const lines: string[] = [];
  const walk = (node: Nodes) => {
    if (BLOCKS.has(node.type)) {
      lines.push(mdastToString(node, { includeImageAlt: false }));
      return;
    }
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(tree);
  return lines.join('\n');
}

/**
 * A hard line break is a newline to the reader, also written `<br>` in a table cell; mdast-util-to-string
 * drops the first, fusing the words around it, and reads the second as text.
 */
function breaksToNewlines(node: Nodes): void {
  if (!('children' in node)) return;
  node.children = node.children.map((child) => {
    if (child.type === 'break' || (child.type === 'html' && /^<br\s*\/?>$/i.test(child.value)))
      return { type: 'text', value: '\n' };
    breaksToNewlines(child as Nodes);
    return child;
  }) as typeof node.children;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

const onlyType = option('type');
/** `--sample 3`: every third page, for quick iterations; report figures from full runs only. */
const sample = Number(option('sample') ?? 1);
const versusFull = flag('versus-full');
const foldModels = option('fold-models');
const modelFor = foldModels ? heldOutModels(foldModels) : undefined;
const scores: Score[] = [];
const predictions: Record<string, string> = {};
const markdownDir = option('markdown');
if (markdownDir) mkdirSync(markdownDir, { recursive: true });
for (const { id, type, url, html, truth } of wcxbPages({ sample, type: onlyType })) {
  const convert = (onlyMainContent: boolean) => {
    const started = process.hrtime.bigint();
    const { markdown = '' } = convertPage(
      {
        html,
        url,
        formats: ['markdown'],
        onlyMainContent,
        onlyCleanContent: flag('clean'),
        removeBase64Images: true,
      },
      { extractionModel: modelFor?.(id) },
    );
    return { markdown, ms: Number(process.hrtime.bigint() - started) / 1e6 };
  };
  // Whichever runs first collects the garbage of the page before (scoring included): with the whole
  // page first on every second page, neither side pays for that more often.
  const wholeFirst = versusFull && scores.length % 2 === 1;
  const fullBefore = wholeFirst ? convert(false).ms : undefined;
  const { markdown, ms } = convert(true);
  const fullMs = versusFull && !wholeFirst ? convert(false).ms : fullBefore;
  if (markdownDir) writeFileSync(join(markdownDir, `${id}.md`), markdown);
  const text = markdownText(markdown);
  predictions[id] = text;
  const [precision, recall, f1] = wordF1(words(text), words(truth));
  scores.push({ id, type, precision, recall, f1, ms, fullMs });
}

const mean = (list: Score[], key: 'precision' | 'recall' | 'f1') =>
  list.reduce((sum, score) => sum + score[key], 0) / Math.max(1, list.length);
const line = (label: string, list: Score[]) =>
  console.log(
    `${label.padEnd(14)} n=${String(list.length).padStart(4)}  P=${mean(list, 'precision').toFixed(3)}  R=${mean(list, 'recall').toFixed(3)}  F1=${mean(list, 'f1').toFixed(3)}`,
  );
line('overall', scores);
for (const type of [...new Set(scores.map((score) => score.type))].sort()) {
  line(
    type,
    scores.filter((score) => score.type === type),
  );
}
const timeLine = (label: string, times: number[]) =>
  console.log(
    `${label.padEnd(14)} median=${percentile(times, 50).toFixed(1)} ms  p95=${percentile(times, 95).toFixed(1)} ms`,
  );
const times = scores.map((score) => score.ms);
timeLine('time per page', times);
if (versusFull) {
  const fullTimes = scores.map((score) => score.fullMs ?? 0);
  timeLine('whole page', fullTimes);
  const sum = (list: number[]) => list.reduce((total, value) => total + value, 0);
  console.log(
    `main content / whole page: ${(sum(times) / sum(fullTimes)).toFixed(2)} of the conversion time`,
  );
}
const worst = Number(option('worst') ?? 0);
for (const score of [...scores].sort((a, b) => a.f1 - b.f1).slice(0, worst)) {
  console.log(
    `  ${score.id} ${score.type.padEnd(13)} P=${score.precision.toFixed(2)} R=${score.recall.toFixed(2)} F1=${score.f1.toFixed(2)}`,
  );
}
const results = option('results');
if (results) writeFileSync(results, JSON.stringify(predictions));
