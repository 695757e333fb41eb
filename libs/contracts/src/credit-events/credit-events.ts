/**
 * Events of a team's credit ledger, the `credits-<teamId>` stream, published on
 * `<prefix>.evt.credits.<type>`. A charge is keyed by the operation it pays for (a scrape id), so
 * an operation is charged once however often its completion is seen. Charges carry no page
 * content or URL: only what pricing needs.
 */

/** What a charge was priced from; later features (PDF pages, proxies) fill their fields in. */
export interface ChargeBasis {
  /**
   * `parse`: an uploaded file converted by `POST /v2/parse`, priced as a scrape; `browser`: a
   * browser session (`POST /v2/browser`), priced by the minutes it was open.
   */
  operation: 'scrape' | 'parse' | 'browser';
  /** A browser session's minutes, each started minute counted. */
  browserMinutes?: number;
  /** Set for `lockdown` requests: served from the cache (`hit`) or not (`miss`). */
  lockdown?: 'hit' | 'miss';
  /** Served from the cache without visiting the page. */
  cacheHit?: boolean;
  /** The proxy the successful fetch went through. */
  proxyUsed?: 'basic' | 'enhanced';
  /** Pages of a parsed PDF (a PDF fetched with `parsers: []` is not parsed and has none). */
  pdfPages?: number;
  /** What the request asked for beyond the page itself that the reference service prices (see ScrapePremium). */
  premiums?: ScrapePremium[];
}

/**
 * Formats and options a scrape pays extra for: `json` (also change tracking's json mode),
 * `question` (also `query`), `highlights`, `audio`, `video`, `redactPII`, `zeroDataRetention`.
 */
export type ScrapePremium =
  | 'json'
  | 'question'
  | 'highlights'
  | 'audio'
  | 'video'
  | 'redactPII'
  | 'zeroDataRetention';

export interface CreditsGranted {
  type: 'CreditsGranted';
  data: { teamId: string; grantId: string; credits: number; note: string; grantedAt: string };
}

export interface CreditsCharged {
  type: 'CreditsCharged';
  data: {
    teamId: string;
    operationId: string;
    credits: number;
    basis: ChargeBasis;
    chargedAt: string;
    /** The API key whose request the operation was (absent for monitor checks and older charges). */
    apiKeyId?: string;
  };
}

export interface CreditsRefunded {
  type: 'CreditsRefunded';
  data: {
    teamId: string;
    operationId: string;
    credits: number;
    reason: string;
    refundedAt: string;
    /** The API key its charge named. */
    apiKeyId?: string;
  };
}

/**
 * Tokens a language model spent on a team's behalf (one model call, its retries included), as the
 * model endpoint reported them: Trawl bills credits, this meters what the operator's model costs.
 */
export interface ModelTokensUsed {
  type: 'ModelTokensUsed';
  data: ModelTokenUsage & { usedAt: string };
}

/** One model call's tokens, keyed by `usageId`; `operationId` names what it served (a scrape, a monitor check). */
export interface ModelTokenUsage {
  teamId: string;
  usageId: string;
  operationId: string;
  /** The operator's `LLM_MODEL`. */
  model: string;
  promptTokens: number;
  completionTokens: number;
  /** The API key whose request it served (absent for monitor checks). */
  apiKeyId?: string;
}

/**
 * The operator's cap on the model tokens a team may use in a calendar month (UTC), in place of the
 * default (`DEFAULT_TEAM_MONTHLY_TOKENS`); null: no cap for this team.
 */
export interface TokenAllowanceSet {
  type: 'TokenAllowanceSet';
  data: { teamId: string; monthlyTokens: number | null; setAt: string };
}

export type CreditEvent =
  | CreditsGranted
  | CreditsCharged
  | CreditsRefunded
  | ModelTokensUsed
  | TokenAllowanceSet;

export interface GrantCredits {
  type: 'GrantCredits';
  data: { teamId: string; grantId: string; credits: number; note: string; at: string };
}

/** The decider prices the operation from its basis; the sender never names an amount. */
export interface ChargeCredits {
  type: 'ChargeCredits';
  data: { teamId: string; operationId: string; basis: ChargeBasis; at: string; apiKeyId?: string };
}

export interface RefundCredits {
  type: 'RefundCredits';
  data: { teamId: string; operationId: string; reason: string; at: string };
}

export interface RecordModelTokens {
  type: 'RecordModelTokens';
  data: ModelTokenUsage & { at: string };
}

export interface SetTokenAllowance {
  type: 'SetTokenAllowance';
  data: { teamId: string; monthlyTokens: number | null; at: string };
}

export type CreditCommand =
  | GrantCredits
  | ChargeCredits
  | RefundCredits
  | RecordModelTokens
  | SetTokenAllowance;

export const creditLedgerStreamId = (teamId: string) => `credits-${teamId}`;

/**
 * The optional `apiKeyId` field of a command or event, copied from whatever names it: the key
 * travels from the request to its scrapes, crawl pages and charges, and is absent where none asked.
 */
export const apiKeyOf = ({ apiKeyId }: { apiKeyId?: string }): { apiKeyId?: string } =>
  apiKeyId ? { apiKeyId } : {};
export const CREDITS_CATEGORY = 'credits';

/** Read model (KV `<prefix>_credit_balances`): one entry per team, see CreditTotals. */
export const CREDIT_BALANCES_READ_MODEL = 'credit_balances';

/** Sums of one team's ledger as the projector keeps them; `position` makes replays harmless. */
export interface CreditTotals {
  granted: number;
  charged: number;
  refunded: number;
  /**
   * Credits used per calendar month (UTC, `YYYY-MM`): a charge counts in the month it was made, a
   * refund in the month it was given. Absent in totals written before months were counted.
   */
  usedByMonth?: Record<string, number>;
  /** The same for charges that name the API key that asked; charges without one (monitor checks) count in `usedByMonth` only. */
  usedByMonthByKey?: Record<string, Record<string, number>>;
  /** Model tokens (prompt and completion) used per calendar month, as `usedByMonth`; absent before tokens were metered. */
  tokensByMonth?: Record<string, number>;
  /** The same for model calls that name the API key they served. */
  tokensByMonthByKey?: Record<string, Record<string, number>>;
  /** The team's own monthly token cap (`TokenAllowanceSet`; null: none); absent: the operator's default. */
  monthlyTokenAllowance?: number | null;
  /** Global position of the last ledger event counted. */
  position: number;
  /**
   * Revision of the team's ledger stream last counted (absent in totals written before it was
   * kept): the api waits for a charge's revision before it lets go of the credits it held.
   */
  revision?: number;
}
