import type { Element, ElementContent } from 'hast';
import { isHidden } from '../clean/hidden.js';
import { BLOCK_TAGS } from '../tree/block-tags.js';
import { holdsElement, holdsText } from '../tree/walk-elements.js';

/** A run of text that one block element shows itself (not through the blocks nested in it). */
export interface ContentBlock {
  element: Element;
  /** Block-level ancestors, nearest first (the element itself excluded). */
  ancestors: Element[];
  /** Its text, whitespace collapsed. */
  text: string;
  /** Words of that text (runs between spaces). */
  words: number;
  /** Characters of that text inside links. */
  linkText: number;
  /** Links it holds. */
  links: number;
  /** Images it holds. */
  images: number;
  /** Form labels in its own text: the names of options a reader picks (sizes, colours, filters). */
  labels: number;
  /** Characters of the page's visible text before this block. */
  offset: number;
  /** The page's markup hides it (`hidden`, `aria-hidden`, `display: none` on it or a block around it). */
  hidden: boolean;
}

/** A block element that shows images but no text of its own (a figure, a logo, a gallery tile). */
export interface MediaBlock {
  element: Element;
  /** The index of the text block before it in reading order (-1 at the start). */
  after: number;
}

/**
 * The page as a sequence of text blocks in reading order: each block element with text of its
 * own becomes one block, placed where its own text or images begin among the blocks nested in it.
 * `<pre>` is one block with all its text, however it is marked up inside. Block elements with
 * images but no text are listed apart, by the text block they follow.
 */
export function contentBlocks(body: Element): { blocks: ContentBlock[]; media: MediaBlock[] } {
  const blocks: ContentBlock[] = [];
  const media: MediaBlock[] = [];
  let offset = 0;
  const visitBlock = (element: Element, ancestors: Element[], hiddenAround: boolean) => {
    const hidden = hiddenAround || isHidden(element);
    const block: ContentBlock = {
      element,
      ancestors,
      text: '',
      words: 0,
      linkText: 0,
      links: 0,
      images: 0,
      labels: 0,
      offset,
      hidden,
    };
    const parts: string[] = [];
    const nested: Array<[Element, Element[]]> = [];
    // How many nested blocks come before the element's own text or images: where a reader meets it.
    let nestedBefore: number | undefined;
    const inline = (children: ElementContent[], inLink: boolean) => {
      for (const child of children) {
        if (child.type === 'text') {
          parts.push(child.value);
          if (inLink) block.linkText += collapsedLength(child.value);
          if (nestedBefore === undefined && child.value.trim() !== '') nestedBefore = nested.length;
        } else if (child.type === 'element') {
          if (BLOCK_TAGS.has(child.tagName) && element.tagName !== 'pre') {
            // Text on both sides of a nested block belongs to different lines.
            parts.push('\n');
            nested.push([child, [element, ...ancestors]]);
            continue;
          }
          if (child.tagName === 'img') {
            block.images++;
            nestedBefore ??= nested.length;
          }
          if (child.tagName === 'label') block.labels++;
          const isLink = child.tagName === 'a' && !inLink;
          if (isLink) block.links++;
          if (child.tagName === 'br') parts.push('\n');
          inline(child.children, inLink || isLink);
        }
      }
    };
    inline(element.children, false);
    const visitNested = (from: number, to: number) => {
      for (const [child, childAncestors] of nested.slice(from, to)) visitBlock(child, childAncestors, hidden);
    };
    // Text after a heading in the same container (`<main><h1>…</h1> Loose text…`) follows the heading.
    const before = nestedBefore ?? 0;
    visitNested(0, before);
    block.offset = offset;
    block.text = collapse(parts.join(' '));
    if (block.text.length > 0) {
      block.words = block.text.split(' ').length;
      blocks.push(block);
      if (!hidden) offset += block.text.length;
    } else if (block.images > 0) media.push({ element, after: blocks.length - 1 });
    visitNested(before, nested.length);
  };
  visitBlock(body, [], false);
  return { blocks, media };
}

export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * `collapse(text).length`, counted without building the collapsed text: every text node of the
 * page is measured several times over.
 */
export function collapsedLength(text: string): number {
  let length = 0;
  let gap = false;
  for (let at = 0; at < text.length; at++) {
    if (isSpace(text.charCodeAt(at))) {
      gap = length > 0;
      continue;
    }
    if (gap) length++;
    gap = false;
    length++;
  }
  return length;
}

/** The characters `\s` matches (and `trim` removes): ASCII whitespace, no-break and Unicode spaces, line separators, the BOM. */
function isSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Removes the text a block shows itself, keeping the blocks nested in it (and the inline
 * wrappers, such as a link around a card, that hold them), and the images among its own content
 * that `keepsImage` keeps, given the elements beside each.
 */
export function removeOwnText(
  element: Element,
  keepsImage: (image: Element, beside: Element[]) => boolean = () => false,
): void {
  const strip = (children: ElementContent[]): ElementContent[] => {
    const elements = children.filter((child): child is Element => child.type === 'element');
    return elements.flatMap((child, index) => {
      if (BLOCK_TAGS.has(child.tagName)) return [child];
      if (isImage(child)) {
        const beside = [elements[index - 1], elements[index + 1]].filter((next) => next !== undefined);
        return keepsImage(child, beside) ? [child] : [];
      }
      if (!holdsBlock(child)) return [];
      return [{ ...child, children: strip(child.children) }];
    });
  };
  element.children = strip(element.children);
}

/** An image, alone or in an inline wrapper with no text of its own (a linked photo). */
const isImage = (element: Element): boolean =>
  element.tagName === 'img' ||
  element.tagName === 'picture' ||
  (!BLOCK_TAGS.has(element.tagName) &&
    holdsElement(element, (child) => child.tagName === 'img') &&
    !holdsText(element));

const holdsBlock = (element: Element) => holdsElement(element, (child) => BLOCK_TAGS.has(child.tagName));

/**
 * The page's title block: the first block a reader sees that is an `<h1>` or lies in one (an
 * `<h1>` wrapping a `<p>` or `<div>`; -1 when none).
 */
export const titleBlockIndex = (blocks: readonly ContentBlock[]) =>
  blocks.findIndex(
    (block) =>
      !block.hidden &&
      (block.element.tagName === 'h1' || block.ancestors.some((ancestor) => ancestor.tagName === 'h1')),
  );
