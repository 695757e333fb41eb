import {
  MONITOR_CATEGORY,
  monitorStreamId,
  SCRAPE_CATEGORY,
  scrapeStreamId,
  TEAM_CATEGORY,
  teamStreamId,
} from '#contracts';
import { type Decider, type DomainEvent, monitorDecider, scrapeDecider, teamDecider } from '#domain';

/** Which decider and stream serve each command; the NATS subject is `<prefix>.cmd.<category>.<command>`. */
export interface CommandRoute {
  category: string;
  commands: readonly string[];
  // biome-ignore lint/suspicious/noExplicitAny: routes hold deciders of different aggregates
  decider: Decider<any, any, DomainEvent>;
  streamId(data: Record<string, string>): string;
  teamId(data: Record<string, string>): string | undefined;
}

export const commandRoutes: readonly CommandRoute[] = [
  {
    category: SCRAPE_CATEGORY,
    commands: ['StartScrape', 'RecordPageFetched', 'CompleteScrape', 'FailScrape'],
    decider: scrapeDecider,
    streamId: (data) => scrapeStreamId(data.scrapeId),
    teamId: (data) => data.teamId,
  },
  {
    category: TEAM_CATEGORY,
    commands: ['CreateTeam', 'IssueApiKey', 'RevokeApiKey'],
    decider: teamDecider,
    streamId: (data) => teamStreamId(data.teamId),
    teamId: (data) => data.teamId,
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
    ],
    decider: monitorDecider,
    streamId: (data) => monitorStreamId(data.monitorId),
    teamId: (data) => data.teamId,
  },
];
