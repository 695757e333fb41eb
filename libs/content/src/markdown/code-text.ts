import type { Element, ElementContent } from 'hast';
import { BLOCK_TAGS } from '../tree/block-tags.js';

/**
 * The text a `<pre>` shows, its lines as a browser lays them out. Editors and highlighters
 * (CodeMirror, Shiki, Prism's line plugins) write a line per block, often closing it with a `<br>`:
 * `<div>a<br></div><div><br></div><div>b<br></div>` shows `a`, an empty line, `b`. A block element
 * (`BLOCK_TAGS`) starts a new line unless one was just started, and so does its end, so the closing
 * `<br>` adds no line of its own (the innerText algorithm would count it, doubling every line).
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
    const block = BLOCK_TAGS.has(node.tagName);
    if (block) startLine();
    node.children.forEach(lay);
    if (block) startLine();
  };
  pre.children.forEach(lay);
  return text.replace(/\n+$/, '');
}
