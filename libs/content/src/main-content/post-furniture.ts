import type { Element } from 'hast';
import { isNamed, perNamedElement } from './class-signals.js';

/**
 * What forum and Q&A software puts around every post besides the post itself: the author's card
 * (avatar, rank, post count, join date, reputation and badges), signatures, flair, vote and
 * reaction widgets (XenForo's `message-userExtras`: joined, messages, reaction score). Named so by their class or id on phpBB, vBulletin, XenForo, Discourse and
 * Stack Exchange alike; a thread keeps its posts and loses the furniture.
 */
const POST_FURNITURE =
  /^(?:[\w-]*[-_])?(?:signature|sig|postprofile|post-?profile|user-?info|user-?details|user-?extras|user-?card|author-?info|poster-?info|message-?user-?info|flair|avatar|gravatar[\w-]*|badges?|badgecount|reputation[\w-]*|votecell|vote-?count|votes?|reactions?|reaction-?bar|likes-?bar|joined|post-?count|rank-?title|user-?action-?time|comment-?(?:user|date|score|actions))$/i;

/** A block of post furniture (judged by its own class or id names). */
export const isPostFurniture = perNamedElement(false, (element: Element) => isNamed(element, POST_FURNITURE));
