import { agentRunsProjection } from '../agent-runs/agent-runs.projection.js';
import { apiKeysProjection } from '../api-keys/api-keys.projection.js';
import { browserSessionsProjection } from '../browser-sessions/browser-sessions.projection.js';
import { cacheIndexProjection } from '../cache-index/cache-index.projection.js';
import { changeHistoryProjection } from '../change-tracking/change-history.projection.js';
import { creditBalancesProjection } from '../credit-balances/credit-balances.projection.js';
import { feedbackProjection } from '../feedback/feedback.projection.js';
import { monitorViewsProjection } from '../monitors/monitor-views.js';
import { searchIndexProjection } from '../search-index/search-index.projection.js';
import { teamsProjection } from '../teams/teams.projection.js';
import type { Projection } from './projection.js';

/** Every projection of the projector: the live projector runs them, rebuild/verify replay them. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  apiKeysProjection,
  cacheIndexProjection,
  changeHistoryProjection,
  creditBalancesProjection,
  teamsProjection,
  searchIndexProjection,
  monitorViewsProjection,
  browserSessionsProjection,
  feedbackProjection,
  agentRunsProjection,
];
