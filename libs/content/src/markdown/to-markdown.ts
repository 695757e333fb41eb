import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { languagesFromWrappers, preWithLanguage } from './code-language.js';
import { headingPermalinks } from './heading-permalinks.js';
import { linksIntoBlocks } from './links-into-blocks.js';
import { spaceTouchingInlines } from './touching-inlines.js';

/** Lists as people write them: no blank lines between items, nested lists directly under their item. */
function tightLists() {
  return (tree: MdastRoot) => {
    visit(tree, (node) => {
      if (node.type === 'list' || node.type === 'listItem') node.spread = false;
    });
  };
}

/**
 * A link that leads nowhere (`<a>` without `href`, or a `javascript:` action) is its text: written as
 * a link it would read `[Sort by price]()`.
 */
function linksWithoutDestination() {
  return (tree: MdastRoot) => {
    visit(tree, 'link', (node, index, parent) => {
      if (node.url.trim() !== '' && !/^javascript:/i.test(node.url.trim())) return;
      if (!parent || index === undefined) return;
      parent.children.splice(index, 1, ...node.children);
      return index;
    });
  };
}

/** hast → mdast → GFM markdown: ATX headings, `-` bullets, fenced code, tables kept as tables. */
const processor = unified()
  .use(spaceTouchingInlines)
  .use(linksIntoBlocks)
  .use(languagesFromWrappers)
  .use(headingPermalinks)
  .use(rehypeRemark, { newlines: false, handlers: { pre: preWithLanguage } })
  .use(tightLists)
  .use(linksWithoutDestination)
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
  });

const BASE64_IMAGE = /\]\(data:image\/[^)]*\)/g;

export function toMarkdown(tree: Root, options: { removeBase64Images: boolean }): string {
  const mdast = processor.runSync(tree);
  let markdown = processor.stringify(mdast);
  if (options.removeBase64Images) markdown = markdown.replace(BASE64_IMAGE, '](<Base64-Image-Removed>)');
  return tidy(markdown);
}

/** No runs of blank lines, no trailing spaces, no blank start or end. */
function tidy(markdown: string): string {
  return markdown
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
