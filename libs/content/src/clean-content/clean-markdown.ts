import type { Heading, Nodes, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString as mdastToString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';

/** Titles of sections that are never the page's content: everything under them goes. */
const BOILERPLATE_SECTION =
  /^(?:related(?: (?:articles?|posts?|stories|guides?|content|reading|links))?|you (?:may|might) also (?:like|enjoy)|more (?:from|on|in|stories|articles)\b.*|recommended(?: for you)?|read (?:next|more|this next)|popular(?: (?:posts?|articles?|now))?|trending(?: now)?|most (?:read|popular|viewed)|(?:\d+ )?comments?(?: \(\d+\))?|leave a (?:reply|comment)|join the discussion|share(?: this(?: (?:article|post|story|page))?)?|follow us(?: on .*)?|subscribe(?: to .*)?|(?:sign up for |get )?(?:our |the )?newsletter|stay (?:in touch|updated|informed)|tags|categories|advertisement|sponsored(?: content)?|about the author|latest (?:news|posts|articles))[:.!]?$/i;

/** Single blocks that are boilerplate whatever surrounds them. */
const BOILERPLATE_BLOCK: RegExp[] = [
  // Cookie and consent banners.
  /\b(?:cookies?|consent)\b[\s\S]{0,200}\b(?:accept|agree|allow|preferences|settings|privacy|improve your experience|we use|this (?:site|website) uses)\b|\b(?:we use|this (?:site|website) uses)\b[\s\S]{0,40}\bcookies\b/i,
  // Newsletter sign-ups.
  /^(?:[\s\S]{0,120}\b)?(?:subscribe|sign up|signup|join)\b[\s\S]{0,80}\b(?:newsletter|mailing list|inbox|updates|weekly|daily)\b/i,
  // Share widgets.
  /^(?:share(?: this| on)?|tweet|pin it|email this|print this)\b[\s\S]{0,80}$/i,
  /^(?:(?:facebook|twitter|x|linkedin|reddit|whatsapp|pinterest|telegram|email|e-mail|copy link|print|share)[\s,|·•/]*){2,}$/i,
  // Breadcrumbs: Home › News › Science.
  /^home\s*[>›»/|»→][\s\S]{0,200}$/i,
  // Advertising labels.
  /^(?:advertisement|sponsored|promoted|ad|ads|paid content)$/i,
  // Footer and navigation leftovers.
  /^(?:©|\(c\)|copyright\b)[\s\S]{0,200}$|\ball rights reserved\b/i,
  /^(?:back to top|skip to (?:main )?content|scroll to top)\W*$/i,
  /^(?:\d+ comments?|leave a (?:reply|comment)|log ?in to (?:reply|comment)|be the first to comment)\W*$/i,
];

/** Blocks never removed outside a boilerplate section: the substance of a page. */
export const KEPT_TYPES = new Set(['code', 'table', 'math']);

export interface CleanContentResult {
  markdown: string;
  /** Characters of markdown removed. */
  removedChars: number;
}

/**
 * Markdown → the same markdown without leftover boilerplate blocks (cookie banners, ads, share
 * widgets, breadcrumbs, newsletter sign-ups, comment and related-article sections), cut out of
 * the original text by position so everything kept stays byte for byte as it was. Headings,
 * lists, tables, code, images and inline links of the content are left alone.
 */
export function cleanMarkdown(markdown: string): CleanContentResult {
  const blocks = markdownBlocks(markdown);
  const drop = new Set<RootContent>();
  let sectionDepth: number | undefined;
  const lastProse = lastIndex(
    blocks,
    (block) => block.type === 'paragraph' && plainText(block).length >= 200,
  );
  const firstHeading = blocks.findIndex((block) => block.type === 'heading');

  blocks.forEach((block, index) => {
    if (block.type === 'heading') {
      if (sectionDepth !== undefined && block.depth <= sectionDepth) sectionDepth = undefined;
      if (sectionDepth === undefined && BOILERPLATE_SECTION.test(plainText(block).trim())) {
        sectionDepth = (block as Heading).depth;
      }
    }
    if (sectionDepth !== undefined) {
      drop.add(block);
      return;
    }
    if (KEPT_TYPES.has(block.type) || block.type === 'heading') return;
    const text = plainText(block).replace(/\s+/g, ' ').trim();
    if (!text) return;
    if (text.length <= 600 && BOILERPLATE_BLOCK.some((pattern) => pattern.test(text))) {
      drop.add(block);
      return;
    }
    // A run of bare links before the first heading or after the last prose: menus and link lists.
    const { links, linkChars } = linkStats(block);
    const outside = (firstHeading !== -1 && index < firstHeading) || (lastProse !== -1 && index > lastProse);
    if (outside && links >= 3 && linkChars / Math.max(1, text.length) >= 0.8) drop.add(block);
  });

  return cutBlocks(markdown, blocks, drop);
}

/** The top-level blocks of a markdown text (paragraphs, headings, lists, tables, code…), with positions. */
export function markdownBlocks(markdown: string): RootContent[] {
  const tree: Root = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  return tree.children;
}

/** The markdown without the dropped blocks, cut out by position so the rest stays byte for byte. */
export function cutBlocks(
  markdown: string,
  blocks: RootContent[],
  drop: ReadonlySet<RootContent>,
): CleanContentResult {
  let cleaned = '';
  let cursor = 0;
  let removedChars = 0;
  for (const block of blocks) {
    if (!drop.has(block)) continue;
    const start = block.position?.start.offset;
    const end = block.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    cleaned += markdown.slice(cursor, start);
    removedChars += end - start;
    cursor = end;
  }
  cleaned += markdown.slice(cursor);
  return { markdown: cleaned.replace(/\n{3,}/g, '\n\n').trim(), removedChars };
}

export function plainText(node: Nodes): string {
  return mdastToString(node, { includeImageAlt: false });
}

function linkStats(node: Nodes): { links: number; linkChars: number } {
  let links = 0;
  let linkChars = 0;
  visit(node, 'link', (link) => {
    links++;
    linkChars += plainText(link).length;
  });
  return { links, linkChars };
}

function lastIndex<T>(items: T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) if (test(items[index])) return index;
  return -1;
}
