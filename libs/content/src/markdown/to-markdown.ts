import type { Root } from 'hast';
import type { Link, Root as MdastRoot, Nodes, Parents } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { languagesFromWrappers, preWithLanguage } from './code-language.js';
import { eachNode } from './each-node.js';
import { imageOrEmoji } from './emoji-images.js';
import { withoutEmptyBlocks } from './empty-blocks.js';
import { math, mathHandlers } from './formulas.js';
import { headingPermalinks } from './heading-permalinks.js';
import { tidyInlineEdges } from './inline-edges.js';
import { linksIntoBlocks } from './links-into-blocks.js';
import { cellsAndHeadingsOnOneLine, lineBreakInCell } from './one-line-blocks.js';
import { shownElements } from './shown-elements.js';
import { summary } from './summaries.js';
import { table } from './tables.js';
import { spaceTouchingInlines } from './touching-inlines.js';

/** Lists as people write them: no blank lines between items, nested lists directly under their item. */
function tightLists() {
  return (tree: MdastRoot) => {
    eachNode(tree, (node) => {
      if (node.type === 'list' || node.type === 'listItem') node.spread = false;
      return true;
    });
  };
}

/** A heading is bold already: `<h2><strong>Setup</strong></h2>` is `## Setup`, not `## **Setup**`. */
function headingsWithoutBold() {
  return (tree: MdastRoot) => {
    eachNode(tree, (node) => {
      if (node.type !== 'heading') return true;
      const [only] = node.children;
      if (node.children.length === 1 && only?.type === 'strong') node.children = only.children;
      return true;
    });
  };
}

/**
 * Links as a reader can follow them. One that leads nowhere (`<a>` without `href`, or a `javascript:`
 * action) is its text: written as a link it would read `[Sort by price]()`. A link inside a link is
 * its content, as markdown links cannot nest: a video in a product card's link (the converter writes
 * a video as a link to its file) would read as stray brackets and the card's bare URL.
 */
function followableLinks() {
  const unwrap = (node: Nodes, inLink: boolean): void => {
    if (!('children' in node)) return;
    const inside = inLink || (node.type === 'link' && !leadsNowhere(node));
    for (const child of node.children) unwrap(child, inside);
    if (node.children.some((child) => isUnfollowable(child, inside)))
      node.children = (node.children as Nodes[]).flatMap((child): Nodes[] =>
        isUnfollowable(child, inside) ? child.children : [child],
      ) as typeof node.children;
  };
  return (tree: MdastRoot) => unwrap(tree, false);
}

/** A link that leads nowhere, or any link inside a link (`inLink`). */
const isUnfollowable = (node: Nodes, inLink: boolean): node is Link =>
  node.type === 'link' && (inLink || leadsNowhere(node));

const leadsNowhere = (node: Nodes): node is Link =>
  node.type === 'link' && (node.url.trim() === '' || /^javascript:/i.test(node.url.trim()));

