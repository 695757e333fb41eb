import type { LayoutBlock, TextLine } from './text-run.js';

/** Lines at the top and at the bottom of a page where running heads and feet stand. */
const BAND_LINES = 2;
/** Running heads repeat on the next page, or on the next but one when odd and even pages differ. */
const MAX_PAGES_APART = 2;
/** Points a running head may move from page to page. */
const SAME_HEIGHT = 2;
/** A page number alone: arabic, or roman as front matter is numbered. */
const PAGE_NUMBER = /^(\d{1,4}|[ivxlc]{1,7})$/i;

/**
 * Each page's lines without its running heads and feet: the document's or chapter's name, "Page 3
 * of 17", a bare page number. Printed on every page, read as text they repeat on every page and
 * cut the paragraph that runs over the page break in two. A line is furniture when it stands among
 * the top or bottom lines of its page and the same line (any number read as any other) stands at
 * the same height, in the same size, on a page at most two away, and so is a bare page number
 * standing where such lines stand on the pages around it. The title page's title, larger than the
 * running head that repeats it, stays; so does body text, which does not repeat.
 */
export function withoutPageFurniture(pages: TextLine[][]): TextLine[][] {
  const furniture = new Set<TextLine>();
  for (const band of ['top', 'bottom'] as const) {
    const alike = new Map<string, { line: TextLine; page: number }[]>();
    pages.forEach((lines, page) => {
      for (const line of bandLines(lines, band)) {
        const key = `${furnitureKey(line.text)}|${Math.round(line.fontSize)}`;
        alike.set(key, [...(alike.get(key) ?? []), { line, page }]);
      }
    });
    for (const group of alike.values()) {
      for (const one of group) {
        const repeated = group.some(
          (other) =>
            other.page !== one.page &&
            Math.abs(other.page - one.page) <= MAX_PAGES_APART &&
            Math.abs(other.line.y - one.line.y) <= SAME_HEIGHT,
        );
        if (repeated) furniture.add(one.line);
      }
    }
  }
  // A chapter's first page prints its number alone where the pages around print running heads.
  pages.forEach((lines, page) => {
    const nearby = pages
      .slice(Math.max(0, page - MAX_PAGES_APART), page + MAX_PAGES_APART + 1)
      .flat()
      .filter((line) => furniture.has(line));
    for (const line of [...bandLines(lines, 'top'), ...bandLines(lines, 'bottom')]) {
      const atHeadsPlace = nearby.some(
        (head) =>
          Math.abs(head.y - line.y) <= SAME_HEIGHT && Math.round(head.fontSize) === Math.round(line.fontSize),
      );
      if (PAGE_NUMBER.test(line.text.trim()) && atHeadsPlace) furniture.add(line);
    }
  });
  return pages.map((lines) => lines.filter((line) => !furniture.has(line)));
}

/** A page's highest or lowest lines (baselines grow upwards). */
function bandLines(lines: TextLine[], band: 'top' | 'bottom'): TextLine[] {
  const byHeight = [...lines].sort((a, b) => (band === 'top' ? b.y - a.y : a.y - b.y));
  return byHeight.slice(0, BAND_LINES);
}

/** The line's text as the pages repeat it: numbers (page, chapter) vary from page to page. */
function furnitureKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

/**
 * The pages' blocks in one list, a paragraph cut by a page break joined again: a page that ends
 * mid-sentence and a next page that starts with a paragraph in lower case.
 */
export function joinPages(pages: LayoutBlock[][]): LayoutBlock[] {
  const blocks: LayoutBlock[] = [];
  for (const page of pages) {
    const [first, ...rest] = page;
    const last = blocks.at(-1);
    if (
      first?.type === 'paragraph' &&
      last?.type === 'paragraph' &&
      !/[.!?:;]["'”’)]?$/.test(last.text) &&
      /^\p{Ll}/u.test(first.text)
    ) {
      blocks[blocks.length - 1] = { type: 'paragraph', text: `${last.text} ${first.text}` };
      blocks.push(...rest);
    } else blocks.push(...page);
  }
  return blocks;
}
