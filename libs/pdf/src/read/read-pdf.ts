import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api.js';
import type { TextRun } from '../layout/text-run.js';
import { PdfError } from '../pdf-error.js';

export interface PdfPageText {
  /** 1-based. */
  number: number;
  runs: TextRun[];
  /** URLs of the page's link annotations. */
  links: string[];
}

const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Opens a PDF with pdf.js: no script evaluation, no font loading into a DOM, clear errors. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
  // pdf.js (1 MB) is loaded with the first PDF, not by every process that can read one.
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  try {
    return await getDocument({
      // pdf.js takes ownership of (detaches) the buffer it is given.
      data: bytes.slice(),
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      standardFontDataUrl: STANDARD_FONTS,
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'PasswordException') {
      throw new PdfError('SCRAPE_PDF_ENCRYPTED', 'The PDF is password-protected and cannot be read');
    }
    throw new PdfError('SCRAPE_PDF_INVALID', `The PDF could not be read: ${(error as Error).message}`);
  }
}

/** The document's own title, when it has a real one. */
export async function pdfTitle(document: PDFDocumentProxy): Promise<string | undefined> {
  const { info } = await document.getMetadata().catch(() => ({ info: {} }));
  const title = (info as { Title?: unknown }).Title;
  return typeof title === 'string' && title.trim() && !/^about:blank$|^untitled/i.test(title.trim())
    ? title.trim()
    : undefined;
}

/** The text layer of one page as positioned runs, with bold taken from the font names and fixed widths from pdf.js's font family. */
export async function readPageText(document: PDFDocumentProxy, number: number): Promise<PdfPageText> {
  const page = await document.getPage(number);
  try {
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextItem => 'str' in item);
    const boldFonts = await boldFontNames(page, new Set(items.map((item) => item.fontName)));
    const runs = items.map((item) => {
      const [a, b, c, d, x, y] = item.transform as number[];
      return {
        text: item.str,
        x,
        y,
        width: item.width,
        fontSize: Math.round(Math.max(Math.hypot(c, d), Math.hypot(a, b)) * 2) / 2,
        bold: boldFonts.has(item.fontName),
        ...(content.styles[item.fontName]?.fontFamily === 'monospace' ? { monospace: true } : {}),
      };
    });
    const links = (await page.getAnnotations())
      .filter((annotation) => annotation.subtype === 'Link' && typeof annotation.url === 'string')
      .map((annotation) => annotation.url as string);
    return { number, runs, links };
  } finally {
    page.cleanup();
  }
}

/** Font objects are only resolved once the page's operators are read; their names say Bold/Black/Heavy. */
async function boldFontNames(page: PDFPageProxy, names: Set<string>): Promise<Set<string>> {
  await page.getOperatorList();
  const bold = new Set<string>();
  for (const name of names) {
    try {
      const font = page.commonObjs.get(name) as { name?: string; bold?: boolean } | undefined;
      if (font?.bold || /bold|black|heavy|semibold|demi/i.test(font?.name ?? '')) bold.add(name);
    } catch {
      // A font pdf.js could not load: treat it as regular.
    }
  }
  return bold;
}
