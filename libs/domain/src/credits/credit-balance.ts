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

/** Adds `amount` to `month`'s sum, and to the key's sum in that month when a key is named. */
function addToMonth(
  byMonth: Record<string, number> | undefined,
  byMonthByKey: Record<string, Record<string, number>> | undefined,
  at: string,
  amount: number,
  apiKeyId: string | undefined,
) {
  const month = at.slice(0, 7);
  const months = { ...byMonth, [month]: (byMonth?.[month] ?? 0) + amount };
  // Without a key it counts in the month only: by key, it is the month's remainder.
  if (!apiKeyId) return { byMonth: months, byMonthByKey };
  const keys = { ...byMonthByKey?.[month] };
  keys[apiKeyId] = (keys[apiKeyId] ?? 0) + amount;
  return { byMonth: months, byMonthByKey: { ...byMonthByKey, [month]: keys } };
}

/**
 * Pure projection step: the totals after one ledger event, recorded at a global `position` and a
 * `revision` of the team's ledger stream; an event already counted changes nothing.
 */
export function addToCreditTotals(
  totals: CreditTotals,
  event: CreditEvent,
  recorded: { position: number; revision: number },
): CreditTotals {
  if (recorded.position <= totals.position) return totals;
  return { ...totals, ...counted(totals, event), position: recorded.position, revision: recorded.revision };
}

/** What one ledger event changes in the totals. */
function counted(totals: CreditTotals, event: CreditEvent): Partial<CreditTotals> {
  const used = (at: string, credits: number, apiKeyId: string | undefined) => {
    const { byMonth, byMonthByKey } = addToMonth(
      totals.usedByMonth,
      totals.usedByMonthByKey,
      at,
      credits,
      apiKeyId,
    );
    return { usedByMonth: byMonth, ...(byMonthByKey ? { usedByMonthByKey: byMonthByKey } : {}) };
  };
  switch (event.type) {
    case 'CreditsGranted':
      return { granted: totals.granted + event.data.credits };
    case 'CreditsCharged': {
      const { credits, chargedAt, apiKeyId } = event.data;
      return { charged: totals.charged + credits, ...used(chargedAt, credits, apiKeyId) };
    }
    case 'CreditsRefunded': {
      const { credits, refundedAt, apiKeyId } = event.data;
      return { refunded: totals.refunded + credits, ...used(refundedAt, -credits, apiKeyId) };
    }
    case 'ModelTokensUsed': {
      const { promptTokens, completionTokens, usedAt, apiKeyId } = event.data;
      const { byMonth, byMonthByKey } = addToMonth(
        totals.tokensByMonth,
        totals.tokensByMonthByKey,
        usedAt,
        promptTokens + completionTokens,
        apiKeyId,
      );
      return { tokensByMonth: byMonth, ...(byMonthByKey ? { tokensByMonthByKey: byMonthByKey } : {}) };
    }
    case 'TokenAllowanceSet':
      return { monthlyTokenAllowance: event.data.monthlyTokens };
  }
}

/** One calendar month (UTC) of a usage history; by key, one month of one API key (without `apiKey`: use that names no key). */
interface UsagePeriod {
  startDate: string;
  endDate: string;
  apiKey?: string;
  used: number;
}

/**
 * The months of a usage history, oldest first, each from its first to its last millisecond
 * (UTC); `byApiKey` splits each month by the key that asked, in key order, use no key is known
 * for (monitor checks, charges recorded before keys were) in a period without `apiKey`.
 */
function monthlyUsage(
  byMonth: Record<string, number> | undefined,
  byMonthByKey: Record<string, Record<string, number>> | undefined,
  byApiKey: boolean,
): UsagePeriod[] {
  return Object.entries(byMonth ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([month, used]) => {
      const [year, index] = month.split('-').map(Number);
      const period = {
        startDate: new Date(Date.UTC(year, index - 1, 1)).toISOString(),
        endDate: new Date(Date.UTC(year, index, 1) - 1).toISOString(),
      };
      if (!byApiKey) return [{ ...period, used }];
      const byKey = Object.entries(byMonthByKey?.[month] ?? {});
      const unattributed = used - byKey.reduce((sum, [, amount]) => sum + amount, 0);
      return [
        ...byKey
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([apiKey, amount]) => ({ ...period, apiKey, used: amount })),
        ...(unattributed !== 0 ? [{ ...period, used: unattributed }] : []),
      ];
    });
}

/** One month of `GET /v2/team/credit-usage/historical`. */
export type CreditUsagePeriod = Omit<UsagePeriod, 'used'> & { creditsUsed: number };

/** The months a team used credits in (`GET /v2/team/credit-usage/historical`). */
export function monthlyCreditUsage(totals: CreditTotals, byApiKey = false): CreditUsagePeriod[] {
  return monthlyUsage(totals.usedByMonth, totals.usedByMonthByKey, byApiKey).map(({ used, ...period }) => ({
    ...period,
    creditsUsed: used,
  }));
}

/** One month of `GET /v2/team/token-usage/historical`. */
export type TokenUsagePeriod = Omit<UsagePeriod, 'used'> & { tokensUsed: number };

/** The months a team's model calls used tokens in (`GET /v2/team/token-usage/historical`). */
export function monthlyTokenUsage(totals: CreditTotals, byApiKey = false): TokenUsagePeriod[] {
  return monthlyUsage(totals.tokensByMonth, totals.tokensByMonthByKey, byApiKey).map(
    ({ used, ...period }) => ({ ...period, tokensUsed: used }),
  );
}

/** Model tokens a team used in all. */
export function tokensUsed(totals: CreditTotals): number {
  return Object.values(totals.tokensByMonth ?? {}).reduce((sum, tokens) => sum + tokens, 0);
}

/** A team's model tokens in the current calendar month (UTC) against its monthly cap. */
export type TokenBudget =
  | { capped: false; tokensThisMonth: number }
  | {
      capped: true;
      monthlyTokens: number;
      tokensThisMonth: number;
      /** Never below zero: the last call may overrun the cap, as it paid for work already done. */
      remainingTokens: number;
      periodStart: string;
      periodEnd: string;
    };

/**
 * The team's cap (its own, else the operator's default; none when neither is set) and what is left
 * of it in the month of `now`.
 */
export function tokenBudget(
  totals: CreditTotals,
  defaultMonthlyTokens: number | undefined,
  now: Date,
): TokenBudget {
  const month = now.toISOString().slice(0, 7);
  const tokensThisMonth = totals.tokensByMonth?.[month] ?? 0;
  const cap =
    totals.monthlyTokenAllowance === undefined ? defaultMonthlyTokens : totals.monthlyTokenAllowance;
  if (cap === undefined || cap === null) return { capped: false, tokensThisMonth };
  const [year, index] = month.split('-').map(Number);
  return {
    capped: true,
    monthlyTokens: cap,
    tokensThisMonth,
    remainingTokens: Math.max(0, cap - tokensThisMonth),
    periodStart: new Date(Date.UTC(year, index - 1, 1)).toISOString(),
    periodEnd: new Date(Date.UTC(year, index, 1) - 1).toISOString(),
  };
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
