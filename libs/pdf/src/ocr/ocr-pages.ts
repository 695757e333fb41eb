import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LayoutBlock } from '../layout/text-run.js';
import { PdfError } from '../pdf-error.js';

const run = promisify(execFile);

/** Rendering resolution for OCR: Tesseract reads body text best at about 300 dpi. */
const OCR_DPI = 300;

let toolsChecked: Promise<void> | undefined;

/**
 * OCR needs Poppler's `pdftoppm` (page → image) and Tesseract with its language data, installed
 * from Debian by the setup script. Checked once per process; missing tools are a clear error.
 */
function assertOcrTools(language: string): Promise<void> {
  toolsChecked ??= (async () => {
    const missing: string[] = [];
    await run('pdftoppm', ['-v']).catch(() => missing.push('pdftoppm (Debian package poppler-utils)'));
    const languages = await run('tesseract', ['--list-langs']).then(
      ({ stdout }) => stdout,
      () => {
        missing.push('tesseract (Debian package tesseract-ocr)');
        return '';
      },
    );
    if (missing.length === 0 && !languages.split(/\s+/).includes(language)) {
      missing.push(`Tesseract language data "${language}" (Debian package tesseract-ocr-${language})`);
    }
    if (missing.length > 0) {
      throw new PdfError(
        'SCRAPE_PDF_OCR_UNAVAILABLE',
        `OCR is not available on this server: missing ${missing.join(' and ')}`,
      );
    }
  })();
  toolsChecked.catch(() => {
    toolsChecked = undefined;
  });
  return toolsChecked;
}

/** Renders each listed page (1-based) and reads it with Tesseract; the PDF only lives in a private temp directory. */
export async function ocrPages(
  bytes: Uint8Array,
  pages: number[],
  language = 'eng',
): Promise<Map<number, LayoutBlock[]>> {
  const results = new Map<number, LayoutBlock[]>();
  if (pages.length === 0) return results;
  await assertOcrTools(language);
  const directory = await mkdtemp(join(tmpdir(), 'trawl-ocr-'));
  try {
    const pdf = join(directory, 'document.pdf');
    await writeFile(pdf, bytes, { mode: 0o600 });
    for (const page of pages) {
      const image = join(directory, `page-${page}`);
      try {
        await run('pdftoppm', [
          '-f',
          String(page),
          '-l',
          String(page),
          '-r',
          String(OCR_DPI),
          '-gray',
          '-png',
          '-singlefile',
          pdf,
          image,
        ]);
        const { stdout } = await run('tesseract', [`${image}.png`, 'stdout', '-l', language], {
          // Tesseract's OpenMP threads fight over busy cores and slow it down many times over.
          env: { ...process.env, OMP_THREAD_LIMIT: '1' },
          maxBuffer: 32 * 1024 * 1024,
        });
        results.set(page, ocrTextToBlocks(stdout));
      } catch (error) {
        throw new PdfError(
          'SCRAPE_PDF_OCR_FAILED',
          `OCR of page ${page} failed: ${(error as Error).message}`,
        );
      } finally {
        await rm(`${image}.png`, { force: true });
      }
    }
    return results;
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

const BULLET = /^[•◦▪●○■□–\-*]\s+/;

/** Tesseract separates paragraphs with blank lines; lines of a paragraph are joined again. */
function ocrTextToBlocks(text: string): LayoutBlock[] {
  return text
    .replace(/\f/g, '\n')
    .split(/\n\s*\n/)
    .map((chunk) =>
      chunk
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines): LayoutBlock => {
      if (lines.length > 1 && lines.every((line) => BULLET.test(line))) {
        return { type: 'list', ordered: false, items: lines.map((line) => line.replace(BULLET, '')) };
      }
      const text = lines.reduce((joined, line) =>
        /\p{L}-$/u.test(joined) && /^\p{Ll}/u.test(line) ? joined.slice(0, -1) + line : `${joined} ${line}`,
      );
      return { type: 'paragraph', text };
    });
}
