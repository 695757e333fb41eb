import type { ContentPool, PageOutput, ScrapeDocument } from '#content';
import { buildDocument, noAttributeValues, type PageInput, pageInputOf } from '#content';
import type { FetchedPage, ScrapeRequest } from '#contracts';
import type { PdfPool } from '../pool/pdf-pool.js';

/** What a PDF adds to the document beyond the formats: page counts and a truncation note. */
export interface PdfOutput {
  output: PageOutput;
  metadata: { numPages?: number; totalPages?: number };
  warning?: string;
}

/**
 * A PDF → the requested formats. With the `pdf` parser (the default) its layout becomes semantic
 * HTML that goes through the same markdown conversion as a web page (whole, never main-content
 * pruned); with `parsers: []` the file itself comes back Base64-encoded in markdown and html.
 */
export async function pdfOutput(
  pools: { pdf: PdfPool; content: ContentPool },
  request: ScrapeRequest,
  page: FetchedPage,
  bytes: Uint8Array,
): Promise<PdfOutput> {
  const input = pageInputOf(request, page, '');
  const parser = request.parsers.find((candidate) => candidate.type === 'pdf');
  if (!parser) {
    return {
      output: base64Output(bytes, input),
      metadata: {},
      // Redacting inside Base64 would corrupt the file without removing anything readable.
      ...(input.redactPII
        ? { warning: 'redactPII does not apply to a PDF returned Base64-encoded (parsers: [])' }
        : {}),
    };
  }

  const parsed = await pools.pdf.parse(bytes, { mode: parser.mode ?? 'auto', maxPages: parser.maxPages });
  const output = await pools.content.convert({
    ...input,
    html: parsed.html,
    contentType: 'text/html',
    onlyMainContent: false,
  });
  if (output.links) output.links = parsed.links;
  if (output.pageLinks) output.pageLinks = parsed.links;
  if (parsed.title) output.metadata.title = parsed.title;
  return {
    output,
    metadata: { numPages: parsed.numPages, totalPages: parsed.totalPages },
    ...(parsed.totalPages > parsed.numPages
      ? {
          warning: `The PDF has ${parsed.totalPages} pages; only the first ${parsed.numPages} were parsed (parsers maxPages)`,
        }
      : {}),
  };
}

/** The Firecrawl document of a PDF: the formats plus its page counts and truncation warning. */
export function pdfDocument(
  scrapeId: string,
  request: ScrapeRequest,
  page: FetchedPage,
  pdf: PdfOutput,
): ScrapeDocument {
  const document = buildDocument(scrapeId, request, page, pdf.output);
  Object.assign(document.metadata, pdf.metadata);
  if (pdf.warning) document.warning = document.warning ? `${document.warning}. ${pdf.warning}` : pdf.warning;
  return document;
}

function base64Output(bytes: Uint8Array, input: PageInput): PageOutput {
  const encoded = Buffer.from(bytes).toString('base64');
  const wants = new Set(input.formats);
  return {
    metadata: {},
    ...(wants.has('markdown') ? { markdown: encoded } : {}),
    ...(wants.has('html') ? { html: encoded } : {}),
    ...(wants.has('links') ? { links: [] } : {}),
    ...(wants.has('images') ? { images: [] } : {}),
    ...(input.attributes ? { attributes: noAttributeValues(input.attributes) } : {}),
  };
}
