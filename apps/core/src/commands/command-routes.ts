import {
  BROWSER_CATEGORY,
  browserStreamId,
  CRAWL_CATEGORY,
  CREDITS_CATEGORY,
  crawlStreamId,
  creditLedgerStreamId,
  FEEDBACK_CATEGORY,
  feedbackStreamId,
  MONITOR_CATEGORY,
  monitorStreamId,
  SCRAPE_CATEGORY,
  scrapeStreamId,
  TEAM_CATEGORY,
  teamStreamId,
} from '#contracts';
import {
  browserSessionDecider,
  crawlDecider,
  creditLedgerDecider,
  type Decider,
  type DomainEvent,
  feedbackDecider,
  monitorDecider,
  scrapeDecider,
  teamDecider,
} from '#domain';

/** Which decider and stream serve each command; the NATS subject is `<prefix>.cmd.<category>.<command>`. */
export interface CommandRoute {
  category: string;
  commands: readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: routes hold deciders of different aggregates
  decider: Decider<any, any, DomainEvent>;
  streamId(data: Record<string, string>): string;
  teamId(data: Record<string, string>): string | undefined;
  /** Keep the folded state of its streams between commands (long-lived, often-written streams). */
  cacheState?: boolean;
  /**
   * Commands the operator sends about a team that another aggregate owns: refused with
   * TEAM_NOT_FOUND unless that team was created, so a mistyped id opens no ledger of its own.
   */
  forCreatedTeam?: readonly string[];
}

export const commandRoutes: readonly CommandRoute[] = [
  {
    category: SCRAPE_CATEGORY,
    commands: [
      'StartScrape',
      'RecordPageFetched',
      'CompleteScrape',
      'FailScrape',
      'RecordCacheHit',
      'FetchCachedPageAnew',
      'StartInteraction',
      'RecordInteraction',
      'StopInteraction',
    ],
    decider: scrapeDecider,
    streamId: (data) => scrapeStreamId(data.scrapeId),
    teamId: (data) => data.teamId,
  },
  {
    category: BROWSER_CATEGORY,
    commands: ['OpenBrowserSession', 'RecordBrowserRun', 'CloseBrowserSession'],
    decider: browserSessionDecider,
    streamId: (data) => browserStreamId(data.sessionId),
    teamId: (data) => data.teamId,
  },
  {
    category: FEEDBACK_CATEGORY,
    commands: ['GiveFeedback'],
    decider: feedbackDecider,
    streamId: (data) => feedbackStreamId(data.jobId),
    teamId: (data) => data.teamId,
  },
  {
    category: CRAWL_CATEGORY,
    commands: ['StartCrawl', 'StartBatchScrape', 'AppendBatchScrape', 'CancelCrawl'],
    decider: crawlDecider,
    streamId: (data) => crawlStreamId(data.crawlId),
    teamId: (data) => data.teamId,
  },
  {
    category: TEAM_CATEGORY,
    commands: ['CreateTeam', 'IssueApiKey', 'RevokeApiKey', 'RotateApiKey', 'SetZeroDataRetention'],
    decider: teamDecider,
    streamId: (data) => teamStreamId(data.teamId),
    teamId: (data) => data.teamId,
  },
  {
    category: CREDITS_CATEGORY,
    commands: ['GrantCredits', 'ChargeCredits', 'RefundCredits', 'RecordModelTokens', 'SetTokenAllowance'],
    decider: creditLedgerDecider,
    streamId: (data) => creditLedgerStreamId(data.teamId),
    teamId: (data) => data.teamId,
    cacheState: true,
    forCreatedTeam: ['GrantCredits', 'SetTokenAllowance'],
  },
  {
    category: MONITOR_CATEGORY,
    commands: [
      'CreateMonitor',
      'UpdateMonitor',
      'DeleteMonitor',
      'RunMonitor',
      'StartScheduledCheck',
      'RecordPageChecked',
      'CompleteCheck',
      'RedeliverCheckWebhooks',
    ],
    decider: monitorDecider,
    streamId: (data) => monitorStreamId(data.monitorId),
    teamId: (data) => data.teamId,
  },
];
