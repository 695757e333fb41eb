import type { Root, RootContent, Element as XmlElement } from 'xast';

/** An element's name without its namespace prefix (`dc:title` is `title`). */
export const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** Elements named `name` in any namespace, in document order. */
export function descendants(parent: Root | XmlElement, name: string): XmlElement[] {
  return parent.children.flatMap((child) =>
    child.type === 'element'
      ? [...(localName(child.name) === name ? [child] : []), ...descendants(child, name)]
      : [],
  );
}

/** An element's text, trimmed; undefined for a missing or empty element. */
export function textOf(element: XmlElement | undefined): string | undefined {
  return element ? xmlText(element.children).trim() || undefined : undefined;
}

function xmlText(nodes: readonly RootContent[]): string {
  return nodes
    .map((node) =>
      node.type === 'text' ? node.value : node.type === 'element' ? xmlText(node.children) : '',
    )
    .join('');
}
