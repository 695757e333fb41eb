import type { Nodes, PhrasingContent, Root, Text } from 'mdast';
import { eachNode } from './each-node.js';
import { PHRASING_PARENTS } from './inline-edges.js';

/**
 * A GFM table row is one line, so each cell must be too, and so is an ATX heading. Cells of real
 * pages hold blocks (spec tables with a `<p>` per value, a list of sizes, a code sample), and so do
 * headings (a `<div>` title beside a tooltip's text): a list or a code fence would break the row,
 * and two blocks would run together (`<p>one</p><p>two</p>` read `onetwo`). Each block becomes its
 * inline content, blocks and line breaks kept apart by a space; code becomes inline code.
 */
export function cellsAndHeadingsOnOneLine() {
  return (tree: Root) => {
    eachNode(tree, (node) => {
      if (node.type !== 'tableCell' && node.type !== 'heading') return true;
      node.children = tidySpaces(inline(node.children));
      return false;
    });
  };
}

/** The nodes' inline content, appended to `line` (passed down: a cell can hold tens of thousands). */
function inline(nodes: readonly Nodes[], line: PhrasingContent[] = []): PhrasingContent[] {
  const space = () => line.push({ type: 'text', value: ' ' });
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode')
      line.push({ ...node, value: oneLine(node.value) });
    else if (node.type === 'break') space();
    else if (node.type === 'code') {
      space();
      line.push({ type: 'inlineCode', value: oneLine(node.value) });
      space();
    } else if (PHRASING_PARENTS.has(node.type) && 'children' in node)
      line.push({ ...node, children: inline(node.children) } as PhrasingContent);
    else if ('children' in node) {
      // A block: its inline content, apart from what comes before and after it.
      space();
      inline(node.children, line);
      space();
    } else if (node.type !== 'thematicBreak') line.push(node as PhrasingContent);
  }
  return line;
}

const oneLine = (value: string) => value.replace(/\s+/g, ' ');

/** One space between words at most, none at the cell's edges (where the writer would escape it). */
function tidySpaces(line: PhrasingContent[]): PhrasingContent[] {
  const tidied: PhrasingContent[] = [];
  let run: string[] = [];
  const closeRun = () => {
    const value = run.join('').replace(/ {2,}/g, ' ');
    if (value !== '') tidied.push({ type: 'text', value } as Text);
    run = [];
  };
  for (const node of line) {
    if (node.type === 'text') run.push(node.value);
    else {
      closeRun();
      tidied.push(node);
    }
  }
  closeRun();
  const trim = (node: PhrasingContent | undefined, edge: RegExp) => {
    if (node?.type === 'text') node.value = node.value.replace(edge, '');
  };
  trim(tidied[0], /^ +/);
  trim(tidied.at(-1), / +$/);
  return tidied.filter((node) => node.type !== 'text' || node.value !== '');
}
