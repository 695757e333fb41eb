import type { Nodes, Parent, Root } from 'mdast';

/**
 * Line breaks (`<br>`) and spaces where a reader sees them, so the writer never has to escape them:
 * - in a link or a heading a break is a space: link text split over lines reads as two fragments
 *   (`[the\` / `manual](…)`), and a heading with a line in it is written as a setext heading
 *   (`Title` / `-----`) instead of `## Title`;
 * - breaks and spaces at the edge of bold, italic, struck or linked text move out of it:
 *   `<b>Price: </b>$5` would be written `**Price:&#x20;**$5`, `<b>c<br></b>` as `**c\` / `**`;
 * - italics inside a word (`<em>lead</em>ing`) are plain text: `_lead_ing` is no emphasis in
 *   markdown, and the writer would escape the letters around it (`_lea&#x64;_&#x69;ng`);
 * - a run of breaks (`<br><br><br>` used as spacing) is one break, and breaks at the start or end
 *   of a paragraph go: both would read as runs of blank lines.
 */
export function tidyInlineEdges() {
  return (tree: Root) => arrange(tree, false);
}

function arrange(node: Nodes, onOneLine: boolean): void {
  if (!('children' in node)) return;
  const oneLine = onOneLine || ONE_LINE.has(node.type);
  for (const child of node.children) arrange(child, oneLine);
  let children: Nodes[] = node.children;
  if (oneLine) children = children.map((child) => (child.type === 'break' ? space() : child));
  children = joinTexts(withoutItalicsInWords(children.flatMap(edgesOutside)));
  node.children = withoutSpareBreaks(node, children) as typeof node.children;
}

const ONE_LINE = new Set(['heading', 'link', 'linkReference']);
const EDGED = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);
const space = (): Nodes => ({ type: 'text', value: ' ' });
const blank = (node: Nodes | undefined) => node?.type === 'text' && node.value.trim() === '';

/** The node with the breaks and spaces at its edges placed before and after it instead. */
function edgesOutside(node: Nodes): Nodes[] {
  if (!EDGED.has(node.type)) return [node];
  const inner = [...(node as Parent).children] as Nodes[];
  const before = takeEdge(inner, 0, /^\s+/);
  const after = takeEdge(inner, -1, /\s+$/);
  const kept = inner.length > 0 || node.type === 'link' || node.type === 'linkReference';
  return [...before, ...(kept ? [{ ...node, children: inner } as Nodes] : []), ...after];
}

/** Removes the break or the spaces at one end of `inner` (0: start, -1: end) and answers what to put outside. */
function takeEdge(inner: Nodes[], end: 0 | -1, spaces: RegExp): Nodes[] {
  const index = end === 0 ? 0 : inner.length - 1;
  const edge = inner[index];
  if (edge?.type === 'break') {
    inner.splice(index, 1);
    return [{ type: 'break' }];
  }
  if (edge?.type !== 'text' || !spaces.test(edge.value)) return [];
  const value = edge.value.replace(spaces, '');
  if (value === '') inner.splice(index, 1);
  else inner[index] = { ...edge, value };
  return [space()];
}

/** Emphasis that touches a letter or digit outside it, replaced by its content. */
function withoutItalicsInWords(children: Nodes[]): Nodes[] {
  return children.flatMap((child, index): Nodes[] => {
    if (child.type !== 'emphasis') return [child];
    const before = children[index - 1];
    const after = children[index + 1];
    const inWord =
      (before?.type === 'text' && WORD_END.test(before.value)) ||
      (after?.type === 'text' && WORD_START.test(after.value));
    return inWord ? child.children : [child];
  });
}

const WORD_END = /[\p{L}\p{N}]$/u;
const WORD_START = /^[\p{L}\p{N}]/u;

/** Adjacent texts as one, with one space where spaces meet. */
function joinTexts(children: Nodes[]): Nodes[] {
  const joined: Nodes[] = [];
  for (const child of children) {
    const previous = joined.at(-1);
    if (child.type !== 'text' || previous?.type !== 'text') {
      joined.push(child);
      continue;
    }
    const spaced = /\s$/.test(previous.value) && /^\s/.test(child.value);
    const value = spaced
      ? `${previous.value.trimEnd()} ${child.value.trimStart()}`
      : `${previous.value}${child.value}`;
    joined[joined.length - 1] = { ...previous, value };
  }
  return joined;
}

/** The children without a break that follows another, or that opens or ends a paragraph. */
function withoutSpareBreaks(parent: Nodes, children: Nodes[]): Nodes[] {
  const paragraph = parent.type === 'paragraph';
  const kept: Nodes[] = [];
  for (const child of children) {
    const last = kept.findLast((each) => !blank(each));
    if (child.type === 'break' && (last === undefined ? paragraph : last.type === 'break')) continue;
    kept.push(child);
  }
  if (paragraph) while (kept.at(-1)?.type === 'break' || blank(kept.at(-1))) kept.pop();
  return kept;
}
