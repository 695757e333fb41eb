import type { Element, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { classNames } from '../tree/class-names.js';
import { removeElements } from '../tree/walk-elements.js';

/**
 * Headings that open sections around the content rather than the content itself: related and
 * recommended and similar items, "more from", comments and reviews, newsletters, sharing. Matched on the whole
 * (short) heading text so that an article *about* comments keeps its sections.
 */
const BOILERPLATE_HEADING =
  /^(?:(?:you )?(?:may|might) (?:also )?(?:like|enjoy|be interested)|related(?: \w+){0,3}|(?:people|customers) (?:who|also) .*|(?:also|recently) viewed.*|(?:frequently|often) bought.*|recommended(?: \w+){0,3}|more (?:from|in|on|by|like|stories|articles|news|posts|to (?:read|explore)).*|(?:read|up) next|(?:see|read) (?:also|more)|(?:popular|trending|latest|top|recent) (?:posts|news|stories|articles|now|reads)|(?:\d+ )?(?:comments?|responses?|replies)(?: \(\d+\))?|(?:leave|post|write|add) a (?:comment|reply|review)|join the (?:discussion|conversation)|share (?:this|on).*|(?:sign up for|subscribe to) .*newsletter.*|newsletter|follow us.*|sponsored(?: \w+){0,2}|advertisement|around the web|trending|most (?:popular|read|viewed)|other (?:articles|stories|posts|products)|similar (?:items|products)|(?:explore|shop|compare) (?:related|similar)(?: \w+){0,2}|(?:customer |product )?reviews(?: \(\d+\))?|ratings? (?:&|and) reviews|(?:complete|shop) the look)$/i;

const HEADING_LEVEL: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4, h5: 5, h6: 6 };

function headingText(element: Element): string {
  return hastToString(element)
    .replace(/\s+/g, ' ')
    .replace(/[:.!?…»›→\s]+$/u, '')
    .trim();
}

export function isBoilerplateHeading(element: Element): boolean {
  if (!(element.tagName in HEADING_LEVEL) || element.tagName === 'h1') return false;
  const text = headingText(element);
  return text.length > 0 && text.length < 60 && BOILERPLATE_HEADING.test(text);
}

/** The heading a container opens with (looking through wrappers), if any. */
export function leadingHeading(element: Element): Element | undefined {
  for (const child of element.children) {
    if (child.type === 'text' && child.value.trim() === '') continue;
    if (child.type !== 'element') return undefined;
    if (child.tagName in HEADING_LEVEL) return child;
    return child.tagName === 'div' || child.tagName === 'header' ? leadingHeading(child) : undefined;
  }
  return undefined;
}

/**
 * Siblings without the sections that boilerplate headings open: the heading and what follows
 * it up to the next heading of the same or a higher level. The same array when none opens one.
 */
export function withoutBoilerplateSections<T extends RootContent>(children: T[]): T[] {
  if (!children.some((child) => child.type === 'element' && isBoilerplateHeading(child))) return children;
  let skipBelow = 0;
  return children.filter((child) => {
    if (child.type !== 'element') return skipBelow === 0;
    const level = HEADING_LEVEL[child.tagName];
    if (level !== undefined) {
      if (skipBelow !== 0 && level > skipBelow) return false;
      skipBelow = isBoilerplateHeading(child) ? level : 0;
    }
    return skipBelow === 0;
  });
}

/**
 * A wiki's "[edit]" link: MediaWiki's `mw-editsection`, or a link in a heading that says "[edit]"
 * (in brackets: a heading that is a link to an `edit` command's docs stays).
 */
const EDIT_SECTION = /(?:^|[-_])edit-?section$/i;
const EDIT_LABEL = /^\[\s*edit(?: source| section)?\s*\]$/i;

/**
 * Removes the edit links wikis put in their section headings ("History[edit]"): a control for the
 * page's authors, not part of the heading a reader reads. Adds to `changed` each node that lost
 * something under it.
 */
export function removeHeadingEditLinks(body: Element, changed: Set<Root | Element>): void {
  const editLinks = new Set<Element>();
  const find = (element: Element, inHeading: boolean) => {
    for (const child of element.children) {
      if (child.type !== 'element') continue;
      const heading = inHeading || child.tagName in HEADING_LEVEL;
      if (heading && isEditLink(child)) editLinks.add(child);
      else find(child, heading);
    }
  };
  find(body, false);
  // Most pages are no wiki: nothing to remove, no tree rewritten.
  if (editLinks.size > 0) removeElements(body, (element) => editLinks.has(element), changed);
}

const isEditLink = (element: Element) =>
  classNames(element).some((name) => EDIT_SECTION.test(name)) ||
  (element.tagName === 'a' && EDIT_LABEL.test(hastToString(element).trim()));
