import type { List, Nodes, PhrasingContent, Root, Text } from 'mdast';
import { defaultHandlers, type Handle } from 'mdast-util-to-markdown';
import { eachNode } from './each-node.js';
import { PHRASING_PARENTS } from './inline-edges.js';

/**
 * A GFM table row is one line, so each cell must be too, and so is an ATX heading. Cells of real
 * pages hold blocks (spec tables with a `<p>` per value, a list of sizes, a code sample), and so do
 * headings (a `<div>` title beside a tooltip's text): a list or a code fence would break the row,
 * and two blocks would run together (`<p>one</p><p>two</p>` read `onetwo`). Each block becomes its
 * inline content. In a cell, blocks and line breaks stay lines, as the reader sees them, written
 * `<br>` as GFM tables allow (`White fish<br>Cold water`, a list's items marked `- `, code a line of
 * inline code each); in a heading they are kept apart by a space.
 */
export function cellsAndHeadingsOnOneLine() {
  return (tree: Root) => {
    eachNode(tree, (node) => {
      if (node.type !== 'tableCell' && node.type !== 'heading') return true;
      const lineBreak: PhrasingContent = node.type === 'tableCell' ? { type: 'break' } : SPACE;
      node.children = tidySpaces(inline(node.children, lineBreak));
      return false;
    });
  };
}

/** A line break in a table cell is written `<br>`, the one a GFM table shows; elsewhere as the writer does. */
export const lineBreakInCell: Handle = (node, parent, state, info) =>
  state.stack.includes('tableCell') ? '<br>' : defaultHandlers.break(node, parent, state, info);

const SPACE: Text = { type: 'text', value: ' ' };

/**
 * The nodes' inline content, appended to `line` (passed down: a cell can hold tens of thousands),
 * with `lineBreak` where a block or a line ends.
 */
function inline(
  nodes: readonly Nodes[],
  lineBreak: PhrasingContent,
  line: PhrasingContent[] = [],
): PhrasingContent[] {
  const apart = () => line.push({ ...lineBreak });
  for (const node of nodes) {
    if (node.type === 'text' || node.type === 'inlineCode')
      line.push({ ...node, value: oneLine(node.value) });
    else if (node.type === 'break') apart();
    else if (node.type === 'code') codeLines(node.value, lineBreak, line);
    else if (PHRASING_PARENTS.has(node.type) && 'children' in node)
      line.push({ ...node, children: inline(node.children, lineBreak) } as PhrasingContent);
    else if (node.type === 'list' && lineBreak.type === 'break') listLines(node, lineBreak, line);
    else if ('children' in node) {
      // A block: its inline content, apart from what comes before and after it.
      apart();
      inline(node.children, lineBreak, line);
      apart();
    } else if (node.type !== 'thematicBreak') line.push(node as PhrasingContent);
  }
  return line;
}

/** A list in a cell: an item a line, marked as the list would be (`- `, or its number). */
function listLines(list: List, lineBreak: PhrasingContent, line: PhrasingContent[]): void {
  list.children.forEach((item, index) => {
    line.push(
      { ...lineBreak },
      { type: 'text', value: list.ordered ? `${(list.start ?? 1) + index}. ` : '- ' },
    );
    // The item's first block starts on the marker's line.
    const [first, ...rest] = item.children;
    if (first?.type === 'paragraph') inline(first.children, lineBreak, line);
    else if (first) inline([first], lineBreak, line);
    inline(rest, lineBreak, line);
    line.push({ ...lineBreak });
  });
}

/** Code in a cell or heading: inline code, a line of it each where lines are kept. */
function codeLines(code: string, lineBreak: PhrasingContent, line: PhrasingContent[]): void {
  const lines = lineBreak.type === 'break' ? code.split('\n').filter((each) => each.trim() !== '') : [code];
  for (const each of lines) line.push({ ...lineBreak }, { type: 'inlineCode', value: oneLine(each) });
  line.push({ ...lineBreak });
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
