import type { Handle } from 'hast-util-to-mdast';

/** Its children, as the converter writes any element it does not know. */
const children: Handle = (state, node) => state.all(node);

/**
 * Elements hast-util-to-mdast leaves out that a reader sees: the Shadow DOM v0 tags (`<content>`,
 * `<element>`, `<shadow>`), which browsers no longer know and so show their children as for any
 * unknown tag (some CMSs still wrap the page's text in `<content>`).
 */
export const shownElements: Record<string, Handle> = {
  content: children,
  element: children,
  shadow: children,
};
