import type { Element, Root } from 'hast';
import { matches, select } from 'hast-util-select';
import { SKIP, visit } from 'unist-util-visit';

/**
 * The reference service's boilerplate list: the floor `onlyMainContent` starts from.
 * (API-NOTES.md: header, footer, nav, aside, sidebars, modals, ads, language selectors, social
 * and share widgets, menus, breadcrumbs, cookie banners.)
 */
export const BOILERPLATE_SELECTOR = [
  'header',
  'footer',
  'nav',
  'aside',
  '.header',
  '.top',
  '.navbar',
  '#header',
  '.footer',
  '.bottom',
  '#footer',
  '.sidebar',
  '.side',
  '.aside',
  '#sidebar',
  '.modal',
  '.popup',
  '#modal',
  '.overlay',
  '.ad',
  '.ads',
  '.advert',
  '#ad',
  '.lang-selector',
  '.language',
  '#language-selector',
  '.social',
  '.social-media',
  '.social-links',
  '#social',
  '.menu',
  '.navigation',
  '#nav',
  '.breadcrumbs',
  '#breadcrumbs',
  '.share',
  '#share',
  '.widget',
  '#widget',
  '.cookie',
  '#cookie',
  '[role=navigation]',
  '[role=banner]',
  '[role=contentinfo]',
  '[role=complementary]',
  '[role=dialog]',
  '[aria-modal=true]',
].join(', ');

/** What the page itself marks as its content: never removed as boilerplate. */
const CONTENT_MARKERS = 'main, [role=main], #main, article, h1';

/**
 * Removes boilerplate elements, except those that hold the page's marked content (a `<header>`
 * wrapping the `<article>`, say, or the one holding the title heading).
 */
export function removeBoilerplate(tree: Root): void {
  visit(tree, 'element', (node: Element, index, parent) => {
    if (!parent || index === undefined) return;
    if (!matches(BOILERPLATE_SELECTOR, node)) return;
    if (matches(CONTENT_MARKERS, node) || select(CONTENT_MARKERS, node)) return;
    parent.children.splice(index, 1);
    return [SKIP, index];
  });
}
