import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { repoRoot } from '../support/repo-root.js';

/** The WCXB development split (`WCXB_DIR` to point elsewhere, e.g. at its test split). */
const dir = process.env.WCXB_DIR ?? join(repoRoot, '../shared/bench-data/wcxb-dev/dev');

export interface WcxbPage {
  id: string;
  type: string;
  url: string;
  html: string;
  /** The human-reviewed main content, as plain text. */
  truth: string;
}

/** Every page of the split in id order; `sample: 3` takes every third, `type` one page type. */
export function* wcxbPages(options: { sample?: number; type?: string } = {}): Generator<WcxbPage> {
  for (const [index, file] of readdirSync(join(dir, 'ground-truth')).sort().entries()) {
    if (index % (options.sample ?? 1) !== 0) continue;
    const id = file.replace(/\.json(\.gz)?$/, '');
    const raw = readFileSync(join(dir, 'ground-truth', file));
    const truth = JSON.parse((file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8'));
    const primary = truth._internal?.page_type?.primary ?? 'article';
    const type = primary === 'category' ? 'collection' : primary;
    if (options.type && type !== options.type) continue;
    yield {
      id,
      type,
      // A few truths carry an empty url.
      url: truth.url || `https://wcxb.example/${id}`,
      html: gunzipSync(readFileSync(join(dir, 'html', `${id}.html.gz`))).toString('utf8'),
      truth: truth.ground_truth?.main_content ?? '',
    };
  }
}
