import type { Delete, Emphasis, Nodes, Parent, Root, Strong } from 'mdast';

/**
 * Line breaks (`<br>`) and spaces where a reader sees them, so the writer never has to escape them:
 * - in a link or a heading a break is a space: link text split over lines reads as two fragments
 *   (`[the\` / `manual](…)`), and a heading with a line in it is written as a setext heading
 *   (`Title` / `-----`) instead of `## Title`;
 * - breaks and spaces at the edge of bold, italic, struck or linked text move out of it:
 *   `<b>Price: </b>$5` would be written `**Price:&#x20;**$5`, `<b>c<br></b>` as `**c\` / `**`;
 * - emphasis markdown cannot write where it stands is plain text: `_lead_ing` and `**7.3/**10` are
 *   no emphasis in markdown, and the writer would escape the letters around them (`_lea&#x64;_&#x69;ng`);
 * - a run of breaks (`<br><br><br>` used as spacing) is one break, and breaks and spaces at the
 *   start or end of a paragraph, heading or table cell go: they would read as blank lines, or be
 *   written as `&#x20;`.
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
  children = joinTexts(withoutUnwritableEmphasis(children.flatMap(edgesOutside)));
  node.children = withoutSpareBreaks(node, children) as typeof node.children;
}

const ONE_LINE = new Set(['heading', 'link', 'linkReference']);
/** Inline nodes that hold inline content: bold, italic, struck and linked text. */
export const PHRASING_PARENTS = new Set(['emphasis', 'strong', 'delete', 'link', 'linkReference']);
const space = (): Nodes => ({ type: 'text', value: ' ' });
const blank = (node: Nodes | undefined) => node?.type === 'text' && node.value.trim() === '';

/** The node with the breaks and spaces at its edges placed before and after it instead. */
function edgesOutside(node: Nodes): Nodes[] {
  if (!PHRASING_PARENTS.has(node.type)) return [node];
  const inner = [...(node as Parent).children] as Nodes[];
  const before = takeEdges(inner, 0, /^\s+/);
  const after = takeEdges(inner, -1, /\s+$/).reverse();
  const kept = inner.length > 0 || node.type === 'link' || node.type === 'linkReference';
  return [...before, ...(kept ? [{ ...node, children: inner } as Nodes] : []), ...after];
}

/**
 * Removes every break and space at one end of `inner` (0: start, -1: end), nearest the edge first,
 * and answers what to put outside: `<b><br>&nbsp;Permits</b>` has both.
 */
function takeEdges(inner: Nodes[], end: 0 | -1, spaces: RegExp): Nodes[] {
  const taken: Nodes[] = [];
  for (let edge = takeEdge(inner, end, spaces); edge.length > 0; edge = takeEdge(inner, end, spaces))
    taken.push(...edge);
  return taken;
}

/** Removes the break or the spaces at one end of `inner` (0: start, -1: end) and answers what to put outside. */
function takeEdge(inner: Nodes[], end: 0 | -1, spaces: RegExp): Nodes[] {
  const index = end === 0 ? 0 : inner.length - 1;
  const edge = inner[index];
  if (edge?.type === 'break') {
    inner.splice(index, 1);
    return [{ type: 'break' }];
  }
  return cutText(inner, end, spaces) === undefined ? [] : [space()];
}

/**
 * Removes what `pattern` (anchored to that end) matches of the text at one end of `inner`
 * (0: start, -1: end), dropping the text if nothing is left, and answers what it removed.
 */
function cutText(inner: Nodes[], end: 0 | -1, pattern: RegExp): string | undefined {
  const index = end === 0 ? 0 : inner.length - 1;
  const edge = inner[index];
  if (edge?.type !== 'text') return undefined;
  const cut = pattern.exec(edge.value)?.[0];
  if (cut === undefined) return undefined;
  const value =
    end === 0 ? edge.value.slice(cut.length) : edge.value.slice(0, edge.value.length - cut.length);
  if (value === '') inner.splice(index, 1);
  else inner[index] = { ...edge, value };
  return cut;
}

/**
 * Emphasis markdown cannot write where it stands, replaced by its content. A delimiter run that
 * touches a letter or digit outside (anything but a space or a mark) may not have punctuation
 * inside (`**(ICAEW)**s`, `**7.3/**10`), and `_` may not touch one at all (`_lead_ing`): the writer
 * would escape the letters around it.
 */
function withoutUnwritableEmphasis(children: Nodes[]): Nodes[] {
  let unwrapped = false;
  const written = children.flatMap((child, index): Nodes[] => {
    if (!isEmphasis(child)) return [child];
    const before = writtenEdge(children[index - 1], -1);
    const after = writtenEdge(children[index + 1], 0);
    const underscore = child.type === 'emphasis';
    // A delimiter next to a space, a mark or the line's edge can always open or close.
    const unwritable = (outside: string | undefined, inside: string | undefined) =>
      outside !== undefined &&
      !/\s/.test(outside) &&
      !MARK.test(outside) &&
      (underscore || (inside !== undefined && MARK.test(inside)));
    if (
      !unwritable(before, writtenEdge(child.children[0], 0)) &&
      !unwritable(after, writtenEdge(child.children.at(-1), -1))
    )
      return [withoutNestedEmphasis(child, [])];
    unwrapped = true;
    return punctuationOutside(child) ?? child.children;
  });
  // What was inside now touches the same neighbours: `_**7.3/**_10` leaves `**7.3/**10`.
  return unwrapped ? withoutUnwritableEmphasis(written) : written;
}

