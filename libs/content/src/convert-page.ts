import type { Root } from 'hast';
import { select } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { toString as hastToString } from 'hast-util-to-string';
import { removeBoilerplate } from './clean/boilerplate-floor.js';
import { removeNonContent } from './clean/remove-non-content.js';
import { keepOnly, removeMatching } from './clean/tag-filters.js';
import { collectImages, collectLinks } from './links/collect-links.js';
import { extractMainContent } from './main-content/extract-main-content.js';
import { toMarkdown } from './markdown/to-markdown.js';
import { extractMetadata } from './metadata/extract-metadata.js';
import { parseHtml } from './parse/parse-html.js';
import { resolveUrls } from './parse/resolve-urls.js';
import type { PageInput, PageOutput } from './types.js';

/**
 * One page → the requested formats. Synchronous and pure: it runs in a worker thread. The page
 * is parsed once; links, images and metadata come from the whole page, markdown and html from
 * the content that `onlyMainContent` / `includeTags` / `excludeTags` select.
 */
export function convertPage(input: PageInput): PageOutput {
  const wants = new Set(input.formats);
  if (input.contentType && !/html/i.test(input.contentType)) return convertText(input, wants);

  const tree = parseHtml(input.html);
  resolveUrls(tree, input.url);
  const metadata = extractMetadata(tree);
  removeNonContent(tree);
  const output: PageOutput = { metadata };
  if (wants.has('rawHtml')) output.rawHtml = input.html;
  if (wants.has('links')) output.links = collectLinks(tree);
  if (wants.has('images')) output.images = collectImages(tree, input);
  if (!wants.has('markdown') && !wants.has('html')) return output;

  const content = selectContent(tree, input);
  if (wants.has('markdown')) output.markdown = toMarkdown(content, input);
  if (wants.has('html')) output.html = bodyHtml(content);
  return output;
}

function selectContent(tree: Root, input: PageInput): Root {
  let content: Root = tree;
  if (input.includeTags?.length) content = keepOnly(content, input.includeTags);
  if (input.excludeTags?.length) removeMatching(content, input.excludeTags);
  if (!input.onlyMainContent || input.includeTags?.length) return content;
  const floor = structuredClone(content);
  removeBoilerplate(floor);
  const main = extractMainContent(floor, { url: input.url });
  // A floor that removed everything is a false positive of the selector list: keep the page.
  return hasText(main) ? main : content;
}

function hasText(tree: Root): boolean {
  return hastToString(tree).trim().length > 0;
}

function bodyHtml(tree: Root): string {
  const body = select('body', tree);
  return toHtml(body ? body.children : tree.children).trim();
}

/** JSON and plain-text responses: markdown is the text (JSON pretty-printed in a fence). */
function convertText(input: PageInput, wants: Set<string>): PageOutput {
  const isJson = /json/i.test(input.contentType ?? '');
  let markdown = input.html;
  if (isJson) {
    let pretty = input.html;
    try {
      pretty = JSON.stringify(JSON.parse(input.html), null, 2);
    } catch {
      // Not valid JSON after all: show it as sent.
    }
    markdown = `\`\`\`json\n${pretty}\n\`\`\``;
  }
  const escaped = input.html.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return {
    metadata: {},
    ...(wants.has('markdown') ? { markdown } : {}),
    ...(wants.has('html') ? { html: `<pre>${escaped}</pre>` } : {}),
    ...(wants.has('rawHtml') ? { rawHtml: input.html } : {}),
    ...(wants.has('links') ? { links: [] } : {}),
    ...(wants.has('images') ? { images: [] } : {}),
  };
}
