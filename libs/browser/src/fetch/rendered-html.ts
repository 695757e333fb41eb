import type { Page } from 'playwright-core';

/**
 * The page's HTML as it is rendered. `page.content()` leaves out what web components render in
 * their shadow roots (a `<notice-card>` is written empty), so a page that has open shadow roots is
 * serialized with them as declarative shadow DOM (`<template shadowrootmode="open">` first in each
 * host), the standard form a browser parses back into the same tree; the content pipeline reads
 * them as a reader sees them (see `parseHtml`). Closed shadow roots cannot be read by the page.
 */
export async function renderedHtml(page: Page): Promise<string> {
  const withShadowRoots = await page
    .evaluate(() => {
      const roots: ShadowRoot[] = [];
      const pending: (Document | ShadowRoot)[] = [document];
      for (let scope = pending.pop(); scope; scope = pending.pop()) {
        for (const element of scope.querySelectorAll('*')) {
          if (!element.shadowRoot) continue;
          roots.push(element.shadowRoot);
          pending.push(element.shadowRoot);
        }
      }
      const html = document.documentElement;
      if (roots.length === 0 || !html) return undefined;
      const quoted = (value: string) =>
        value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      const attributes = [...html.attributes]
        .map(({ name, value }) => ` ${name}="${quoted(value)}"`)
        .join('');
      const doctype = document.doctype ? `<!DOCTYPE ${document.doctype.name}>` : '';
      return `${doctype}<html${attributes}>${html.getHTML({ shadowRoots: roots })}</html>`;
    })
    // A page navigating as it is read has no shadow roots to give: Playwright's own read waits for it.
    .catch(() => undefined);
  return withShadowRoots ?? (await page.content());
}
