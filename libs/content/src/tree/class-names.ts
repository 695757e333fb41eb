import type { Element } from 'hast';

/** The element's class names (none when it has no `class`). */
export const classNames = (element: Element): string[] =>
  Array.isArray(element.properties.className) ? element.properties.className.map(String) : [];
