import type { CreditEvent, CreditTotals } from '#contracts';

/**
 * Credits of a team that has never been granted any (`DEFAULT_TEAM_CREDITS`): a number is an
 * opening allowance every team starts with; `unlimited` leaves such a team unmetered.
 */
export type DefaultTeamCredits = number | 'unlimited';

export const EMPTY_CREDIT_TOTALS: CreditTotals = { granted: 0, charged: 0, refunded: 0, position: 0 };

/** Pure projection step: the totals after one ledger event; an event already counted changes nothing. */
export function addToCreditTotals(totals: CreditTotals, event: CreditEvent, position: number): CreditTotals {
  if (position <= totals.position) return totals;
  switch (event.type) {
    case 'CreditsGranted':
      return { ...totals, granted: totals.granted + event.data.credits, position };
    case 'CreditsCharged':
      return { ...totals, charged: totals.charged + event.data.credits, position };
    case 'CreditsRefunded':
      return { ...totals, refunded: totals.refunded + event.data.credits, position };
  }
}

export type CreditBalance =
  | { metered: true; planCredits: number; remainingCredits: number; creditsUsed: number }
  | { metered: false; creditsUsed: number };

/**
 * A team is metered once it has an allowance: a numeric default, or any grant. Its plan is the
 * allowance plus grants; what remains is the plan minus charges plus refunds (it can go below
 * zero by the last charge, which pays for work already done).
 */
export function creditBalance(totals: CreditTotals, defaultCredits: DefaultTeamCredits): CreditBalance {
  const creditsUsed = totals.charged - totals.refunded;
  if (defaultCredits === 'unlimited' && totals.granted === 0) return { metered: false, creditsUsed };
  const planCredits = (defaultCredits === 'unlimited' ? 0 : defaultCredits) + totals.granted;
  return { metered: true, planCredits, remainingCredits: planCredits - creditsUsed, creditsUsed };
}

/** New work needs at least one credit left. */
export function hasCreditsLeft(balance: CreditBalance): boolean {
  return !balance.metered || balance.remainingCredits > 0;
}
