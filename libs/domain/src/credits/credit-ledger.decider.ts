import type { CreditCommand, CreditEvent } from '#contracts';
import { assertNever, type Decider, DomainError } from '../decider/decider.js';
import { operationCost } from './pricing.js';

/** The largest single grant: keeps sums far inside exact JavaScript integers. */
export const MAX_GRANT = 1_000_000_000;

export interface CreditLedgerState {
  grants: ReadonlySet<string>;
  /** Credits charged per operation id; a refunded operation stays here and is also in `refunded`. */
  charges: ReadonlyMap<string, number>;
  refunded: ReadonlySet<string>;
}

/**
 * A team's credit ledger: grants, charges and refunds. Every command is idempotent by its id
 * (grant id, operation id), so a redelivered completion or a retried CLI call changes nothing.
 * A charge is never refused: it pays for work already done; the api refuses new work (402)
 * when the balance is spent.
 */
export const creditLedgerDecider: Decider<CreditLedgerState, CreditCommand, CreditEvent> = {
  initialState: () => ({ grants: new Set(), charges: new Map(), refunded: new Set() }),

  evolve(state, event) {
    switch (event.type) {
      case 'CreditsGranted':
        return { ...state, grants: new Set(state.grants).add(event.data.grantId) };
      case 'CreditsCharged':
        return {
          ...state,
          charges: new Map(state.charges).set(event.data.operationId, event.data.credits),
        };
      case 'CreditsRefunded':
        return { ...state, refunded: new Set(state.refunded).add(event.data.operationId) };
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
        return [{ type: 'CreditsCharged', data: { teamId, operationId, credits, basis, chargedAt: at } }];
      }
      case 'RefundCredits': {
        const { teamId, operationId, reason, at } = command.data;
        const credits = state.charges.get(operationId);
        if (credits === undefined) {
          throw new DomainError('CHARGE_NOT_FOUND', `No charge for operation ${operationId}`);
        }
        if (state.refunded.has(operationId)) return [];
        return [{ type: 'CreditsRefunded', data: { teamId, operationId, credits, reason, refundedAt: at } }];
      }
      default:
        return assertNever(command);
    }
  },
};
