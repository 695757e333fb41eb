import type { Element, ElementContent, RootContent } from 'hast';
import { phrasing } from 'hast-util-phrasing';
import { toString as hastToString } from 'hast-util-to-string';

/** Elements whose text is written as it is: no separator goes in. */
export const VERBATIM = new Set(['pre', 'code', 'kbd', 'samp']);

/**
 * Inline elements that touch (`<a>Action</a><a>Adventure</a>`, `Boards<span>9129</span>`) are
 * apart on screen, by the page's CSS, but fuse into one word in markdown: a space goes between
 * them where both sides are letters or digits, or where a currency sign or a symbol follows a word
 * or a number (`€90.00<span>★ 4.0</span>`; two elements that split a name at a mark, such as
 * `<span>functools.</span><span>partial</span>` or `Category<span>:</span>`, stay as they are, and so
 * does a single letter styled apart from its word: `<b>S</b><b>pecific</b>`, `<b>trend</b><b>s</b>`). A text
 * and an element that touch are apart where a word meets a number (a count badge) or a capital
 * follows a small letter or a sentence's mark (run-in titles: `security<b>Cons:</b>`,
 * `<b class="title">Industry</b>Our experts`), not where a styled part of a word
 * (`<span>un</span>believable`, a drop cap, a link on `<a>GC</a>P`) meets the rest. Subscripts stay
 * attached (H₂O), and so do an ordinal's and a price's superscripts (10th, $549⁰⁰); any other
 * superscript touching a word is written with a caret, as plain text writes powers and footnote
 * marks (`10^6`, `Pro^14`), not fused into another number or word (`106`, `Pro14`). Code is left as
 * it is (the callers' to skip): a highlighter's spans touch where the source's characters do.
 * Returns what goes between two touching siblings: nothing, a space or a caret.
 */
export function separatorBetween(before: RootContent, after: RootContent): '' | ' ' | '^' {
  if (raised(before, after)) return '^';
  return apart(before, after) ? ' ' : '';
}

const attached = new Set(['sub', 'sup', 'wbr', 'br']);
const wordy = /[\p{L}\p{N}]/u;
// A currency sign or a symbol (€, ★, ✓) opening what follows a word or a number: a price or a
// rating of its own (`€90.00<span>★ 4.0</span>`), not a trademark sign, which belongs to its name.
const symbol = /^(?![™®©℠])[\p{Sc}\p{So}]$/u;
const startsWord = (last: string, first: string) => /[\p{Ll}.!?:;,]/u.test(last) && /\p{Lu}/u.test(first);

function raised(before: RootContent, after: RootContent): boolean {
  if (after.type !== 'element' || after.tagName !== 'sup') return false;
  const last = edge(before, -1);
  if (!wordy.test(last) || !wordy.test(edge(after, 0))) return false;
  // An ordinal's letters (10th) and a price's cents ($549⁰⁰) are read with their number.
  const ordinal = /\p{N}/u.test(last) && /^\p{L}+$/u.test(hastToString(after).trim());
  const cents = /\p{Sc}\s*[\d.,]+$/u.test(before.type === 'text' ? before.value : hastToString(before));
  return !ordinal && !cents;
}

function apart(before: RootContent, after: RootContent): boolean {
  if (before.type === 'element' && (attached.has(before.tagName) || !phrasing(before))) return false;
  if (after.type === 'element' && (attached.has(after.tagName) || !phrasing(after))) return false;
  if (before.type !== 'element' && after.type !== 'element') return false;
  const last = edge(before, -1);
  const first = edge(after, 0);
  const words = wordy.test(last) && wordy.test(first);
  if (wordy.test(last) && symbol.test(first)) return true;
  // A small letter first is the cheap test: it spares reading the text of most touching pairs.
  if (before.type === 'element' && after.type === 'element')
    return words && !(/\p{Ll}/u.test(first) && styledLetter(before, after));
  const numberMeetsWord = /\p{N}/u.test(last) !== /\p{N}/u.test(first);
  return (words && numberMeetsWord) || startsWord(last, first);
}

/**
 * A single letter styled apart from the rest of its word belongs to it: a drop cap
 * (`<b>S</b><span>pecific</span>`) or a small letter (`<b>trend</b><span>s</span>`). Two words of
 * their own stay apart, and so do links, however short.
 */
function styledLetter(before: Element, after: Element): boolean {
  // The whole word at each edge (`86x` and `EcoFlow’s` end in a letter but are words of their own).
  const tail = /[\p{L}\p{N}'’]+$/u.exec(hastToString(before))?.[0] ?? '';
  const head = /^[\p{L}\p{N}'’]+/u.exec(hastToString(after))?.[0] ?? '';
  const small = /^\p{Ll}+$/u;
  const split =
    small.test(head) &&
    (/^\p{Lu}$/u.test(tail) || (small.test(tail) && (tail.length === 1 || head.length === 1)));
  return split && !holdsLink(before) && !holdsLink(after);
}

function holdsLink(node: RootContent | ElementContent): boolean {
  return node.type === 'element' && (node.tagName === 'a' || node.children.some(holdsLink));
}

/** The first (0) or last (-1) character of a node's text, '' when it has none. */
function edge(node: RootContent, side: 0 | -1): string {
  if (node.type === 'text') return node.value.at(side) ?? '';
  if (node.type !== 'element') return '';
  const { children } = node;
  for (let at = 0; at < children.length; at++) {
    const found = edge(children[side === 0 ? at : children.length - 1 - at] as ElementContent, side);
    if (found) return found;
  }
  return '';
}