/** An escaped `&` that cannot start a character reference: only `&name;` or `&#n;` could. */
const NEEDLESS_AMPERSAND = /\\&(?![#A-Za-z0-9]+;)/g;

/**
 * URLs as written (`?v=1&width=360`, `/wiki/Mojo_(language)`): the writer escapes every `&` before a
 * letter, as it could start a character reference, but only `&name;` would, so only that stays
 * escaped; and every parenthesis, though balanced ones may stand bare in a link's destination.
 */
function destinationsAsWritten(handle: Handle): Handle {
  return (node, parent, state, info) => {
    const safe = state.safe;
    state.safe = (value, config) => {
      const written = safe.call(state, value, config);
      const construct = state.stack.at(-1);
      if (construct !== 'destinationRaw' && construct !== 'destinationLiteral') return written;
      const url = written.replace(NEEDLESS_AMPERSAND, '&');
      const bare = url.replace(/\\([()])/g, '$1');
      return construct === 'destinationRaw' && balanced(bare) ? bare : url;
    };
    try {
      return handle(node, parent, state, info);
    } finally {
      state.safe = safe;
    }
  };
}

/** Whether every `)` closes a `(` before it and none stays open. */
function balanced(url: string): boolean {
  let depth = 0;
  for (const character of url) {
    if (character === '(') depth++;
    else if (character === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * Text as written where the writer's escapes guard against nothing a reader would see: an `&` that
 * cannot start a character reference (`S&P 500`), an `_` inside a word (`snake_case` cannot open
 * emphasis), brackets in running text (`[we]`, `[1-3]`: the markdown defines no references, so
 * only brackets followed by `(`, `[` or `:` could make a link), and the marks of a bare URL or
 * address (`https\://www\.x.test`), which GFM then links by itself, reading the same, and a `*` or
 * `~` with spaces on both sides and words before it on its line (`5 * 3`, `x ~ y`: emphasis and
 * strikethrough cannot open or close between spaces, and only a line's start makes a list item). What the text
 * starts or ends with stays escaped, as the writer put it: what stands beside it is not known here
 * (a line's start, where `[ ]` is a task; a hard break's `\` or emphasis that a bare URL would take
 * into its link) — except a URL that ends its paragraph, heading or cell, where nothing follows it.
 */
const textAsWritten: Handle = (node, parent, state, info) => {
  const written = defaultHandlers.text(node, parent, state, info);
  // Most text has no escape at all: it is read once more, not rewritten five times.
  if (!written.includes('\\')) return written;
  return (
    written
      .replace(NEEDLESS_AMPERSAND, '&')
      .replace(/(?<=[\p{L}\p{N}])\\_(?=[\p{L}\p{N}])/gu, '_')
      .replace(/(?<=\S[ \t]+)\\([*~])(?=[ \t]+\S)/g, '$1')
      .replace(endsItsBlock(node, parent) ? /\S+(?=\s|$)/g : /\S+(?=\s)/g, (word) => {
        const bare = word
          .replace(/(?<=[ps])\\:(?=\/)/g, ':')
          .replace(/(?<=[Ww])\\\.(?=[-.\w])/g, '.')
          .replace(/(?<=[+\-.\w])\\@(?=[-.\w])/g, '@');
        return bare.includes('\\') ? word : bare;
      })
      // Inside a link's text the writer escapes both brackets, which stay: only `\[…]` is bared.
      .replace(/(?<=.)\\\[([^[\]\\]*\])(?=[^([:])/g, '[$1')
  );
};

/** The text is the last of a paragraph, heading or table cell: nothing stands after it. */
function endsItsBlock(node: Nodes, parent: Parents | undefined): boolean {
  return (
    parent !== undefined &&
    (parent.type === 'paragraph' || parent.type === 'heading' || parent.type === 'tableCell') &&
    parent.children.at(-1) === node
  );
}

/** hast → mdast → GFM markdown: ATX headings, `-` bullets, fenced code, tables kept as tables. */
const processor = unified()
  .use(spaceTouchingInlines)
  .use(linksIntoBlocks)
  .use(languagesFromWrappers)
  .use(headingPermalinks)
  // In place: the tree is the writer's to reshape, and nothing reads it after the markdown (the
  // copy hast-util-to-mdast makes otherwise is 2% of converting a page, more in collecting it).
  .use(rehypeRemark, {
    inPlace: true,
    newlines: false,
    handlers: {
      ...shownElements,
      summary,
      table,
      math,
      img: imageOrEmoji,
      pre: preWithLanguage,
      // `<wbr>` only marks where a long word may wrap: hast-util-to-mdast writes a zero-width space there,
      // which splits the word for whoever reads the text (a browser copies nothing).
      wbr: () => undefined,
    },
  })
  .use(tightLists)
  .use(followableLinks)
  .use(headingsWithoutBold)
  .use(cellsAndHeadingsOnOneLine)
  // Empty nodes go first: an image without a source dropped later would leave the space before it at a paragraph's end.
  .use(withoutEmptyBlocks)
  .use(tidyInlineEdges)
  .use(remarkGfm, { tablePipeAlign: false })
  .use(remarkStringify, {
    bullet: '-',
    fence: '`',
    fences: true,
    rule: '-',
    emphasis: '_',
    strong: '*',
    listItemIndent: 'one',
    tightDefinitions: true,
    handlers: {
      link: destinationsAsWritten(defaultHandlers.link),
      image: destinationsAsWritten(defaultHandlers.image),
      text: textAsWritten,
      break: lineBreakInCell,
      ...mathHandlers,
    },
  });

/** A `data:` image's destination, also where the writer wraps it in `<…>` (an inline SVG with spaces). */
const BASE64_IMAGE = /\]\((?:<data:image\/[^>]*>|data:image\/[^)]*)\)/g;

/** The tree's markdown. The tree is used up: the writer changes it as it reads. */
export function toMarkdown(tree: Root, options: { removeBase64Images: boolean }): string {
  const mdast = processor.runSync(tree);
  let markdown = processor.stringify(mdast);
  if (options.removeBase64Images) markdown = markdown.replace(BASE64_IMAGE, '](<Base64-Image-Removed>)');
  return tidy(markdown);
}

/**
 * No runs of blank lines, no trailing spaces, no blank start or end; code is left as written (its
 * blank lines and spaces are the author's).
 */
function tidy(markdown: string): string {
  const lines: string[] = [];
  let closing: RegExp | undefined;
  for (const line of markdown.split('\n')) {
    if (closing) {
      lines.push(line);
      if (closing.test(line)) closing = undefined;
      continue;
    }
    const tidied = line.replace(/[ \t]+$/, '');
    if (tidied === '' && lines.at(-1) === '') continue;
    lines.push(tidied);
    // The writer closes a fence with as many backticks as opened it (more than any run inside).
    const fence = FENCE_OPENING.exec(line)?.[1];
    if (fence) closing = new RegExp(`^[ >]*\`{${fence.length},}\\s*$`);
  }
  return lines.join('\n').trim();
}

/** A code fence as the writer opens one, inside list items and block quotes too. */
const FENCE_OPENING = /^(?:[ >]|[-*+] |\d+[.)] )*(`{3,})[^`]*$/;
