import { apiKeyOf, type CreditCommand, type CreditEvent } from '#contracts';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';
import { operationCost } from './pricing.js';

/** The largest single grant: keeps sums far inside exact JavaScript integers. */
export const MAX_GRANT = 1_000_000_000;

export interface CreditLedgerState {
  grants: ReadonlySet<string>;
  /** Credits charged per operation id, and the API key charged; a refunded operation stays here and is also in `refunded`. */
  charges: ReadonlyMap<string, { credits: number; apiKeyId?: string }>;
  refunded: ReadonlySet<string>;
  /** Model calls already recorded, by usage id. */
  tokenUsages: ReadonlySet<string>;
  /** The team's own monthly token cap, once set (null: none). */
  monthlyTokens?: number | null;
}

/** The largest monthly token cap: far inside exact integers. */
export const MAX_MONTHLY_TOKENS = 1_000_000_000_000;

/** The most tokens one model call may record: far above any model's context, far inside exact integers. */
const MAX_CALL_TOKENS = 100_000_000;

/**
 * A team's credit ledger: grants, charges and refunds. Every command is idempotent by its id
 * (grant id, operation id), so a redelivered completion or a retried CLI call changes nothing.
 * A charge is never refused: it pays for work already done; the api refuses new work (402)
 * when the balance is spent.
 */
export const creditLedgerDecider: Decider<CreditLedgerState, CreditCommand, CreditEvent> = {
  initialState: () => ({
    grants: new Set(),
    charges: new Map(),
    refunded: new Set(),
    tokenUsages: new Set(),
  }),

  evolve(state, event) {
    switch (event.type) {
      case 'CreditsGranted':
        return { ...state, grants: new Set(state.grants).add(event.data.grantId) };
      case 'CreditsCharged':
        return {
          ...state,
          charges: new Map(state.charges).set(event.data.operationId, {
            credits: event.data.credits,
            ...apiKeyOf(event.data),
          }),
        };
      case 'CreditsRefunded':
        return { ...state, refunded: new Set(state.refunded).add(event.data.operationId) };
      case 'ModelTokensUsed':
        return { ...state, tokenUsages: new Set(state.tokenUsages).add(event.data.usageId) };
      case 'TokenAllowanceSet':
        return { ...state, monthlyTokens: event.data.monthlyTokens };
      default:
        return assertNever(event);
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'GrantCredits': {
        const { teamId, grantId, credits, note, at } = command.data;
        if (state.grants.has(grantId)) return [];
        if (!Number.isInteger(credits) || credits < 1 || credits > MAX_GRANT) {
          throw new DomainError('BAD_REQUEST', `credits must be an integer from 1 to ${MAX_GRANT}`);
        }
        return [{ type: 'CreditsGranted', data: { teamId, grantId, credits, note, grantedAt: at } }];
      }
      case 'ChargeCredits': {
        const { teamId, operationId, basis, at } = command.data;
        if (state.charges.has(operationId)) return [];
        const credits = operationCost(basis);
        return [
          {
            type: 'CreditsCharged',
            data: { teamId, operationId, credits, basis, chargedAt: at, ...apiKeyOf(command.data) },
          },
        ];
      }
      case 'RefundCredits': {
        const { teamId, operationId, reason, at } = command.data;
        const charge = state.charges.get(operationId);
        if (charge === undefined) {
          throw new DomainError('CHARGE_NOT_FOUND', `No charge for operation ${operationId}`);
        }
        if (state.refunded.has(operationId)) return [];
        // A refund names the key its charge named, so usage by key nets out as the team's does.
        return [
          {
            type: 'CreditsRefunded',
            data: {
              teamId,
              operationId,
              credits: charge.credits,
              reason,
              refundedAt: at,
              ...apiKeyOf(charge),
            },
          },
        ];
      }
      case 'RecordModelTokens': {
        const { at, ...usage } = command.data;
        if (state.tokenUsages.has(usage.usageId)) return [];
        for (const count of [usage.promptTokens, usage.completionTokens]) {
          if (!Number.isInteger(count) || count < 0 || count > MAX_CALL_TOKENS) {
            throw new DomainError(
              'BAD_REQUEST',
              `token counts must be integers from 0 to ${MAX_CALL_TOKENS}`,
            );
          }
        }
        return [{ type: 'ModelTokensUsed', data: { ...usage, usedAt: at } }];
      }
      case 'SetTokenAllowance': {
        const { teamId, monthlyTokens, at } = command.data;
        if (
          monthlyTokens !== null &&
          (!Number.isInteger(monthlyTokens) || monthlyTokens < 0 || monthlyTokens > MAX_MONTHLY_TOKENS)
        ) {
          throw new DomainError(
            'BAD_REQUEST',
            `monthlyTokens must be null or an integer from 0 to ${MAX_MONTHLY_TOKENS}`,
          );
        }
        // Setting the cap it already has records nothing.
        if (state.monthlyTokens === monthlyTokens) return [];
        return [{ type: 'TokenAllowanceSet', data: { teamId, monthlyTokens, setAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};
