import type { Element, ElementContent, Root, RootContent } from 'hast';
import { toString as hastToString } from 'hast-util-to-string';
import { eachElement, findElement } from '../tree/walk-elements.js';
import { isHidden, NEVER_TEXT, show } from './hidden.js';

/**
 * Shows what the page hides in its HTML but its scripts show at once, so that removing hidden
 * elements afterwards does not remove the content:
 * - React streaming server rendering sends late parts of the page as `<div hidden id="S:n">`
 *   segments at the end of the body, and inline `$RC("B:n","S:n")` / `$RS("S:n","P:n")` calls
 *   move each into its `<template id="B:n|P:n">` placeholder (a boundary's fallback, "Loading…",
 *   goes); those moves are done here;
 * - pages that hide their whole content until a script has run (anti-flicker snippets, apps
 *   revealed on load): a hidden element holding most of the page's text is shown.
 */
export function revealScriptShownContent(tree: Root): void {
  moveStreamedSegments(tree);
  showHiddenContent(tree);
}

/** `$RC("B:0","S:0")` completes a boundary; `$RS("S:1","P:1")` fills a placeholder. */
const STREAMING_CALL = /\$R[CS]\("([A-Z]:[0-9a-z]+)","([A-Z]:[0-9a-z]+)"/g;

function moveStreamedSegments(tree: Root): void {
  const segments = new Map<string, Element>();
  const scripts: Element[] = [];
  eachElement(tree, (node) => {
    const id = node.properties.id;
    if (node.tagName === 'div' && typeof id === 'string' && /^S:/.test(id) && isHidden(node))
      segments.set(id, node);
    if (node.tagName === 'script') scripts.push(node);
    return true;
  });
  // Most pages stream nothing: their scripts (bundles, JSON state) are not searched for moves.
  if (segments.size === 0) return;
  const targets = new Map<string, string>();
  for (const script of scripts) {
    for (const [, first, second] of hastToString(script).matchAll(STREAMING_CALL)) {
      if (first?.startsWith('S:') && second) targets.set(first, second);
      else if (second?.startsWith('S:') && first) targets.set(second, first);
    }
  }
  for (const [segmentId, segment] of segments) {
    const target = targets.get(segmentId);
    // Looked up at each move: a placeholder may sit inside a segment moved before it (nested boundaries).
    const placeholder =
      target === undefined
        ? undefined
        : findElement(tree, (element) => element.tagName === 'template' && element.properties.id === target);
    if (!placeholder) continue;
    const siblings = placeholder.parent.children as RootContent[];
    const at = siblings.indexOf(placeholder.element);
    // A boundary's fallback runs from its template to the closing `<!--/$-->`: the segment replaces both.
    const end = target?.startsWith('B:') ? boundaryEnd(siblings, at) : at + 1;
    siblings.splice(at, end - at, ...(segment.children as RootContent[]));
    segment.children = [];
  }
}

function boundaryEnd(siblings: RootContent[], templateAt: number): number {
  for (let index = templateAt + 1; index < siblings.length; index++) {
    const sibling = siblings[index];
    if (sibling?.type === 'comment' && sibling.value === '/$') return index;
  }
  return templateAt + 1;
}

/** A hidden element is shown when it holds at least this share of the page's text. */
const MOST_OF_THE_PAGE = 0.5;
const MIN_CHARACTERS = 200;

function showHiddenContent(tree: Root): void {
  const pageText = readableText(tree);
  if (pageText < MIN_CHARACTERS) return;
  eachElement(tree, (node) => {
    if (
      isHidden(node) &&
      !OPENED_BY_THE_READER.test(names(node)) &&
      readableText(node) >= pageText * MOST_OF_THE_PAGE
    )
      show(node);
    return true;
  });
}

/** Dialogs and drawers wait for a click (a "republish this article" copy, a size guide): never shown here. */
const OPENED_BY_THE_READER = /modal|popup|pop-up|dialog|lightbox|overlay|drawer|offcanvas/i;

const names = (element: Element) =>
  [element.properties.id, element.properties.className, element.properties.role].flat().join(' ');

/** Characters of text a reader could see, scripts and styles aside. */
function readableText(node: Root | Element): number {
  let length = 0;
  const walk = (parent: Root | Element) => {
    for (const child of parent.children as ElementContent[]) {
      if (child.type === 'text') length += child.value.trim().length;
      else if (child.type === 'element' && !NEVER_TEXT.has(child.tagName)) walk(child);
    }
  };
  walk(node);
  return length;
}
