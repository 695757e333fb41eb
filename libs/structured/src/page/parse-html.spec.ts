import type { Element, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { MAX_DEPTH, parseHtml } from './parse-html.js';

/** How deep the tree nests, counted without recursion (the document is level 0). */
function depthOf(tree: Root): number {
  let deepest = 0;
  const pending: Array<[Root | RootContent, number]> = [[tree, 0]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [node, depth] = next;
    deepest = Math.max(deepest, depth);
    if ('children' in node) for (const child of node.children) pending.push([child, depth + 1]);
  }
  return deepest;
}

describe('parseHtml', () => {
  it('parses as a browser does: implied elements, noscript content as markup', () => {
    const tree = parseHtml(
      '<title>Tea</title><p>Green <b>and black</b><noscript><p>No scripts here</p></noscript>',
    );
    const html = tree.children.find((node): node is Element => node.type === 'element');
    expect(html?.tagName).toBe('html');
    expect(hastToString(tree)).toBe('TeaGreen and blackNo scripts here');
  });

  it('ends what a <noscript> leaves open with the <noscript>: a self-closing tag-manager iframe keeps no page', () => {
    const tree = parseHtml(
      '<body><noscript><iframe src="https://www.googletagmanager.com/ns.html" height="0" width="0" /></noscript><main><h1>Render</h1><p>Deploy your code.</p></main></body>',
    );
    const elements: string[] = [];
    const walk = (node: Root | RootContent) => {
      if (node.type === 'element') elements.push(node.tagName);
      if ('children' in node) node.children.forEach(walk);
    };
    walk(tree);
    expect(elements).toEqual(['html', 'head', 'body', 'noscript', 'iframe', 'main', 'h1', 'p']);
    expect(hastToString(tree)).toBe('RenderDeploy your code.');
  });

  it("lays shadow roots into their hosts as rendered: slots take the host's children, unslotted ones go", () => {
    const tree = parseHtml(
      '<main><notice-card><template shadowrootmode="open"><article><h2><slot name="title">Notice</slot></h2>' +
        '<p>The north quay is closed.</p><slot></slot><footer><slot name="note">No note.</slot></footer></article></template>' +
        '<span slot="title">Quay closed</span><em>Until Friday.</em><b slot="elsewhere">hidden</b></notice-card></main>',
    );
    expect(hastToString(tree)).toBe('Quay closedThe north quay is closed.Until Friday.No note.');
    // A host inside a shadow root is laid out too.
    const nested = parseHtml(
      '<x-outer><template shadowrootmode="open"><x-inner><template shadowrootmode="open"><p>Inner <slot></slot></p></template>' +
        '<slot></slot></x-inner></template><b>light</b></x-outer>',
    );
    expect(hastToString(nested)).toBe('Inner light');
  });

  it('parses a fragment without the document around it', () => {
    const tree = parseHtml('<p>Brushed <b>steel</b></p><ul><li>1.7 litres</li></ul>', { fragment: true });
    expect(tree.children.map((node) => (node.type === 'element' ? node.tagName : node.type))).toEqual([
      'p',
      'ul',
    ]);
  });

  it('lays flat what nests deeper than a browser nests, keeping every word in order', () => {
    const levels = 5000;
    const html = `<body><h1>Deep</h1>${'<div><span>step</span> '.repeat(levels)}<p>The bottom.</p>${'</div>'.repeat(levels)}</body>`;
    const tree = parseHtml(html);
    // An element that holds only text keeps it: one level for the element, one for its text.
    expect(depthOf(tree)).toBeLessThanOrEqual(MAX_DEPTH + 2);
    const text = hastToString(tree);
    expect(text.match(/step/g)).toHaveLength(levels);
    expect(text.endsWith('step The bottom.')).toBe(true);
    // Shallow pages are left as they are.
    expect(depthOf(parseHtml('<div><div><p>Shallow</p></div></div>'))).toBe(6);
  });
});