/**
 * Emphasis whose words are set apart by a space from punctuation at its edge, with that punctuation
 * and space moved outside it: `real<b>: Those cups</b>` can be written `real: **Those cups**`, where
 * `real**: Those cups**` cannot. Undefined when there is none to move.
 */
function punctuationOutside(node: Emphasis | Strong | Delete): Nodes[] | undefined {
  const inner = [...node.children] as Nodes[];
  const lead = cutText(inner, 0, /^[\p{P}\p{S}]+\s+(?=\S)/u);
  const trail = cutText(inner, -1, /(?<=\S)\s+[\p{P}\p{S}]+$/u);
  if (!lead && !trail) return undefined;
  return [
    ...(lead ? [{ type: 'text', value: lead } as Nodes] : []),
    { ...node, children: inner } as Nodes,
    ...(trail ? [{ type: 'text', value: trail } as Nodes] : []),
  ];
}

const MARK = /[\p{P}\p{S}]/u;

/**
 * The character the writer puts at one end of a node (0: first, -1: last): a text's own, a mark
 * for everything else (`[` and `)` of a link, `!` of an image, the delimiters of emphasis and code),
 * a line end for a break. A delimiter beside a link touches its bracket, not the link's words.
 */
function writtenEdge(node: Nodes | undefined, end: 0 | -1): string | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'text') return node.value.at(end);
  return node.type === 'break' ? '\n' : '[';
}

/**
 * Bold inside bold is bold, as a browser shows it (`<strong><b>Q:</b> How…</strong>`): written
 * nested, the inner one takes `__`, which cannot close inside a word (`**__Q: &#x48;__&#x6F;w…**`).
 * The same for italic in italic and struck in struck text. Done only once the outer one is known to
 * be written: where it is not, the inner one is what is left of the page's emphasis.
 */
function withoutNestedEmphasis<T extends Nodes>(node: T, around: readonly string[]): T {
  if (!('children' in node)) return node;
  const inside = EMPHASIS.has(node.type) ? [...around, node.type] : around;
  let changed = false;
  const children = (node.children as Nodes[]).flatMap((child): Nodes[] => {
    const flat = withoutNestedEmphasis(child, inside);
    if (flat !== child) changed = true;
    if (!inside.includes(flat.type) || !('children' in flat)) return [flat];
    changed = true;
    return flat.children as Nodes[];
  });
  return changed ? { ...node, children } : node;
}
const EMPHASIS = new Set(['emphasis', 'strong', 'delete']);
const isEmphasis = (node: Nodes): node is Emphasis | Strong | Delete => EMPHASIS.has(node.type);

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

/** Blocks that hold blocks, not text. */
const FLOW = new Set(['root', 'blockquote', 'listItem']);
/** Blocks that are lines of text: spaces and breaks at their edges show nothing. */
const LINES = new Set(['paragraph', 'heading', 'tableCell']);

/**
 * The children without a break that follows another, nor breaks and spaces at the edges of a line
 * (a break ends one: the writer would write a space after it as `&#x20;`).
 */
function withoutSpareBreaks(parent: Nodes, children: Nodes[]): Nodes[] {
  const line = LINES.has(parent.type);
  let kept: Nodes[] = [];
  const flow = FLOW.has(parent.type);
  for (const child of children) {
    const last = kept.findLast((each) => !blank(each));
    // Between blocks (invalid markup: `<ul><b>Minimum:</b><br><ul>`) a break ends no line of text.
    if (child.type === 'break' && (flow || (last === undefined ? line : last.type === 'break'))) continue;
    kept.push(child);
  }
  kept = kept.flatMap((child, index): Nodes[] => {
    if (child.type !== 'text') return [child];
    let value = child.value;
    if (kept[index - 1]?.type === 'break') value = value.trimStart();
    if (kept[index + 1]?.type === 'break') value = value.trimEnd();
    return value === '' ? [] : [{ ...child, value }];
  });
  if (!line) return kept;
  while (kept[0] !== undefined && blank(kept[0])) kept.shift();
  while (kept.at(-1)?.type === 'break' || blank(kept.at(-1))) kept.pop();
  const [first] = kept;
  if (first?.type === 'text') kept[0] = { ...first, value: first.value.trimStart() };
  const last = kept.at(-1);
  if (last?.type === 'text') kept[kept.length - 1] = { ...last, value: last.value.trimEnd() };
  return kept;
}
