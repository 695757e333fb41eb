import type { LlmPort } from '#llm';
import { cutBlocks, KEPT_TYPES, markdownBlocks, plainText } from './clean-markdown.js';

export type ModelCleaning =
  | { ok: true; markdown: string; removedChars: number; note: string }
  /** `reason` is fit for a `warning`: it never quotes the page. */
  | { ok: false; reason: string };

/** How much of each block the model reads: enough to tell a cookie banner from a paragraph. */
const BLOCK_PREVIEW_CHARS = 300;

const SYSTEM =
  'You clean scraped web pages. Given the numbered blocks of a page, name the blocks that are boilerplate: ' +
  'cookie or consent banners, advertising, share widgets, breadcrumbs, newsletter sign-ups, comment sections, ' +
  'related-article lists, navigation and footer leftovers. Never name blocks of the content itself ' +
  '(its headings, prose, lists, tables, code, images or links). When unsure, keep the block. Answer with JSON only.';

/**
 * onlyCleanContent through the LLM port: the model reads the markdown as numbered blocks and
 * answers the numbers of the boilerplate ones, which are cut out by position, so the model never
 * rewrites a character of what stays. Code blocks, tables and math are never cut.
 */
export async function cleanWithModel(
  llm: LlmPort,
  markdown: string,
  signal?: AbortSignal,
): Promise<ModelCleaning> {
  const blocks = markdownBlocks(markdown);
  const listing = blocks
    .map(
      (block, index) =>
        `[${index}] (${block.type}) ${plainText(block).replace(/\s+/g, ' ').trim().slice(0, BLOCK_PREVIEW_CHARS)}`,
    )
    .join('\n');
  if (listing.length > llm.maxInputChars) {
    return {
      ok: false,
      reason: `the page's ${blocks.length} blocks are more than the model takes (${llm.maxInputChars} characters)`,
    };
  }
  const result = await llm.structured<{ boilerplate: number[] }>({
    schemaName: 'boilerplate',
    signal,
    schema: {
      type: 'object',
      properties: {
        boilerplate: {
          type: 'array',
          items: { type: 'integer', minimum: 0, maximum: Math.max(0, blocks.length - 1) },
        },
      },
      required: ['boilerplate'],
      additionalProperties: false,
    },
    messages: [
      { role: 'system', content: SYSTEM },
      { role: 'user', content: `Blocks of the page:\n<<<\n${listing}\n>>>\n\nWhich blocks are boilerplate?` },
    ],
  });
  if (!result.ok) return { ok: false, reason: result.reason };
  const named = new Set(result.value.boilerplate);
  const drop = new Set(blocks.filter((block, index) => named.has(index) && !KEPT_TYPES.has(block.type)));
  const kept = named.size - drop.size;
  const cleaned = cutBlocks(markdown, blocks, drop);
  return {
    ok: true,
    ...cleaned,
    note:
      `onlyCleanContent by model ${llm.model}: ${drop.size} boilerplate block(s) removed` +
      (kept > 0 ? `; ${kept} code, table or math block(s) it named kept` : ''),
  };
}
