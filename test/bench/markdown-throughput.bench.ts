import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { convertPage } from '#content';
import { repoRoot } from '../support/repo-root.js';

const PAGE_COUNT = 130;
const ROUNDS = 3;

/** Real-world pages: the first pages of the WCXB development split (see ../shared/bench-data). */
function loadPages(): { url: string; html: string }[] {
  const dir = process.env.WCXB_HTML_DIR ?? join(repoRoot, '../shared/bench-data/wcxb-dev/dev/html');
  const files = readdirSync(dir)
    .filter((file) => file.endsWith('.html.gz'))
    .sort()
    .slice(0, PAGE_COUNT);
  return files.map((file) => ({
    url: `https://bench.example/${file.replace('.html.gz', '')}`,
    html: gunzipSync(readFileSync(join(dir, file))).toString('utf8'),
  }));
}

function megabytesPerSecond(
  pages: { html: string }[],
  convert: (page: { url: string; html: string }) => void,
) {
  const bytes = pages.reduce((sum, page) => sum + Buffer.byteLength(page.html), 0) * ROUNDS;
  const started = process.hrtime.bigint();
  for (let round = 0; round < ROUNDS; round++) for (const page of pages) convert(page as never);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return bytes / 1e6 / seconds;
}

/** HTML → markdown of Trawl's converter against turndown + GFM on the same pages, same process. */
export function benchMarkdownThroughput(): Record<string, string> {
  const pages = loadPages();
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced' });
  turndown.use(gfm);
  turndown.remove(['script', 'style', 'noscript']);
  // Warm both up so JIT compilation is not measured.
  for (const page of pages.slice(0, 10)) {
    turndown.turndown(page.html);
    convertPage({ ...page, formats: ['markdown'], onlyMainContent: false, removeBase64Images: true });
  }
  const reference = megabytesPerSecond(pages, (page) => turndown.turndown(page.html));
  const trawlFull = megabytesPerSecond(pages, (page) =>
    convertPage({ ...page, formats: ['markdown'], onlyMainContent: false, removeBase64Images: true }),
  );
  const trawlMain = megabytesPerSecond(pages, (page) =>
    convertPage({ ...page, formats: ['markdown'], onlyMainContent: true, removeBase64Images: true }),
  );
  return {
    pages: String(pages.length),
    'turndown+gfm MB/s': reference.toFixed(2),
    'trawl (whole page) MB/s': trawlFull.toFixed(2),
    'trawl (whole page) / turndown': `${(trawlFull / reference).toFixed(2)}×`,
    'trawl (onlyMainContent) MB/s': trawlMain.toFixed(2),
    'trawl (onlyMainContent) / turndown': `${(trawlMain / reference).toFixed(2)}×`,
  };
}
