import type { Element } from 'hast';
import { defaultHandlers, type Handle } from 'hast-util-to-mdast';

/** Its children, as the converter writes any element it does not know. */
const children: Handle = (state, node) => state.all(node);

const isCaption = (node: Element['children'][number]): node is Element =>
  node.type === 'element' && node.tagName === 'caption';

/**
 * A table's `<caption>` (its title: "Table 2. Boiling points") as a paragraph before the table, where a
 * browser shows it: GFM tables have no place for one, so hast-util-to-mdast leaves it out. A table in
 * a table is written as its text, caption and all.
 */
const tableWithCaption: Handle = (state, node) => {
  const caption = state.inTable ? undefined : node.children.find(isCaption);
  const table = defaultHandlers.table(state, node);
  if (!caption || !table) return table;
  return [...state.toFlow(state.all(caption)), ...(Array.isArray(table) ? table : [table])];
};

/**
 * Elements hast-util-to-mdast leaves out that a reader sees: the Shadow DOM v0 tags (`<content>`,
 * `<element>`, `<shadow>`), which browsers no longer know and so show their children as for any
 * unknown tag (some CMSs still wrap the page's text in `<content>`), and table captions.
 */
export const shownElements: Record<string, Handle> = {
  content: children,
  element: children,
  shadow: children,
  table: tableWithCaption,
};
