import type { CreditCommand, CreditEvent } from '#contracts';
import { DomainError } from '../decider/decider.js';
import { given } from '../decider/given-when-then.js';
import {
  addToCreditTotals,
  creditBalance,
  EMPTY_CREDIT_TOTALS,
  hasCreditsLeft,
  monthlyCreditUsage,
  monthlyTokenUsage,
  tokenBudget,
  tokensUsed,
} from './credit-balance.js';
import { type CreditLedgerState, creditLedgerDecider } from './credit-ledger.decider.js';
import { operationCost } from './pricing.js';

const granted: CreditEvent = {
  type: 'CreditsGranted',
  data: { teamId: 't1', grantId: 'g1', credits: 10, note: 'trial', grantedAt: 't0' },
};
const charged: CreditEvent = {
  type: 'CreditsCharged',
  data: {
    teamId: 't1',
    operationId: 's1',
    credits: 1,
    basis: { operation: 'scrape' },
    chargedAt: '2026-10-31T23:59:59.000Z',
  },
};
/** The n-th event of one team's ledger: global positions from 1, stream revisions from 0. */
const recordedAt = (position: number) => ({ position, revision: position - 1 });

describe('credit ledger decider', () => {
  it('grants once per grant id and refuses amounts that are not positive integers', () => {
    const grant = {
      type: 'GrantCredits',
      data: { teamId: 't1', grantId: 'g1', credits: 10, note: 'trial', at: 't0' },
    } as const;
    expect(given(creditLedgerDecider, []).when(grant)).toEqual([granted]);
    expect(given(creditLedgerDecider, [granted]).when(grant)).toEqual([]);
    for (const credits of [0, -5, 1.5, Number.NaN]) {
      expect(() =>
        given(creditLedgerDecider, []).when({ ...grant, data: { ...grant.data, credits } }),
      ).toThrow(DomainError);
    }
  });

  it('charges an operation exactly once, priced from its basis', () => {
    const charge = {
      type: 'ChargeCredits',
      data: {
        teamId: 't1',
        operationId: 's1',
        basis: { operation: 'scrape' },
        at: '2026-10-31T23:59:59.000Z',
      },
    } as const;
    expect(given(creditLedgerDecider, [granted]).when(charge)).toEqual([charged]);
    // A redelivered completion of the same scrape decides nothing.
    expect(given(creditLedgerDecider, [granted, charged]).when(charge)).toEqual([]);
    // With no grant at all the charge is still recorded: it pays for work already done.
    expect(given(creditLedgerDecider, []).when(charge)).toEqual([charged]);
  });

  it('refunds a charged operation once, by the amount charged', () => {
    const refund = {
      type: 'RefundCredits',
      data: { teamId: 't1', operationId: 's1', reason: 'operator', at: 't2' },
    } as const;
    const refunded: CreditEvent = {
      type: 'CreditsRefunded',
      data: { teamId: 't1', operationId: 's1', credits: 1, reason: 'operator', refundedAt: 't2' },
    };
    expect(given(creditLedgerDecider, [charged]).when(refund)).toEqual([refunded]);
    expect(given(creditLedgerDecider, [charged, refunded]).when(refund)).toEqual([]);
    expect(() => given(creditLedgerDecider, []).when(refund)).toThrow('No charge');
  });
});

describe('pricing', () => {
  it('follows the reference rules', () => {
    expect(operationCost({ operation: 'scrape' })).toBe(1);
    expect(operationCost({ operation: 'scrape', cacheHit: true })).toBe(1);
    expect(operationCost({ operation: 'scrape', lockdown: 'hit', cacheHit: true })).toBe(5);
    expect(operationCost({ operation: 'scrape', lockdown: 'miss' })).toBe(1);
    expect(operationCost({ operation: 'scrape', proxyUsed: 'basic' })).toBe(1);
    expect(operationCost({ operation: 'scrape', proxyUsed: 'enhanced' })).toBe(5);
    expect(operationCost({ operation: 'scrape', pdfPages: 12 })).toBe(12);
    expect(operationCost({ operation: 'scrape', pdfPages: 0 })).toBe(1);
  });
});

