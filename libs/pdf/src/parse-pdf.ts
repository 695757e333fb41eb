import { blocksToHtml } from './layout/blocks-to-html.js';
import { columnOrder } from './layout/column-order.js';
import { groupLines } from './layout/group-lines.js';
import { linesToBlocks } from './layout/lines-to-blocks.js';
import { joinPages, withoutPageFurniture } from './layout/page-furniture.js';
import type { TextLine } from './layout/text-run.js';
import { ocrPages } from './ocr/ocr-pages.js';
import { openPdf, type PdfPageText, pdfTitle, readPageText } from './read/read-pdf.js';

export type PdfMode = 'fast' | 'auto' | 'ocr';

export interface PdfParseOptions {
  /** `fast`: the embedded text only; `ocr`: every page rendered and OCR'd; `auto`: OCR only for pages without usable text. */
  mode: PdfMode;
  /** Parse at most this many pages, from the first. */
  maxPages?: number;
  /** Tesseract language(s), e.g. `eng` or `eng+deu`. */
  ocrLanguage?: string;
}

export interface ParsedPdf {
  /** Semantic HTML of the parsed pages (headings, paragraphs, lists, tables), for the markdown converter. */
  html: string;
  /** Pages parsed. */
  numPages: number;
  /** Pages in the document. */
  totalPages: number;
  title?: string;
  /** The pages (1-based) whose text came from OCR. */
  ocrPages: number[];
  /** URLs of the parsed pages' link annotations, in page order. */
  links: string[];
}

/** Fewer visible characters than this and a page counts as having no usable text layer (a scan). */
const MIN_TEXT_CHARS = 16;

/** A PDF → semantic HTML: layout analysis of the text layer, OCR where the mode asks for it. */
export async function parsePdf(bytes: Uint8Array, options: PdfParseOptions): Promise<ParsedPdf> {
  const document = await openPdf(bytes);
  try {
    const totalPages = document.numPages;
    const numPages = Math.min(totalPages, options.maxPages ?? totalPages);
    const texts: PdfPageText[] = [];
    for (let number = 1; number <= numPages; number++) {
      texts.push(
        options.mode === 'ocr' ? { number, runs: [], links: [] } : await readPageText(document, number),
      );
    }
    const needOcr = texts
      .filter((page) => options.mode === 'ocr' || (options.mode === 'auto' && !hasUsableText(page)))
      .map((page) => page.number);
    const ocr = await ocrPages(bytes, needOcr, options.ocrLanguage);
    // Two-column pages: the left column's lines, then the right one's.
    const lines: TextLine[][] = texts.map((page) =>
      ocr.has(page.number) ? [] : columnOrder(page.runs).flatMap(groupLines),
    );
    const textBlocks = linesToBlocks(withoutPageFurniture(lines));
    const blocks = joinPages(texts.map((page, index) => ocr.get(page.number) ?? textBlocks[index]));
    const title = await pdfTitle(document);
    return {
      html: blocksToHtml(blocks, title),
      numPages,
      totalPages,
      title,
      ocrPages: needOcr,
      links: [...new Set(texts.flatMap((page) => page.links))],
    };
  } finally {
    await document.destroy();
  }
}

function hasUsableText(page: PdfPageText): boolean {
  const visible = page.runs
    .map((run) => run.text)
    .join('')
    .replace(/[\s\uFFFD]/g, '');
  return visible.length >= MIN_TEXT_CHARS;
}
