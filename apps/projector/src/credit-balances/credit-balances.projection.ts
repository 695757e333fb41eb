import {
  CREDIT_BALANCES_READ_MODEL,
  CREDITS_CATEGORY,
  type CreditEvent,
  type CreditTotals,
} from '#contracts';
import { addToCreditTotals, EMPTY_CREDIT_TOTALS } from '#domain';
import type { Projection } from '../projections/projection.js';
import { documentOf } from '../projections/read-model-documents.js';

/**
 * The credit balances the api checks before work starts and answers `/v2/team/credit-usage`
 * from: per team, the sums of its ledger. An event already counted (by global position) is
 * skipped, so redeliveries and replays from zero give the same totals.
 */
export const creditBalancesProjection: Projection = {
  worker: 'projector_credit_balances',
  category: CREDITS_CATEGORY,
  readModels: [{ name: CREDIT_BALANCES_READ_MODEL }],
  async apply(event, documents) {
    const balances = documents[CREDIT_BALANCES_READ_MODEL];
    const ledgerEvent = { type: event.type, data: event.data } as CreditEvent;
    const teamId = ledgerEvent.data.teamId;
    const totals = (await documentOf<CreditTotals>(balances, teamId)) ?? EMPTY_CREDIT_TOTALS;
    const next = addToCreditTotals(totals, ledgerEvent, event);
    if (next !== totals) await balances.put(teamId, JSON.stringify(next));
  },
};
