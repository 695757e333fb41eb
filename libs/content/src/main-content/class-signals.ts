import type { Element } from 'hast';

/** The answers of each named element (`perNamedElement`), and how many questions there are: first, as the questions below are made on import. */
const answersOf = new WeakMap<Element, unknown[]>();
let namedQuestions = 0;

const POSITIVE =
  /article|body|content|entry|hentry|h-entry|main|page|post|text|blog|story|prose|markdown|docs?-|documentation|thread|question|answer|product|description/i;
const NEGATIVE =
  /comment-form|combx|disqus|foot|masthead|meta|outbrain|promo|related|scroll|shoutbox|sidebar|skyscraper|sponsor|shopping|tags|tool|widget|share|social|newsletter|subscribe|signup|cookie|consent|banner|breadcrumb|pagination|pager|popup|modal|nav|menu|\bad\b|ads|advert/i;

/** Class and id hints: +25 for words that mark content, −25 for words that mark everything else. */
export const classWeight = perNamedElement(0, (element) => {
  const names = namesOf(element);
  if (names.length === 0) return 0;
  let weight = 0;
  if (names.some(nameSays(POSITIVE))) weight += 25;
  if (isNamed(element, NEGATIVE) && !isNamed(element, EDITOR_CONTENT_BLOCK)) weight -= 25;
  return weight;
});

/**
 * `read` remembered for each element: every block asks the same questions of the ancestors it
 * shares with its neighbours, and the answers do not change while the page is read.
 */
export function perElement<T extends number | boolean | readonly string[]>(
  read: (element: Element) => T,
): (element: Element) => T {
  const known = new WeakMap<Element, T>();
  return (element) => {
    let value = known.get(element);
    if (value === undefined) {
      value = read(element);
      known.set(element, value);
    }
    return value;
  };
}

/**
 * `perElement` for what an element's class and id names say. Most elements have neither: they
 * answer `unnamed` at once. A named element keeps all its answers in one record, each question in
 * its own slot: a map entry per element for each question cost more than the questions themselves.
 */
export function perNamedElement<T extends number | boolean | readonly string[]>(
  unnamed: NoInfer<T>,
  read: (element: Element) => T,
): (element: Element) => T {
  const slot = namedQuestions++;
  return (element) => {
    const { className, id } = element.properties;
    if (className === undefined && id === undefined) return unnamed;
    let answers = answersOf.get(element);
    if (answers === undefined) {
      answers = [];
      answersOf.set(element, answers);
    }
    let value = answers[slot] as T | undefined;
    if (value === undefined) {
      value = read(element);
      answers[slot] = value;
    }
    return value;
  };
}

/**
 * `read` of a class or id name, remembered per name: pages repeat their names on element after
 * element (a utility class on hundreds of them), and each named element is asked a score of
 * questions. Forgets past `MAX_NAMES` names, as a worker converts page after page.
 */
export function perName<T extends number | boolean | string>(read: (name: string) => T): (name: string) => T {
  const known = new Map<string, T>();
  return (name) => {
    let value = known.get(name);
    if (value === undefined) {
      if (known.size >= MAX_NAMES) known.clear();
      value = read(name);
      known.set(name, value);
    }
    return value;
  };
}
const MAX_NAMES = 10_000;

/**
 * Whether a name says `pattern`, remembered per name (`perName`) for each pattern: the patterns are
 * the modules' constants (one cache each, kept for good), never built per call.
 */
function nameSays(pattern: RegExp): (name: string) => boolean {
  let says = testsOf.get(pattern);
  if (says === undefined) {
    says = perName((name) => pattern.test(name));
    testsOf.set(pattern, says);
  }
  return says;
}
const testsOf = new Map<RegExp, (name: string) => boolean>();

const NO_NAMES: readonly string[] = Object.freeze([]);

