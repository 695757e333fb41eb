import { docxHtml } from '../docx-html.js';
import { OfficeError } from '../office-error.js';
import { xlsxHtml } from '../xlsx-html.js';

/** The office formats this build reads. */
export type OfficeType = 'docx' | 'xlsx';

export type OfficeTaskResult = { html: string } | { failure: { code: OfficeError['code']; message: string } };

/** Runs in a worker thread; an OfficeError crosses back as data, since thread boundaries drop its code. */
export default async function convert(input: {
  type: OfficeType;
  bytes: Uint8Array;
}): Promise<OfficeTaskResult> {
  try {
    return { html: await (input.type === 'docx' ? docxHtml : xlsxHtml)(input.bytes) };
  } catch (error) {
    if (error instanceof OfficeError) return { failure: { code: error.code, message: error.message } };
    throw error;
  }
}
