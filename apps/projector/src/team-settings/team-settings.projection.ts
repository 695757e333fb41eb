import {
  TEAM_CATEGORY,
  TEAM_SETTINGS_READ_MODEL,
  type TeamSettings,
  type ZeroDataRetentionSet,
} from '#contracts';
import type { Projection } from '../projections/projection.js';

/** What the operator allowed each team (zero data retention), for the api to check per request. */
export const teamSettingsProjection: Projection = {
  worker: 'projector_team_settings',
  category: TEAM_CATEGORY,
  type: 'ZeroDataRetentionSet',
  readModels: [{ name: TEAM_SETTINGS_READ_MODEL }],
  async apply(event, documents) {
    const { teamId, enabled } = event.data as ZeroDataRetentionSet['data'];
    const settings: TeamSettings = { zeroDataRetention: enabled };
    await documents[TEAM_SETTINGS_READ_MODEL].put(teamId, JSON.stringify(settings));
  },
};
