import type { Element, Root } from 'hast';
import { type BlockMeasures, type BlockStats, measureBlocks } from '../main-content/block-stats.js';
import { classNames } from '../tree/class-names.js';
import { holdsElement, isOrHolds, removeElements } from '../tree/walk-elements.js';

/**
 * The reference service's boilerplate list (API-NOTES.md), the floor `onlyMainContent` starts
 * from, split by what it matches on so each element is checked with set lookups instead of
 * parsing 40-odd CSS selectors per element.
 */
const BOILERPLATE = {
  tags: new Set(['header', 'footer', 'nav', 'aside']),
  classes: new Set([
    'header',
    'top',
    'navbar',
    'footer',
    'bottom',
    'sidebar',
    'side',
    'aside',
    'modal',
    'popup',
    'overlay',
    'ad',
    'ads',
    'advert',
    'lang-selector',
    'language',
    'social',
    'social-media',
    'social-links',
    'menu',
    'navigation',
    'breadcrumbs',
    'share',
    'widget',
    'cookie',
  ]),
  ids: new Set([
    'header',
    'footer',
    'sidebar',
    'modal',
    'ad',
    'language-selector',
    'social',
    'nav',
    'breadcrumbs',
    'share',
    'widget',
    'cookie',
  ]),
  roles: new Set(['navigation', 'banner', 'contentinfo', 'complementary', 'dialog']),
};

/** The same list as CSS, for documentation and for clients that want to reuse it. */
export const BOILERPLATE_SELECTOR = [
  ...BOILERPLATE.tags,
  ...[...BOILERPLATE.classes].map((name) => `.${name}`),
  ...[...BOILERPLATE.ids].map((name) => `#${name}`),
  ...[...BOILERPLATE.roles].map((role) => `[role=${role}]`),
].join(', ');

/** What the page itself says a list entry does not name on it. */
interface PageExceptions {
  /** Class names the page builds its layout from (`classesHolding`). */
  layoutClasses: ReadonlySet<string>;
  /** `<header>`s of a section or an article and `<footer>`s of a quotation, not of the page (`ownedHeadersAndFooters`). */
  owned: ReadonlySet<Element>;
}

/**
 * An element the reference list names (`BOILERPLATE_SELECTOR`), except by what the page's own
 * use of a name says otherwise; overlays are judged apart.
 */
function isBoilerplate(element: Element, { layoutClasses, owned }: PageExceptions): boolean {
  if (BOILERPLATE.tags.has(element.tagName) && !owned.has(element)) return true;
  const { className, id, role } = element.properties;
  const named = (name: string | number) =>
    BOILERPLATE.classes.has(String(name)) && !layoutClasses.has(String(name));
  if (Array.isArray(className) && className.some(named)) return true;
  if (typeof id === 'string' && BOILERPLATE.ids.has(id)) return true;
  return typeof role === 'string' && BOILERPLATE.roles.has(role);
}

/**
 * Dialogs laid over the page (terms of service, size guides, store pickers): boilerplate however
 * much text they hold, unlike a layout wrapper with a boilerplate-sounding class.
 */
function isOverlay(element: Element): boolean {
  const { role, ariaModal, open } = element.properties;
  if (element.tagName === 'dialog' && !open) return true;
  return String(ariaModal) === 'true' || role === 'dialog' || role === 'alertdialog';
}

/** The page's landmarks besides its content, each by its tag and its ARIA role. */
export const LANDMARK_ROLES = {
  footer: 'contentinfo',
  nav: 'navigation',
  aside: 'complementary',
  header: 'banner',
};
export type Landmark = keyof typeof LANDMARK_ROLES;

export const isLandmark = ({ tagName, properties }: Element, landmark: Landmark) =>
  tagName === landmark || properties.role === LANDMARK_ROLES[landmark];

/**
 * The page's footer, navigation and complementary landmarks: boilerplate however much text they
 * hold (long legal notes, mega menus), as a page is never wrapped in one. On WCXB, of the words in
 * those the size rule kept, 0.2% (footer) to 2% (nav, aside) were content. A header can be the
 * article's own (its title and standfirst), so it keeps the size rule.
 */
const PAGE_FURNITURE: Landmark[] = ['footer', 'nav', 'aside'];
const isPageFurniture = (element: Element) =>
  PAGE_FURNITURE.some((landmark) => isLandmark(element, landmark));

/** The page's marked content: its main element or its article. */
const isMainOrArticle = (element: Element) =>
  element.tagName === 'main' || element.tagName === 'article' || element.properties.role === 'main';

/** Marks of the page's own content: what holds one of these is never removed as boilerplate. */
const isContentMarker = (element: Element) =>
  isMainOrArticle(element) || element.tagName === 'h1' || element.properties.id === 'main';

