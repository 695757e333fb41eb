import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '#config';
import { convertPage } from '#content';
import { createLlmPort } from '#llm';
import { extractStructured, NO_ANSWER, withModel } from '#structured';
import { repoRoot } from '../../support/repo-root.js';
import { wcxbPages } from '../wcxb-pages.js';
import { wordF1 } from '../word-f1.js';
import { ARTICLES } from './articles.js';
import { MENUS } from './menus.js';
import { PRODUCTS } from './products.js';

/**
 * `npm run eval:structured`: exact-match / F1 figures of the local structured methods over the
 * labelled pages in this folder, and of summaries against the meta descriptions of WCXB's pages;
 * with LLM_BASE_URL set, the same questions through the LLM port.
 */
const url = 'http://eval.test/page';
const markdownOf = (html: string) =>
  convertPage({ html, url, formats: ['markdown'], onlyMainContent: true, removeBase64Images: true })
    .markdown ?? '';

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
const tokenF1 = (predicted: string, gold: string) =>
  wordF1(normalise(predicted).split(' ').filter(Boolean), normalise(gold).split(' ').filter(Boolean))[2];
const pct = (value: number) => `${(100 * value).toFixed(1)}%`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);

async function questionFigures(
  answer: (html: string, markdown: string, question: string) => Promise<string>,
) {
  const answerable: { em: number; f1: number; contains: number }[] = [];
  const abstained: number[] = [];
  for (const article of ARTICLES) {
    const html =
      article.html ||
      readFileSync(join(repoRoot, 'test/fixtures/site/pages', `${article.name}.html`), 'utf8');
    const markdown = markdownOf(html);
    for (const { question, answer: gold } of article.questions) {
      const predicted = await answer(html, markdown, question);
      const none = predicted === NO_ANSWER;
      if (gold === null) {
        abstained.push(none ? 1 : 0);
        continue;
      }
      answerable.push({
        em: normalise(predicted) === normalise(gold) ? 1 : 0,
        f1: none ? 0 : tokenF1(predicted, gold),
        contains: !none && normalise(predicted).includes(normalise(gold)) ? 1 : 0,
      });
    }
  }
  return {
    'questions (answerable / unanswerable)': `${answerable.length} / ${abstained.length}`,
    'exact match': pct(mean(answerable.map((entry) => entry.em))),
    'token F1': pct(mean(answerable.map((entry) => entry.f1))),
    'answer holds the gold span': pct(mean(answerable.map((entry) => entry.contains))),
    'unanswerable: says so': pct(mean(abstained)),
  };
}

function productFigures() {
  let expectedFields = 0;
  let predictedFields = 0;
  let correct = 0;
  const perField = new Map<string, number[]>();
  for (const { html, expected } of PRODUCTS) {
    const product = extractStructured({ html, url, markdown: '', request: { product: true } }).product;
    const variant = product?.variants[0];
    const predicted: Record<string, unknown> = {
      title: product?.title,
      brand: product?.brand,
      price: variant?.price?.amount,
      currency: variant?.price?.currency,
      originalPrice: variant?.sale?.originalPrice.amount,
      inStock: variant?.availability.inStock,
    };
    for (const field of ['title', 'brand', 'price', 'currency', 'originalPrice', 'inStock'] as const) {
      const want = expected[field];
      const got = predicted[field];
      if (want !== undefined) expectedFields++;
      if (got !== undefined) predictedFields++;
      const hit = want !== undefined && got === want ? 1 : 0;
      correct += hit;
      if (want !== undefined) perField.set(field, [...(perField.get(field) ?? []), hit]);
    }
  }
  const precision = correct / predictedFields;
  const recall = correct / expectedFields;
  return {
    pages: String(PRODUCTS.length),
    ...Object.fromEntries(
      [...perField].map(([field, hits]) => [`${field} exact`, `${pct(mean(hits))} of ${hits.length}`]),
    ),
    'field precision / recall / F1': `${pct(precision)} / ${pct(recall)} / ${pct((2 * precision * recall) / (precision + recall))}`,
  };
}

