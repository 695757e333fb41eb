import type { Element, Root, RootContent } from 'hast';

/*
 * Plain recursions over a page's elements. unist-util-visit's generic walk tracks every node's
 * ancestors and costs about five times as much per element; extraction walks each page a dozen
 * times, so on its hot paths these two serve instead.
 */

/** Calls `read` on every element under `root`, in document order; `read` returns `false` to skip what an element holds. */
export function eachElement(root: Root | Element, read: (element: Element) => boolean | undefined): void {
  for (const child of root.children) {
    if (child.type !== 'element') continue;
    if (read(child) === false) continue;
    eachElement(child, read);
  }
}

/** The first element under `root`, in document order, that passes `test`, with the node holding it. */
export function findElement(
  root: Root | Element,
  test: (element: Element) => boolean,
): { element: Element; parent: Root | Element } | undefined {
  for (const child of root.children) {
    if (child.type !== 'element') continue;
    if (test(child)) return { element: child, parent: root };
    const found = findElement(child, test);
    if (found) return found;
  }
  return undefined;
}

/** The first element under `root`, in document order, that passes `test`. */
export const firstElement = (
  root: Root | Element,
  test: (element: Element) => boolean,
): Element | undefined => findElement(root, test)?.element;

/** Whether any element under `root` passes `test` (stops at the first). */
export const holdsElement = (root: Root | Element, test: (element: Element) => boolean): boolean =>
  findElement(root, test) !== undefined;

/** Whether any text under `node` is more than whitespace (read without building the text). */
export const holdsText = (node: Root | Element): boolean =>
  node.children.some((child) =>
    child.type === 'text' ? /\S/.test(child.value) : child.type === 'element' && holdsText(child),
  );

/** The elements among a node's children (its text and comments left out). */
export const childElements = (node: Root | Element): Element[] =>
  (node.children as RootContent[]).filter((child): child is Element => child.type === 'element');

/** Whether `element` itself or any element under it passes `test`, as a CSS `select` on it reads. */
export const isOrHolds = (element: Element, test: (element: Element) => boolean): boolean =>
  test(element) || holdsElement(element, test);

/**
 * Removes every element under `root` that `test` picks, with what it holds, top down, and adds to
 * `changed` each node that lost something under it. Children are compacted in place (most
 * elements lose nothing, and a new array for each would be garbage). Whether anything went.
 * `trim`, when given, first edits the children of each node reached (`root` too) by a rule of its
 * own, and says whether it removed any.
 */
export function removeElements(
  root: Root | Element,
  test: (element: Element) => boolean,
  changed?: Set<Root | Element>,
  trim?: (node: Root | Element) => boolean,
): boolean {
  let removed = trim?.(root) ?? false;
  const children = root.children;
  let kept = 0;
  for (let at = 0; at < children.length; at++) {
    const child = children[at] as RootContent;
    if (child.type === 'element') {
      if (test(child)) {
        removed = true;
        continue;
      }
      if (removeElements(child, test, changed, trim)) removed = true;
    }
    // Written and shortened only once something went: a store per child cost a bare walk a quarter of its time.
    if (kept !== at) children[kept] = child;
    kept++;
  }
  if (kept !== children.length) children.length = kept;
  if (removed) changed?.add(root);
  return removed;
}
