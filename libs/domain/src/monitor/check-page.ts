import type { PageStatus } from '#contracts';
import { isRemovedStatus } from '../change-tracking/change-tracking-policy.js';

/** What a check learned about one URL: the scrape's outcome and, if there is a baseline, the comparison. */
export type PageObservation =
  | { outcome: 'failed'; error: string }
  | {
      outcome: 'scraped';
      statusCode: number;
      hasBaseline: boolean;
      comparison?: 'same' | 'changed';
      /** An earlier check reported the page `removed`, and it has not come back since. */
      reportedRemoved?: boolean;
    };

/**
 * Classifies a page of a check. A 404/410 is `removed` when the page had a baseline, once: while it
 * stays gone it is `same` (nothing changed since), and when it comes back it is `new`. Any other
 * error answer, or a failed scrape, is `error`. Whether a page without baseline is `new` does not
 * depend on its content; `same`/`changed` come from the one markdown comparison of change tracking.
 */
export function classifyPage(observation: PageObservation): { status: PageStatus; error: string | null } {
  if (observation.outcome === 'failed') return { status: 'error', error: observation.error };
  const { statusCode, hasBaseline, comparison, reportedRemoved } = observation;
  if (isRemovedStatus(statusCode) && (hasBaseline || reportedRemoved))
    return { status: reportedRemoved ? 'same' : 'removed', error: null };
  if (statusCode >= 400) return { status: 'error', error: `The page answered HTTP ${statusCode}` };
  if (!hasBaseline || reportedRemoved) return { status: 'new', error: null };
  if (comparison === undefined) throw new Error('a page with a baseline needs a comparison');
  return { status: comparison, error: null };
}

/** Only pages that answered with content become the baseline of the next check (a page still gone is `same`, not content). */
export const becomesBaseline = (status: PageStatus, statusCode: number) =>
  (status === 'new' || status === 'same' || status === 'changed') && statusCode < 400;