describe('credit balance', () => {
  const totals = [granted, charged].reduce(
    (sum, event, index) => addToCreditTotals(sum, event, recordedAt(index + 1)),
    EMPTY_CREDIT_TOTALS,
  );

  it('sums the ledger and ignores an event counted before (replays, redeliveries)', () => {
    expect(totals).toEqual({
      granted: 10,
      charged: 1,
      refunded: 0,
      usedByMonth: { '2026-10': 1 },
      usedByMonthByKey: {},
      position: 2,
      revision: 1,
    });
    expect(addToCreditTotals(totals, charged, recordedAt(2))).toBe(totals);
  });

  it('counts the credits used per calendar month (UTC): charges when made, refunds when given', () => {
    const later = (type: 'CreditsCharged' | 'CreditsRefunded', at: string, credits: number): CreditEvent =>
      type === 'CreditsCharged'
        ? { type, data: { ...(charged.data as object), credits, chargedAt: at } as never }
        : { type, data: { teamId: 't1', operationId: 's1', credits, reason: 'operator', refundedAt: at } };
    const months = [
      later('CreditsCharged', '2026-11-01T00:00:00.000Z', 5),
      later('CreditsRefunded', '2026-11-02T00:00:00.000Z', 1),
      later('CreditsCharged', '2027-02-10T00:00:00.000Z', 2),
    ].reduce((sum, event, index) => addToCreditTotals(sum, event, recordedAt(index + 3)), totals);
    expect(months.usedByMonth).toEqual({ '2026-10': 1, '2026-11': 4, '2027-02': 2 });
    expect(monthlyCreditUsage(months)).toEqual([
      { startDate: '2026-10-01T00:00:00.000Z', endDate: '2026-10-31T23:59:59.999Z', creditsUsed: 1 },
      { startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z', creditsUsed: 4 },
      { startDate: '2027-02-01T00:00:00.000Z', endDate: '2027-02-28T23:59:59.999Z', creditsUsed: 2 },
    ]);
    // Totals written before months were counted have none to show.
    expect(monthlyCreditUsage({ granted: 0, charged: 3, refunded: 0, position: 9 })).toEqual([]);
  });

  it("splits the usage by the API key a charge names; a refund nets out against its charge's key", () => {
    const decide = (state: CreditLedgerState, command: CreditCommand) =>
      creditLedgerDecider.decide(command, state);
    const fold = (state: CreditLedgerState, events: CreditEvent[]) =>
      events.reduce(creditLedgerDecider.evolve, state);
    const charge = (operationId: string, apiKeyId?: string): CreditCommand => ({
      type: 'ChargeCredits',
      data: {
        teamId: 't1',
        operationId,
        basis: { operation: 'scrape', proxyUsed: 'enhanced' },
        at: '2026-11-03T10:00:00.000Z',
        ...(apiKeyId ? { apiKeyId } : {}),
      },
    });
    let ledger = creditLedgerDecider.initialState();
    const events: CreditEvent[] = [];
    for (const command of [
      charge('s1', 'key-b'),
      charge('s2', 'key-a'),
      charge('s3', 'key-b'),
      charge('s4'),
    ]) {
      const decided = decide(ledger, command);
      events.push(...decided);
      ledger = fold(ledger, decided);
    }
    const refund = decide(ledger, {
      type: 'RefundCredits',
      data: { teamId: 't1', operationId: 's3', reason: 'operator', at: '2026-11-04T00:00:00.000Z' },
    });
    expect(refund).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ apiKeyId: 'key-b', credits: 5 }) }),
    ]);
    const byKey = [...events, ...refund].reduce(
      (sum, event, index) => addToCreditTotals(sum, event, recordedAt(index + 1)),
      EMPTY_CREDIT_TOTALS,
    );
    const november = { startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z' };
    expect(monthlyCreditUsage(byKey, true)).toEqual([
      { ...november, apiKey: 'key-a', creditsUsed: 5 },
      { ...november, apiKey: 'key-b', creditsUsed: 5 },
      { ...november, creditsUsed: 5 },
    ]);
    expect(monthlyCreditUsage(byKey)).toEqual([{ ...november, creditsUsed: 15 }]);
    // Totals from before keys were counted: the month's credits, with no key to name.
    expect(monthlyCreditUsage({ ...byKey, usedByMonthByKey: undefined }, true)).toEqual([
      { ...november, creditsUsed: 15 },
    ]);
  });

  it('meters a team once it has an allowance or a grant', () => {
    expect(creditBalance(totals, 'unlimited')).toEqual({
      metered: true,
      planCredits: 10,
      remainingCredits: 9,
      creditsUsed: 1,
    });
    expect(creditBalance(totals, 100)).toMatchObject({ planCredits: 110, remainingCredits: 109 });
    const ungranted = { ...EMPTY_CREDIT_TOTALS, charged: 7 };
    expect(creditBalance(ungranted, 'unlimited')).toEqual({ metered: false, creditsUsed: 7 });
    expect(hasCreditsLeft(creditBalance(ungranted, 'unlimited'))).toBe(true);
    expect(hasCreditsLeft(creditBalance(ungranted, 7))).toBe(false);
    expect(hasCreditsLeft(creditBalance(ungranted, 8))).toBe(true);
  });

  it('records each model call once by its usage id, counts its tokens apart from credits, month by month and by key', () => {
    const call = (usageId: string, at: string, promptTokens: number, apiKeyId?: string): CreditCommand => ({
      type: 'RecordModelTokens',
      data: {
        teamId: 't1',
        usageId,
        operationId: 's1',
        model: 'm',
        promptTokens,
        completionTokens: 10,
        at,
        ...(apiKeyId ? { apiKeyId } : {}),
      },
    });
    let ledger = creditLedgerDecider.initialState();
    const events: CreditEvent[] = [];
    for (const command of [
      call('u1', '2026-11-30T23:00:00.000Z', 100, 'key-a'),
      call('u2', '2026-12-01T01:00:00.000Z', 40, 'key-a'),
      call('u3', '2026-12-02T00:00:00.000Z', 0),
      // A command sent again (a retried request) records nothing new.
      call('u1', '2026-11-30T23:00:00.000Z', 100, 'key-a'),
    ]) {
      const decided = creditLedgerDecider.decide(command, ledger);
      events.push(...decided);
      ledger = decided.reduce(creditLedgerDecider.evolve, ledger);
    }
    expect(events.map((event) => event.type)).toEqual([
      'ModelTokensUsed',
      'ModelTokensUsed',
      'ModelTokensUsed',
    ]);
    expect(events[0].data).toEqual(
      expect.objectContaining({ usageId: 'u1', usedAt: '2026-11-30T23:00:00.000Z', apiKeyId: 'key-a' }),
    );
    const counted = [charged, ...events].reduce(
      (sum, event, index) => addToCreditTotals(sum, event, recordedAt(index + 1)),
      EMPTY_CREDIT_TOTALS,
    );
    // Tokens are not credits: the team's balance moves only by the charge.
    expect(creditBalance(counted, 'unlimited')).toEqual({ metered: false, creditsUsed: 1 });
    expect(tokensUsed(counted)).toBe(170);
    const november = { startDate: '2026-11-01T00:00:00.000Z', endDate: '2026-11-30T23:59:59.999Z' };
    const december = { startDate: '2026-12-01T00:00:00.000Z', endDate: '2026-12-31T23:59:59.999Z' };
    expect(monthlyTokenUsage(counted)).toEqual([
      { ...november, tokensUsed: 110 },
      { ...december, tokensUsed: 60 },
    ]);
    expect(monthlyTokenUsage(counted, true)).toEqual([
      { ...november, apiKey: 'key-a', tokensUsed: 110 },
      { ...december, apiKey: 'key-a', tokensUsed: 50 },
      { ...december, tokensUsed: 10 },
    ]);
    // Totals from before tokens were metered have none.
    expect(monthlyTokenUsage(totals)).toEqual([]);
    expect(tokensUsed(totals)).toBe(0);
    for (const promptTokens of [-1, 1.5, Number.NaN, 1e12]) {
      expect(() =>
        creditLedgerDecider.decide(call('u9', '2026-12-02T00:00:00.000Z', promptTokens), ledger),
      ).toThrow(DomainError);
    }
  });

  it("caps a team's model tokens a month: its own cap, else the operator's default, what this month leaves", () => {
    const cap = (monthlyTokens: number | null): CreditCommand => ({
      type: 'SetTokenAllowance',
      data: { teamId: 't1', monthlyTokens, at: '2026-12-01T09:00:00.000Z' },
    });
    const set: CreditEvent = {
      type: 'TokenAllowanceSet',
      data: { teamId: 't1', monthlyTokens: 100, setAt: '2026-12-01T09:00:00.000Z' },
    };
    expect(given(creditLedgerDecider, []).when(cap(100))).toEqual([set]);
    // The cap it already has records nothing; lifting it does.
    expect(given(creditLedgerDecider, [set]).when(cap(100))).toEqual([]);
    expect(given(creditLedgerDecider, [set]).when(cap(null))).toEqual([
      {
        type: 'TokenAllowanceSet',
        data: { teamId: 't1', monthlyTokens: null, setAt: '2026-12-01T09:00:00.000Z' },
      },
    ]);
    for (const monthlyTokens of [-1, 2.5, Number.NaN, 1e13]) {
      expect(() => given(creditLedgerDecider, []).when(cap(monthlyTokens))).toThrow(DomainError);
    }

    const used = (usedAt: string, tokens: number): CreditEvent => ({
      type: 'ModelTokensUsed',
      data: {
        teamId: 't1',
        usageId: usedAt,
        operationId: 's1',
        model: 'm',
        promptTokens: tokens,
        completionTokens: 0,
        usedAt,
      },
    });
    const sum = (events: CreditEvent[]) =>
      events.reduce(
        (totals, event, index) => addToCreditTotals(totals, event, recordedAt(index + 1)),
        EMPTY_CREDIT_TOTALS,
      );
    const now = new Date('2026-12-15T12:00:00.000Z');
    const spent = [used('2026-11-30T23:00:00.000Z', 500), used('2026-12-02T00:00:00.000Z', 70)];
    const december = { periodStart: '2026-12-01T00:00:00.000Z', periodEnd: '2026-12-31T23:59:59.999Z' };
    // No cap anywhere: unlimited. Last month's tokens do not count against this month's cap.
    expect(tokenBudget(sum(spent), undefined, now)).toEqual({ capped: false, tokensThisMonth: 70 });
    expect(tokenBudget(sum(spent), 1_000, now)).toEqual({
      capped: true,
      monthlyTokens: 1_000,
      tokensThisMonth: 70,
      remainingTokens: 930,
      ...december,
    });
    // The team's own cap wins over the default; the last call may overrun it, nothing remains.
    expect(tokenBudget(sum([...spent, set, used('2026-12-03T00:00:00.000Z', 45)]), 1_000, now)).toMatchObject(
      {
        monthlyTokens: 100,
        tokensThisMonth: 115,
        remainingTokens: 0,
      },
    );
    // Lifted for the team: no cap, whatever the default.
    const lifted: CreditEvent = { type: 'TokenAllowanceSet', data: { ...set.data, monthlyTokens: null } };
    expect(tokenBudget(sum([...spent, set, lifted]), 1_000, now)).toEqual({
      capped: false,
      tokensThisMonth: 70,
    });
  });
});
