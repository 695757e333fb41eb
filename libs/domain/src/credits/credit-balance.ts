import type { CreditEvent, CreditTotals } from '#contracts';

/**
 * Credits of a team that has never been granted any (`DEFAULT_TEAM_CREDITS`): a number is an
 * opening allowance every team starts with; `unlimited` leaves such a team unmetered.
 */
export type DefaultTeamCredits = number | 'unlimited';

export const EMPTY_CREDIT_TOTALS: CreditTotals = {
  granted: 0,
  charged: 0,
  refunded: 0,
  usedByMonth: {},
  usedByMonthByKey: {},
  position: 0,
};

/** Pure projection step: the totals after one ledger event; an event already counted changes nothing. */
export function addToCreditTotals(totals: CreditTotals, event: CreditEvent, position: number): CreditTotals {
  if (position <= totals.position) return totals;
  // A charge without a key counts in the month only: by key, it is the month's remainder.
  const used = (at: string, credits: number, apiKeyId: string | undefined) => {
    const month = at.slice(0, 7);
    const usedByMonth = { ...totals.usedByMonth };
    usedByMonth[month] = (usedByMonth[month] ?? 0) + credits;
    if (!apiKeyId) return { usedByMonth };
    const keys = { ...totals.usedByMonthByKey?.[month] };
    keys[apiKeyId] = (keys[apiKeyId] ?? 0) + credits;
    return { usedByMonth, usedByMonthByKey: { ...totals.usedByMonthByKey, [month]: keys } };
  };
  switch (event.type) {
    case 'CreditsGranted':
      return { ...totals, granted: totals.granted + event.data.credits, position };
    case 'CreditsCharged': {
      const { credits, chargedAt, apiKeyId } = event.data;
      return {
        ...totals,
        charged: totals.charged + credits,
        ...used(chargedAt, credits, apiKeyId),
        position,
      };
    }
    case 'CreditsRefunded': {
      const { credits, refundedAt, apiKeyId } = event.data;
      return {
        ...totals,
        refunded: totals.refunded + credits,
        ...used(refundedAt, -credits, apiKeyId),
        position,
      };
    }
  }
}

/** One month of `GET /v2/team/credit-usage/historical`; by key, one month of one API key (without `apiKey`: charges that name no key). */
export interface CreditUsagePeriod {
  startDate: string;
  endDate: string;
  apiKey?: string;
  creditsUsed: number;
}

/**
 * The months a team used credits in, oldest first, each from its first to its last millisecond
 * (UTC); `byApiKey` splits each month by the key that asked, in key order, credits no key is
 * known for (monitor checks, charges recorded before keys were) in a period without `apiKey`.
 */
export function monthlyCreditUsage(totals: CreditTotals, byApiKey = false): CreditUsagePeriod[] {
  return Object.entries(totals.usedByMonth ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([month, creditsUsed]) => {
      const [year, index] = month.split('-').map(Number);
      const period = {
        startDate: new Date(Date.UTC(year, index - 1, 1)).toISOString(),
        endDate: new Date(Date.UTC(year, index, 1) - 1).toISOString(),
      };
      if (!byApiKey) return [{ ...period, creditsUsed }];
      const byKey = Object.entries(totals.usedByMonthByKey?.[month] ?? {});
      const unattributed = creditsUsed - byKey.reduce((sum, [, credits]) => sum + credits, 0);
      return [
        ...byKey
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([apiKey, credits]) => ({ ...period, apiKey, creditsUsed: credits })),
        ...(unattributed !== 0 ? [{ ...period, creditsUsed: unattributed }] : []),
      ];
    });
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
