import type { Root } from 'hast';
import type { Root as MdastRoot } from 'mdast';
import rehypeRemark from 'rehype-remark';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { preWithLanguage } from './code-language.js';
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

/** hast → mdast → GFM markdown: ATX headings, `-` bullets, fenced code, tables kept as tables. */
const processor = unified()
  .use(spaceTouchingInlines)
  .use(linksIntoBlocks)
  .use(rehypeRemark, { newlines: false, handlers: { pre: preWithLanguage } })
  .use(tightLists)
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
