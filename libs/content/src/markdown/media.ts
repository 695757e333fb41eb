import type { Element } from 'hast';
import { defaultHandlers, type Handle } from 'hast-util-to-mdast';
import type { Link } from 'mdast';

/**
 * A `<video>` or `<audio>` with player controls is content a reader plays: without a poster or
 * fallback text to show, the converter writes a link with no text, which shows nothing (and is
 * dropped), so it is named by its title or its file's name (`[clip.mp4](…/clip.mp4)`). Media
 * without controls (a hero's looping background video) stays as the converter writes it.
 */
export const media: Handle = (state, node) => {
  const written = defaultHandlers[node.tagName as 'video' | 'audio'](state, node);
  if (!isLink(written) || written.children.length > 0 || !hasControls(node) || !written.url) return written;
  const name = nameOf(node, written.url);
  written.children = [{ type: 'text', value: name }];
  // Its title is its text now: not written twice.
  if (written.title === name) written.title = null;
  return written;
};

const isLink = (written: unknown): written is Link =>
  typeof written === 'object' && written !== null && (written as Link).type === 'link';

const hasControls = (node: Element) =>
  node.properties.controls !== undefined && node.properties.controls !== false;

function nameOf(node: Element, url: string): string {
  const { title, ariaLabel } = node.properties;
  for (const given of [title, ariaLabel]) if (typeof given === 'string' && given.trim()) return given.trim();
  try {
    const file = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    if (file) return file;
  } catch {
    // Not an address a name can be read from.
  }
  return node.tagName === 'video' ? 'Video' : 'Audio';
}
