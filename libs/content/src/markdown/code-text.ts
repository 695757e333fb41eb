import type { Element, ElementContent } from 'hast';

/** Elements a browser lays out as blocks by default: each starts and ends a line of code. */
const BLOCKS = new Set(
  'address article aside blockquote dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tr ul'.split(
    ' ',
  ),
);

/**
 * The text a `<pre>` shows, its lines as a browser lays them out. Editors and highlighters
 * (CodeMirror, Shiki, Prism's line plugins) write a line per block, often closing it with a `<br>`:
 * `<div>a<br></div><div><br></div><div>b<br></div>` shows `a`, an empty line, `b`. A block starts
 * a new line unless one was just started, and so does its end, so the closing `<br>` adds no line of
 * its own (the innerText algorithm would count it, doubling every line).
 */
export function codeText(pre: Element): string {
  let text = '';
  const startLine = () => {
    if (text !== '' && !text.endsWith('\n')) text += '\n';
  };
  const lay = (node: ElementContent) => {
    if (node.type === 'text') text += node.value;
    if (node.type !== 'element') return;
    if (node.tagName === 'br') {
      text += '\n';
      return;
    }
    const block = BLOCKS.has(node.tagName);
    if (block) startLine();
    node.children.forEach(lay);
    if (block) startLine();
  };
  pre.children.forEach(lay);
  return text.replace(/\n+$/, '');
}
