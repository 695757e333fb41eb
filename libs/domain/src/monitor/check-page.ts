import type { PageStatus } from '#contracts';
import { isRemovedStatus } from '../change-tracking/change-tracking-policy.js';

/** What a check learned about one URL: the scrape's outcome and, if there is a baseline, the comparison. */
export type PageObservation =
  | { outcome: 'failed'; error: string }
  | { outcome: 'scraped'; statusCode: number; hasBaseline: boolean; comparison?: 'same' | 'changed' };

/**
 * Classifies a page of a check. A 404/410 is `removed` when the page had a baseline; any other
 * error answer, or a failed scrape, is `error`. Whether a page without baseline is `new` does not
 * depend on its content; `same`/`changed` come from the one markdown comparison of change tracking.
 */
export function classifyPage(observation: PageObservation): { status: PageStatus; error: string | null } {
  if (observation.outcome === 'failed') return { status: 'error', error: observation.error };
  const { statusCode, hasBaseline, comparison } = observation;
  if (isRemovedStatus(statusCode) && hasBaseline) return { status: 'removed', error: null };
  if (statusCode >= 400) return { status: 'error', error: `The page answered HTTP ${statusCode}` };
  if (!hasBaseline) return { status: 'new', error: null };
  if (comparison === undefined) throw new Error('a page with a baseline needs a comparison');
  return { status: comparison, error: null };
}

/** Only pages that answered with content become the baseline of the next check. */
export const becomesBaseline = (status: PageStatus) =>
  status === 'new' || status === 'same' || status === 'changed';
