import type { Root } from 'hast';
import { selectAll } from 'hast-util-select';
import { find, html } from 'property-information';

export interface AttributeSelector {
  selector: string;
  attribute: string;
}

/** The attributes format's answer for one selector: the values in document order. */
export interface AttributeValues extends AttributeSelector {
  values: string[];
}

/**
 * The attributes format: for each `{selector, attribute}`, the attribute's value on every element
 * the CSS selector matches. As Firecrawl does, an attribute a matching element lacks is looked
 * up as `data-<attribute>` too (`{attribute: "id"}` finds `data-id`), and empty values are left out.
 */
export function selectAttributes(tree: Root, selectors: readonly AttributeSelector[]): AttributeValues[] {
  return selectors.map(({ selector, attribute }) => {
    const names = attribute.startsWith('data-') ? [attribute] : [attribute, `data-${attribute}`];
    const properties = names.map((name) => find(html, name));
    const values: string[] = [];
    for (const element of selectAll(selector, tree)) {
      const value = properties
        .map((info) => attributeText(element.properties[info.property], info.commaSeparated))
        .find((text) => text !== '');
      if (value !== undefined) values.push(value);
    }
    return { selector, attribute, values };
  });
}

/** A hast property as the attribute's text in HTML: token lists joined, booleans present as ''. */
function attributeText(value: unknown, commaSeparated: boolean): string {
  if (value === undefined || value === null || value === false) return '';
  if (Array.isArray(value)) return value.join(commaSeparated ? ', ' : ' ');
  if (value === true) return '';
  return String(value);
}

/** The answer where the body has no elements to read (a JSON or text response, a PDF returned Base64-encoded). */
export function noAttributeValues(selectors: readonly AttributeSelector[]): AttributeValues[] {
  return selectors.map(({ selector, attribute }) => ({ selector, attribute, values: [] }));
}
