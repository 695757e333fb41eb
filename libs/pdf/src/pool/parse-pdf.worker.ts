import { type ParsedPdf, type PdfParseOptions, parsePdf } from '../parse-pdf.js';
import { PdfError } from '../pdf-error.js';

export type PdfTaskResult = { parsed: ParsedPdf } | { failure: { code: PdfError['code']; message: string } };

/** Runs in a worker thread; a PdfError crosses back as data, since thread boundaries drop its code. */
export default async function parse(input: {
  bytes: Uint8Array;
  options: PdfParseOptions;
}): Promise<PdfTaskResult> {
  try {
    return { parsed: await parsePdf(input.bytes, input.options) };
  } catch (error) {
    if (error instanceof PdfError) return { failure: { code: error.code, message: error.message } };
    throw error;
  }
}