function menuFigures() {
  let expectedItems = 0;
  let predictedItems = 0;
  let correct = 0;
  const isMenu: number[] = [];
  const currency: number[] = [];
  const dietary: number[] = [];
  for (const { html, expected } of MENUS) {
    const menu = extractStructured({ html, url, markdown: '', request: { menu: true } }).menu;
    if (!menu) continue;
    isMenu.push(menu.isMenu === expected.isMenu ? 1 : 0);
    currency.push((menu.currency ?? null) === expected.currency ? 1 : 0);
    const items = menu.sections.flatMap((section) => section.items);
    const predicted = items.map((item) => `${normalise(item.name)}|${item.price?.amount}`);
    const wanted = expected.items.map(([name, price]) => `${normalise(name)}|${price}`);
    expectedItems += wanted.length;
    predictedItems += predicted.length;
    correct += predicted.filter((entry) => wanted.includes(entry)).length;
    for (const [name, tags] of Object.entries(expected.dietary ?? {})) {
      const item = items.find((candidate) => normalise(candidate.name) === normalise(name));
      dietary.push(
        item && JSON.stringify([...item.dietary].sort()) === JSON.stringify([...tags].sort()) ? 1 : 0,
      );
    }
  }
  const precision = correct / Math.max(1, predictedItems);
  const recall = correct / Math.max(1, expectedItems);
  return {
    pages: String(MENUS.length),
    'isMenu correct': pct(mean(isMenu)),
    'currency correct': pct(mean(currency)),
    'items (name + price) precision / recall / F1': `${pct(precision)} / ${pct(recall)} / ${pct((2 * precision * recall) / (precision + recall))}`,
    'dietary tags exact': `${pct(mean(dietary))} of ${dietary.length}`,
  };
}

/** Words that say nothing of a page's subject, left out when summaries are compared with descriptions. */
const FUNCTION_WORDS = new Set(
  'the a an and or of to in on for with is are was were be by at from as that this it its your you our we their'.split(
    ' ',
  ),
);
const contentWords = (text: string) =>
  normalise(text)
    .split(' ')
    .filter((word) => word !== '' && !FUNCTION_WORDS.has(word));

/**
 * The summary against what the page's editors wrote of it: the meta description (12 words or more)
 * of every WCXB page that has one, compared by ROUGE-1 (content words), over the whole summary and
 * over its first 40 words (so a longer summary gains nothing).
 */
function summaryFigures() {
  const recall: number[] = [];
  const recallAt40: number[] = [];
  const f1: number[] = [];
  for (const { html, url: pageUrl } of wcxbPages()) {
    const page = convertPage({
      html,
      url: pageUrl,
      formats: ['markdown'],
      onlyMainContent: true,
      removeBase64Images: true,
    });
    const description = [page.metadata.description, page.metadata.ogDescription].flat()[0];
    if (typeof description !== 'string' || description.trim().split(/\s+/).length < 12) continue;
    const markdown = page.markdown ?? '';
    const summary =
      extractStructured({ html, url: pageUrl, markdown, request: { summary: true } }).summary ?? '';
    const reference = contentWords(description);
    const [, whole, f] = wordF1(contentWords(summary), reference);
    recall.push(whole);
    f1.push(f);
    recallAt40.push(wordF1(contentWords(summary.split(/\s+/).slice(0, 40).join(' ')), reference)[1]);
  }
  return {
    'pages with a description': String(recall.length),
    'ROUGE-1 recall / F1': `${pct(mean(recall))} / ${pct(mean(f1))}`,
    'ROUGE-1 recall of the first 40 words': pct(mean(recallAt40)),
  };
}

const print = (title: string, figures: Record<string, string>) => {
  console.log(`\n## ${title}`);
  for (const [figure, value] of Object.entries(figures)) console.log(`${figure.padEnd(48)} ${value}`);
};

print(
  'question → answer, local method',
  await questionFigures(async (html, markdown, question) => {
    return extractStructured({ html, url, markdown, request: { question } }).answer ?? '';
  }),
);
print('product, local method', productFigures());
print('menu, local method', menuFigures());
print('summary against meta descriptions (WCXB), local method', summaryFigures());

const llm = createLlmPort(loadConfig());
if (llm) {
  print(
    `question → answer, model ${llm.model}`,
    await questionFigures(async (html, markdown, question) => {
      const local = extractStructured({ html, url, markdown, request: { question } });
      return (await withModel(llm, local, { question })).answer ?? '';
    }),
  );
} else {
  console.log('\n(no LLM_BASE_URL: figures through the LLM port not measured)');
}
