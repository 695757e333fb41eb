import { Injectable } from '@nestjs/common';
import { v7 as uuidv7 } from 'uuid';
import {
  apiKeyOf,
  crawlBodyWithPromptOptions,
  PROMPT_CRAWL_OPTIONS,
  TrawlError,
  type ValidCrawlRequest,
  validateCrawlRequest,
} from '#contracts';
import { ModelMeter } from '#llm';
import type { Caller } from '../auth/caller.decorator.js';

type PromptOptions = Partial<Record<(typeof PROMPT_CRAWL_OPTIONS)[number], unknown>>;

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: 'null' }] });
const paths = nullable({ type: 'array', items: { type: 'string', maxLength: 500 }, maxItems: 20 });
const flag = nullable({ type: 'boolean' });

/** Every option, null when the prompt does not ask for it (strict structured output wants all keys). */
const OPTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [...PROMPT_CRAWL_OPTIONS],
  properties: {
    includePaths: paths,
    excludePaths: paths,
    maxDiscoveryDepth: nullable({ type: 'integer', minimum: 0, maximum: 100 }),
    crawlEntireDomain: flag,
    allowExternalLinks: flag,
    allowSubdomains: flag,
    sitemap: nullable({ enum: ['skip', 'include', 'only'] }),
    ignoreQueryParameters: flag,
    deduplicateSimilarURLs: flag,
    limit: nullable({ type: 'integer', minimum: 1, maximum: 100_000 }),
  },
} as const;

const INSTRUCTIONS = [
  'You turn a request in words into the options of a website crawl that starts at a given URL.',
  'Answer every option; use null for each one the request does not ask for, so the default applies.',
  'includePaths / excludePaths: regular expressions matched against the URL path (e.g. "^/blog/", "/tag/"); only',
  'pages whose path matches an include pattern are crawled, none whose path matches an exclude pattern.',
  'maxDiscoveryDepth: how many links away from the start page to go (0: the start page and sitemap pages only).',
  'crawlEntireDomain: follow links anywhere on the site, not only below the start path.',
  'allowSubdomains: follow links to subdomains. allowExternalLinks: follow links to other sites.',
  'sitemap: "include" (also use the sitemap), "skip" (links only) or "only" (sitemap pages only).',
  'ignoreQueryParameters: treat URLs that differ only in their query as one page.',
  'deduplicateSimilarURLs: treat www/non-www, http/https and index pages as one page.',
  'limit: the most pages to crawl.',
].join('\n');

/**
 * A crawl's `prompt`, turned into crawl options by the configured model (Firecrawl's
 * `prompt` and `POST /v2/crawl/params-preview`). Without a model the prompt is refused, never ignored.
 */
@Injectable()
export class CrawlPrompts {
  constructor(private readonly models: ModelMeter) {}

  /**
   * The options the prompt asks for, without the ones it leaves to the defaults. The model's
   * tokens are the caller's, under an operation id of the prompt's own (the crawl has none yet).
   */
  async options(url: string, prompt: string, caller: Caller, correlationId: string): Promise<PromptOptions> {
    const llm = this.models.for({
      teamId: caller.teamId,
      ...apiKeyOf(caller),
      operationId: uuidv7(),
      correlationId,
    });
    if (!llm) {
      throw new TrawlError(
        'FEATURE_NOT_AVAILABLE',
        'Not available in this Trawl version yet: prompt (needs a language model: the operator sets LLM_BASE_URL)',
        [{ path: ['prompt'], message: 'needs a language model (LLM_BASE_URL)' }],
      );
    }
    const result = await llm.structured<PromptOptions>({
      schemaName: 'crawl_options',
      schema: OPTIONS_SCHEMA,
      messages: [
        { role: 'system', content: INSTRUCTIONS },
        { role: 'user', content: `Start URL: ${url}\nRequest: ${prompt}` },
      ],
    });
    if (!result.ok) {
      throw new TrawlError(
        'CRAWL_PROMPT_FAILED',
        `The model could not turn the prompt into options: ${result.reason}`,
      );
    }
    return Object.fromEntries(Object.entries(result.value).filter(([, value]) => value !== null));
  }

  /** The crawl with the prompt's options, the client's explicit ones winning. */
  async plan(
    body: Record<string, unknown>,
    crawl: ValidCrawlRequest,
    caller: Caller,
    correlationId: string,
  ): Promise<ValidCrawlRequest> {
    const generated = await this.options(crawl.url, crawl.prompt ?? '', caller, correlationId);
    const planned = validateCrawlRequest(crawlBodyWithPromptOptions(body, generated));
    if (!planned.ok) {
      throw new TrawlError(
        'CRAWL_PROMPT_FAILED',
        `The model proposed crawl options that are not valid: ${planned.error}`,
        planned.details,
      );
    }
    return planned.value;
  }
}