const holdsContent = (element: Element) => holdsElement(element, isContentMarker);

/** A "boilerplate" element holding more than this share of the page's text is a page wrapper. */
const MAX_SHARE_OF_PAGE = 0.4;

/**
 * The page's title heading: its first `<h1>` outside dialogs (a terms-of-use dialog early in the
 * markup has a heading of its own), else its first `<h1>` (a quick-view page shows its product in one).
 */
export function titleHeading(tree: Root | Element): Element | undefined {
  let first: Element | undefined;
  let outside: Element | undefined;
  const walk = (parent: Root | Element, inOverlay: boolean) => {
    for (const child of parent.children) {
      if (outside || child.type !== 'element') continue;
      if (child.tagName === 'h1') {
        first ??= child;
        if (!inOverlay) outside = child;
      }
      walk(child, inOverlay || isOverlay(child));
    }
  };
  walk(tree, false);
  return outside ?? first;
}

/** Whether an overlay holds the page itself: its main element, its article, or its title heading. */
export function holdsPage(overlay: Element, title: Element | undefined): boolean {
  return isOrHolds(overlay, (element) => element === title || isMainOrArticle(element));
}

/**
 * Removes boilerplate elements, except those that are or hold the page's marked content (a
 * `<header>` wrapping the `<article>`, say, or the one holding the title heading) and wrappers
 * that hold much of the page's text (a layout `div.side` around everything). Overlays go unless
 * they hold the page itself: on a loaded page they are closed or dismissed, and their terms,
 * sign-up forms and policies often outweigh its prose.
 *
 * Returns the page's block measures, taken before the removals, with the nodes that lost something:
 * main content extraction measures again only there.
 */
export function removeBoilerplate(tree: Root): BlockMeasures {
  const stats = measureBlocks(tree);
  const textOf = (element: Element) => (stats.get(element) as BlockStats).text;
  // The most any element holds, the page's wrapper (a hidden menu can hold more than the page shows).
  let pageText = 0;
  for (const { text } of stats.values()) pageText = Math.max(pageText, text);
  const title = titleHeading(tree);
  const exceptions = {
    layoutClasses: classesHolding(tree, textOf, pageText * MAX_SHARE_OF_PAGE),
    owned: ownedHeadersAndFooters(tree),
  };
  const changed = new Set<Root | Element>();
  removeElements(
    tree,
    (node) => {
      if (isOverlay(node)) return !holdsPage(node, title);
      return (
        isBoilerplate(node, exceptions) &&
        !isContentMarker(node) &&
        !holdsContent(node) &&
        (isPageFurniture(node) || textOf(node) <= pageText * MAX_SHARE_OF_PAGE)
      );
    },
    changed,
  );
  return { stats, changed };
}

/**
 * The list's class names whose elements, each small enough to go, together hold more than `most`
 * of the page's text (an element inside another of the same name not counted again): a page built
 * of SiteOrigin `widget` panels, each one section of the article, names its layout with them.
 */
function classesHolding(tree: Root, textOf: (element: Element) => number, most: number): Set<string> {
  const held = new Map<string, number>();
  const walk = (parent: Root | Element, inside: ReadonlySet<string>) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      const own = classNames(child).filter((name) => BOILERPLATE.classes.has(name) && !inside.has(name));
      const characters = own.length === 0 ? 0 : textOf(child);
      if (own.length === 0 || characters > most) {
        walk(child, inside);
        continue;
      }
      for (const name of own) held.set(name, (held.get(name) ?? 0) + characters);
      walk(child, new Set([...inside, ...own]));
    }
  };
  walk(tree, new Set());
  return new Set([...held].filter(([, characters]) => characters > most).map(([name]) => name));
}

/** Sectioning elements: a `<header>` inside one heads it, not the page (it is no `banner` landmark). */
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);

/**
 * The `<header>`s that head a section or an article (a card's title and blurb on a service page),
 * and the `<footer>`s of quotations (a `<blockquote>`'s attribution, "— Ada Lovelace").
 */
function ownedHeadersAndFooters(tree: Root): Set<Element> {
  const owned = new Set<Element>();
  const walk = (parent: Root | Element, inSection: boolean, inQuote: boolean) => {
    for (const child of parent.children) {
      if (child.type !== 'element') continue;
      if ((inSection && child.tagName === 'header') || (inQuote && child.tagName === 'footer'))
        owned.add(child);
      walk(child, inSection || SECTIONING.has(child.tagName), inQuote || child.tagName === 'blockquote');
    }
  };
  walk(tree, false, false);
  return owned;
}
