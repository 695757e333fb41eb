import type { Handle } from 'hast-util-to-mdast';

/**
 * A `<details>`' `<summary>` as flow content. hast-util-to-mdast writes it as one paragraph, but
 * HTML lets a summary hold headings (rustdoc's method signatures, FAQ accordions titled by an
 * `<h3>`), and a heading inside a paragraph is written on the line of whatever precedes it:
 * `+### Shipping`, `[Source](…)#### pub fn is_ok`. Runs of inline content still become paragraphs.
 */
export const summary: Handle = (state, node) => state.toFlow(state.all(node));
