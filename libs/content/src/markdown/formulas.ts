import type { Element } from 'hast';
import { toHtml } from 'hast-util-to-html';
import type { Handle as ToMdastHandle } from 'hast-util-to-mdast';
import { toString as hastToString } from 'hast-util-to-string';
import { MathMLToLaTeX } from 'mathml-to-latex';
import { type Math as FlowMath, type InlineMath, mathToMarkdown } from 'mdast-util-math';
import type { Handle as ToMarkdownHandle } from 'mdast-util-to-markdown';

/**
 * A `<math>` element as TeX: `$…$` in a line, `$$…$$` on lines of its own when displayed. The TeX
 * is the author's where the page keeps it (`alttext`, where cleaning put the TeX annotation that
 * KaTeX and MediaWiki write), otherwise converted from the MathML.
 */
export const math: ToMdastHandle = (state, node) => {
  const value = texOf(node);
  if (value === '') return undefined;
  const result: FlowMath | InlineMath =
    node.properties.display === 'block' ? { type: 'math', value } : { type: 'inlineMath', value };
  state.patch(node, result);
  return result;
};

function texOf(node: Element): string {
  const written = node.properties.alttext;
  if (typeof written === 'string' && written.trim() !== '') return withoutStyleWrapper(written.trim());
  try {
    return MathMLToLaTeX.convert(toHtml(node)).trim();
  } catch {
    // MathML that is not well-formed XML: its text is what a reader would see of it.
    return hastToString(node).trim();
  }
}

/** `{\displaystyle E=mc^{2}}` (MediaWiki wraps every formula so) → `E=mc^{2}`. */
const withoutStyleWrapper = (tex: string) =>
  tex.replace(/^\{\\(?:display|text)style\s*([\s\S]*)\}$/, '$1').trim();

/**
 * How the writer writes math nodes: only the extension's handlers, as its escapes would write
 * every dollar of running text as `\$` (`\$9.50`) for the few pages with formulas. In a table
 * cell a `|` would end the cell, so it is escaped there, as GFM reads it inside code.
 */
const handlers = mathToMarkdown().handlers ?? {};
const escapedInCells =
  (handle: ToMarkdownHandle): ToMarkdownHandle =>
  (node, parent, state, info) => {
    const written = handle(node, parent, state, info);
    return state.stack.includes('tableCell') ? written.replace(/\|/g, '\\|') : written;
  };
export const mathHandlers: Record<string, ToMarkdownHandle> = {
  ...(handlers.math ? { math: handlers.math } : {}),
  ...(handlers.inlineMath ? { inlineMath: escapedInCells(handlers.inlineMath) } : {}),
};
