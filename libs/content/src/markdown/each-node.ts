import type { Nodes } from 'mdast';

/**
 * Calls `read` on `root` and every node under it, top down; the children `read` leaves a node
 * with are the ones walked next, and `false` skips them. A plain recursion: unist-util-visit's
 * generic walk tracks every node's ancestors at several times the cost, and every page's
 * markdown is walked by each step that tidies it.
 */
export function eachNode(root: Nodes, read: (node: Nodes) => boolean | undefined): void {
  if (read(root) === false || !('children' in root)) return;
  for (const child of root.children) eachNode(child, read);
}
