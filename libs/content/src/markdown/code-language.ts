import type { Element } from 'hast';
import { defaultHandlers, type Handle } from 'hast-util-to-mdast';
import type { Code } from 'mdast';

/** Class prefixes highlighters use to name a block's language (`language-ts`, `lang-sh`). */
const LANGUAGE_CLASS = /^(?:language|lang)-(.+)$/;

/**
 * The language a `<pre>` block declares, on itself or on its `<code>`: by class
 * (`language-x` / `lang-x`) or by `data-language` / `data-lang`.
 */
export function codeLanguage(pre: Element): string | undefined {
  const code = pre.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  for (const element of code ? [code, pre] : [pre]) {
    const { className, dataLanguage, dataLang } = element.properties;
    for (const name of Array.isArray(className) ? className : []) {
      const language = LANGUAGE_CLASS.exec(String(name))?.[1];
      if (language) return language;
    }
    const declared = dataLanguage ?? dataLang;
    if (typeof declared === 'string' && declared.trim()) return declared.trim();
  }
  return undefined;
}

/**
 * `<pre>` → fenced code, as hast-util-to-mdast does it, but keeping the language wherever the
 * page declares it (the default reads only `language-x` on the `<code>` child).
 */
export const preWithLanguage: Handle = (state, node) => {
  const code = defaultHandlers.pre(state, node) as Code;
  code.lang ??= codeLanguage(node) ?? null;
  return code;
};
