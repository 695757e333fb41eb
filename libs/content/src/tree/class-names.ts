import type { Element } from 'hast';

/** The element's class names (none when it has no `class`). */
export const classNames = (element: Element): readonly string[] =>
  Array.isArray(element.properties.className) ? element.properties.className.map(String) : NO_CLASSES;
const NO_CLASSES: readonly string[] = Object.freeze([]);
