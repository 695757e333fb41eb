import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { classNames } from '../tree/class-names.js';
import { firstElement, removeElements } from '../tree/walk-elements.js';

/**
 * Each formula as one `<math>` element, which the markdown writer turns into TeX. Math renderers
 * write a formula twice: as MathML for screen readers (KaTeX's `.katex-mathml`, MathJax 3's
 * `<mjx-assistive-mml>`, MediaWiki's `.mwe-math-mathml-*`, hidden by an inline `display: none`)
 * and as a visual copy hidden from them (`aria-hidden` spans, SVG, an image whose `alt` is the
 * TeX). Cleaning would drop both copies: the visual one goes here and the MathML takes the
 * renderer's place, shown. MathJax 2 keeps each formula's TeX in a `<script type="math/tex">`
 * after its rendering: the script becomes a `<math>` with that TeX as its `alttext`.
 *
 * Every `<math>` then carries the author's TeX, where the page has it, as its `alttext` (from
 * the TeX annotation KaTeX and MediaWiki write), and loses its annotations, which no browser
 * shows: its text is what a reader sees. A displayed formula stands in a `<div>` of its own, a
 * block as the reader sees it.
 */
export function formulasAsMath(tree: Root): void {
  // Most pages hold no formula: they are not rebuilt.
  if (!firstElement(tree, (element) => element.tagName === 'math' || isTexScript(element))) return;
  rewrite(tree);
}

function rewrite(parent: Root | Element): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    if (child.type !== 'element') {
      children.push(child);
      continue;
    }
    if (isTexScript(child)) {
      dropMathJaxRendering(children);
      children.push(standing(texAsMath(child)));
      continue;
    }
    const math = child.tagName === 'math' ? child : isRenderer(child) ? mathIn(child) : undefined;
    if (math) {
      if (child.properties.display === 'true') math.properties.display = 'block';
      children.push(standing(withTex(math)));
      continue;
    }
    rewrite(child);
    children.push(child);
  }
  parent.children = children as ElementContent[];
}

/** Class names of the elements that hold one formula in both its copies (with MathJax 3's `<mjx-container>`). */
const RENDERERS = new Set(['katex', 'mwe-math-element']);
const isRenderer = (element: Element) =>
  element.tagName === 'mjx-container' || classNames(element).some((name) => RENDERERS.has(name));

/** What MathJax 2 writes before a formula's script: its preview and its rendering (HTML-CSS, SVG, CommonHTML). */
const MATHJAX_OUTPUT = /^(?:MathJax|MJX)/;

const isTexScript = (element: Element) =>
  element.tagName === 'script' && /^math\/tex\b/i.test(String(element.properties.type ?? ''));

const mathIn = (element: Element): Element | undefined =>
  firstElement(element, (inner) => inner.tagName === 'math');

const TEX_ANNOTATION = /^(?:application\/x-tex|tex)$/i;

/** The formula with its TeX annotation as `alttext` and without annotations. */
function withTex(math: Element): Element {
  const annotation = firstElement(
    math,
    (element) => element.tagName === 'annotation' && TEX_ANNOTATION.test(String(element.properties.encoding)),
  );
  if (annotation) math.properties.alttext = hastToString(annotation).trim();
  removeElements(math, (element) => element.tagName === 'annotation' || element.tagName === 'annotation-xml');
  return math;
}

/** A displayed formula in a block of its own; an inline one as it is. */
const standing = (math: Element): Element =>
  math.properties.display === 'block'
    ? { type: 'element', tagName: 'div', properties: {}, children: [math] }
    : math;

/** Removes the rendering MathJax 2 put just before a formula's script (blank text between them stays). */
function dropMathJaxRendering(children: RootContent[]): void {
  for (let index = children.length - 1; index >= 0; index--) {
    const previous = children[index];
    if (previous?.type === 'text' && previous.value.trim() === '') continue;
    if (previous?.type !== 'element' || !classNames(previous).some((name) => MATHJAX_OUTPUT.test(name)))
      return;
    children.splice(index, 1);
  }
}

function texAsMath(script: Element): Element {
  const tex = hastToString(script).trim();
  const display = /mode\s*=\s*display/i.test(String(script.properties.type));
  return {
    type: 'element',
    tagName: 'math',
    properties: { alttext: tex, ...(display ? { display: 'block' } : {}) },
    // The TeX as the formula's text, so that the page's text and the html format still hold it.
    children: [
      { type: 'element', tagName: 'mtext', properties: {}, children: [{ type: 'text', value: tex }] },
    ],
  };
}
