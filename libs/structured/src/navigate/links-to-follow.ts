import type { Root } from 'hast';
import type { LlmPort } from '#llm';
import { linksWorthFollowing, siteLinks, type Wanted } from './links-worth-following.js';

/** Links of one page the model is shown at most, in page order. */
const MAX_CANDIDATES = 150;
/** Characters of one link's text the model is shown. */
const MAX_LINK_TEXT = 120;

const SYSTEM =
  'You guide a research agent through a website. From the links of the page it is on, pick those ' +
  'most likely to lead to a page that states what it is still looking for. Answer with JSON only.';

/**
 * Up to `limit` links of the page an agent reads next, best first: the model's pick when one is
 * configured (it reads each link's text and address against the prompt and what is missing), else,
 * or when the model fails, by their words (`linksWorthFollowing`). The model may pick none.
 */
export async function linksToFollow(
  tree: Root,
  pageUrl: string,
  wanted: Wanted,
  limit: number,
  llm: LlmPort | null,
): Promise<string[]> {
  const picked = llm ? await pickByModel(llm, tree, pageUrl, wanted, limit) : undefined;
  return picked ?? linksWorthFollowing(tree, pageUrl, wanted, limit);
}

async function pickByModel(
  llm: LlmPort,
  tree: Root,
  pageUrl: string,
  wanted: Wanted,
  limit: number,
): Promise<string[] | undefined> {
  const links = siteLinks(tree, pageUrl).slice(0, MAX_CANDIDATES);
  if (links.length === 0) return [];
  const listed = links
    .map((link, index) => `${index}. ${link.text.slice(0, MAX_LINK_TEXT) || '(no text)'} <${link.url}>`)
    .join('\n');
  const missing =
    wanted.fields.length > 0 ? `the fields ${wanted.fields.join(', ')}` : 'an answer to the question';
  const result = await llm.structured<{ links: number[] }>({
    schemaName: 'agent_links',
    schema: {
      type: 'object',
      properties: {
        links: {
          type: 'array',
          items: { type: 'integer', minimum: 0, maximum: links.length - 1 },
          maxItems: limit,
        },
      },
      required: ['links'],
      additionalProperties: false,
    },
    messages: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          `The agent's question: ${wanted.prompt || '(none: it fills a schema)'}\n` +
          `Still missing: ${missing}\nIt is on: ${pageUrl}\n\nLinks of that page:\n${listed}\n\n` +
          `Give the numbers of at most ${limit} links, best first; an empty list if no link is likely to help.`,
      },
    ],
  });
  if (!result.ok) return undefined;
  return [...new Set(result.value.links)].flatMap((index) => links[index]?.url ?? []).slice(0, limit);
}
