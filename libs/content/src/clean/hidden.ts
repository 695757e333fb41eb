import type { Element } from 'hast';

/** Never text: what a browser does not render as words of the page. */
export const NEVER_TEXT = new Set(['script', 'style', 'template', 'head']);

/** Hidden by the page's own markup: `hidden`, `aria-hidden="true"`, `display: none` / `visibility: hidden` inline. */
export function isHidden(node: Element): boolean {
  const { hidden, ariaHidden, style } = node.properties;
  if (hidden !== undefined && hidden !== false) return true;
  if (String(ariaHidden) === 'true') return true;
  return typeof style === 'string' && HIDING_STYLE.test(style);
}

const HIDING_STYLE = /(^|;)\s*(display\s*:\s*none|visibility\s*:\s*hidden)/i;

/** Undoes what `isHidden` reads: for hidden content that is shown after all. */
export function show(element: Element): void {
  element.properties.hidden = undefined;
  element.properties.ariaHidden = undefined;
  const { style } = element.properties;
  if (typeof style === 'string')
    element.properties.style = style.replace(/(display\s*:\s*none|visibility\s*:\s*hidden)/gi, '');
}
