import { defaultHandlers, type Handle } from 'hast-util-to-mdast';

/** Only emoji: pictographs with their joiners, variation selectors, skin tones and keycaps. */
const EMOJI_ONLY = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\u200d|\ufe0f|\u20e3)+$/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/**
 * An emoji drawn as an image (Twemoji, WordPress's `wp-smiley`, GitHub and Discourse write `<img
 * alt="😀">` for each) is the emoji a reader sees, written as text, not an image link per smiley.
 */
export const imageOrEmoji: Handle = (state, node) => {
  const alt = String(node.properties.alt ?? '').trim();
  if (EMOJI_ONLY.test(alt) && PICTOGRAPH.test(alt)) {
    const text = { type: 'text' as const, value: alt };
    state.patch(node, text);
    return text;
  }
  return defaultHandlers.img(state, node);
};
