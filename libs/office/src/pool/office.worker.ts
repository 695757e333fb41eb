import { csvHtml } from '../csv-html.js';
import { docxHtml } from '../docx-html.js';
import { epubHtml } from '../epub-html.js';
import { OfficeError } from '../office-error.js';
import { xlsxHtml } from '../xlsx-html.js';

/** The office formats this build reads itself. */
export type OfficeType = 'docx' | 'xlsx' | 'csv' | 'epub';

export type OfficeTaskResult = { html: string } | { failure: { code: OfficeError['code']; message: string } };

const readers: Record<OfficeType, (bytes: Uint8Array) => string | Promise<string>> = {
  docx: docxHtml,
  xlsx: xlsxHtml,
  csv: csvHtml,
  epub: epubHtml,
};

/** Runs in a worker thread; an OfficeError crosses back as data, since thread boundaries drop its code. */
export default async function convert(input: {
  type: OfficeType;
  bytes: Uint8Array;
}): Promise<OfficeTaskResult> {
  try {
    return { html: await readers[input.type](input.bytes) };
  } catch (error) {
    if (error instanceof OfficeError) return { failure: { code: error.code, message: error.message } };
    throw error;
  }
}