/** The element's class names and id. */
export const namesOf = perNamedElement<readonly string[]>(NO_NAMES, (element) => {
  const { className, id } = element.properties;
  const names = Array.isArray(className) ? className.filter((name) => typeof name === 'string') : [];
  if (typeof className === 'string') names.push(className);
  if (typeof id === 'string') names.push(id);
  return names;
});

/** Its names that say what it is, not what it has or hides or how it scrolls. */
const ownNames = perNamedElement<readonly string[]>(NO_NAMES, (element) =>
  namesOf(element).filter(isOwnName),
);
const isOwnName = perName((name) => !LAYOUT_MODIFIER.test(name) && !SCROLL_UTILITY.test(name));

/**
 * Blocks that rich-text editors and page builders wrap around the text an author wrote (CKEditor's
 * embedded widgets, Elementor's text, heading and image widgets): `widget` there names the editor's
 * unit, not a sidebar widget.
 */
const EDITOR_CONTENT_BLOCK =
  /^(?:ck-widget|elementor-widget-(?:text-editor|heading|image|theme-post-content))$/i;

/**
 * One of the element's own class or id names says `pattern` (`has-sidebar`, `no-ads` and other
 * layout modifiers aside): how blocks name what they are on nearly every platform.
 */
export function isNamed(element: Element, pattern: RegExp): boolean {
  return ownNames(element).some(nameSays(pattern));
}

/** Class names that say what a block has or hides (`has-sidebar`, `hide-read-more-ad`, `no-ads`), not what it is. */
const LAYOUT_MODIFIER = /^(?:no|hide|hidden|without|has|with)-/i;

/** Utility classes that say how a block scrolls (`overflow-x-scroll` around a wide table), not what it is. */
const SCROLL_UTILITY = /^(?:[\w-]+:)*(?:overflow(?:-[xy])?-scroll|scroll-|snap-|no-scrollbar|scrollbar-)/i;

/**
 * Hidden by a utility class at every width: Bootstrap's `d-none` and `hide`, Tailwind's `hidden`
 * and `invisible` (screen-reader-only text is removed before blocks are read). Not when a
 * responsive class shows it again
 * (`hidden lg:block`, `d-none d-md-flex`). The page's CSS is not at hand, so this is a signal for
 * the classifier (a fifth to a third of such text is content on WCXB, against three quarters of
 * all text), not a rule.
 */
export const isHiddenByClass = perNamedElement(
  false,
  (element) =>
    namesOf(element).some(nameSays(HIDING_CLASS)) && !namesOf(element).some(nameSays(RESPONSIVE_DISPLAY)),
);

const HIDING_CLASS = /^(?:hidden|hide|d-none|is-hidden|invisible)$/;
const RESPONSIVE_DISPLAY =
  /^(?:(?:sm|md|lg|xl|2xl):(?:block|flex|grid|inline|inline-block|inline-flex|table|contents)|d-(?:sm|md|lg|xl|xxl)-(?:block|flex|inline|inline-block|grid|table))$/;

/**
 * Text only screen readers get (`sr-only`, `visually-hidden`, WordPress's `screen-reader-text`):
 * "Skip to content", "(opens in a new tab)", labels for icons. A reader never sees it; on WCXB a
 * tenth of its words were content, and those repeat what the page shows beside them.
 */
export const isScreenReaderOnly = perNamedElement(false, (element) =>
  namesOf(element).some(nameSays(SCREEN_READER_ONLY)),
);
const SCREEN_READER_ONLY =
  /^(?:sr-only|visually-hidden|screen-reader-text|screenreader-only|element-invisible|a11y-hidden|u-visually-hidden)$/;

/** Consent managers: long legal prose that must never win a vote for the content. */
const CONSENT = /cookie|consent|gdpr|onetrust|didomi|truste|usercentrics|privacy-(?:banner|center|manager)/i;

export const isConsentManager = (element: Element) => namesOf(element).some(nameSays(CONSENT));
