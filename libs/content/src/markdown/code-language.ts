import type { Element, Root } from 'hast';
import type { Handle } from 'hast-util-to-mdast';
import type { Code } from 'mdast';
import { classNames } from '../tree/class-names.js';
import { childElements, eachElement } from '../tree/walk-elements.js';
import { codeText } from './code-text.js';

/** Class prefixes highlighters use to name a block's language (`language-ts`, `lang-sh`, Gatsby's `gatsby-code-jsx`). */
const LANGUAGE_CLASS = /^(?:language|lang|gatsby-code)-(.+)$/;
/** Names that leave the language to a highlighter's guess (Discourse `lang-auto`, Sphinx `highlight-default`). */
const NO_LANGUAGE = new Set(['auto', 'default', 'none', 'nohighlight']);

/**
 * The language a `<pre>` block declares, on itself or on its `<code>`: by class
 * (`language-x` / `lang-x`, SyntaxHighlighter's `brush: x` as MDN writes it, Pandoc's
 * `sourceCode x`) or by `data-language` / `data-lang`.
 */
function codeLanguage(pre: Element): string | undefined {
  const code = pre.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  for (const element of code ? [code, pre] : [pre]) {
    const { className, dataLanguage, dataLang } = element.properties;
    const names = Array.isArray(className) ? className.map(String) : [];
    for (const [index, name] of names.entries()) {
      const language = LANGUAGE_CLASS.exec(name)?.[1] ?? brushLanguage(name, names[index + 1]);
      if (language && !NO_LANGUAGE.has(language)) return language;
    }
    if (names.includes('sourceCode')) {
      const language = names.find((name) => !PANDOC_CLASSES.has(name));
      if (language) return language;
    }
    const declared = String(dataLanguage ?? dataLang ?? '').trim();
    if (declared && !NO_LANGUAGE.has(declared)) return declared;
  }
  return undefined;
}

/** The classes Pandoc writes beside a code block's language (`sourceCode numberSource haskell numberLines`). */
const PANDOC_CLASSES = new Set(['sourceCode', 'numberSource', 'numberLines']);

/** SyntaxHighlighter's `class="brush: js; gutter: false"`, split by class into `brush:` and `js;` (or written `brush:js`). */
function brushLanguage(name: string, next: string | undefined): string | undefined {
  if (!name.startsWith('brush:')) return undefined;
  const language = (name.length > 'brush:'.length ? name.slice('brush:'.length) : next)?.replace(/;$/, '');
  return language || undefined;
}

/**
 * `<pre>` → fenced code with the language wherever the page declares it (hast-util-to-mdast reads
 * only `language-x` on the `<code>` child) and its lines as a browser shows them (`code-text.ts`).
 */
export const preWithLanguage: Handle = (state, node) => {
  const code: Code = { type: 'code', lang: codeLanguage(node) ?? null, meta: null, value: codeText(node) };
  state.patch(node, code);
  return code;
};

/**
 * Highlighters that name the language on a wrapper around the `<pre>` rather than on it: Sphinx
 * (`highlight-console` > `.highlight` > `pre`), GitHub (`highlight highlight-source-python` > `pre`),
 * Rouge and MkDocs (`language-ruby highlighter-rouge` > `.highlight` > `pre`), component libraries
 * (`code-block language-hcl` > `.body` > `pre`). A wrapper counts when it or a child of it is named
 * as the highlighter (`highlight`) or a code block, and it holds one `<pre>`, as its child or
 * grandchild: a `lang-en` around a page that shows one `<pre>` names no code.
 */
const WRAPPER_LANGUAGE = /^(?:language|lang|highlight(?:-source)?)-(.+)$/;
const CODE_BLOCK = /^code-?block(?:$|[_-])/i;

export function languagesFromWrappers() {
  return (tree: Root) =>
    eachElement(tree, (wrapper) => {
      if (wrapper.tagName === 'pre' || wrapper.tagName === 'code') return false;
      const language = classNames(wrapper)
        .map((name) => WRAPPER_LANGUAGE.exec(name)?.[1])
        .find((name) => name !== undefined && !NO_LANGUAGE.has(name));
      if (!language) return true;
      const children = childElements(wrapper);
      const highlighter = [wrapper, ...children].some((element) =>
        classNames(element).some((name) => name === 'highlight' || CODE_BLOCK.test(name)),
      );
      const pres = [...children, ...children.flatMap((child) => child.children)].filter(
        (node): node is Element => node.type === 'element' && node.tagName === 'pre',
      );
      const [pre] = pres;
      if (highlighter && pre && pres.length === 1 && !codeLanguage(pre))
        pre.properties.dataLanguage = language;
      return true;
    });
}
