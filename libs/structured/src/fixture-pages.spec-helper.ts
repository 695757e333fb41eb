import { readFileSync } from 'node:fs';
import { convertPage } from '#content';
import { type ParsedPage, parsePage } from './page/parse-page.js';

/** A page of the e2e fixture site, so unit specs and end-to-end tests read the same realistic HTML. */
export function fixtureHtml(name: string): string {
  return readFileSync(new URL(`../../../test/fixtures/site/pages/${name}.html`, import.meta.url), 'utf8');
}

export function fixturePage(name: string, url = `http://site.test/${name}`): ParsedPage {
  return parsePage(fixtureHtml(name), url);
}

/** The page's main content as markdown, as the extractor hands it to the text methods. */
export function fixtureMarkdown(name: string): string {
  return (
    convertPage({
      html: fixtureHtml(name),
      url: `http://site.test/${name}`,
      formats: ['markdown'],
      onlyMainContent: true,
      removeBase64Images: true,
    }).markdown ?? ''
  );
}

/** A page's markdown written as its blocks, one after another. */
export const markdownBlocks = (...blocks: string[]) => blocks.join('\n\n');
