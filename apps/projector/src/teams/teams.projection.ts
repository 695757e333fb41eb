import {
  type RecordedEvent,
  TEAM_CATEGORY,
  TEAMS_READ_MODEL,
  type TeamEvent,
  type TeamView,
} from '#contracts';
import type { Projection } from '../projections/projection.js';
import { documentOf } from '../projections/read-model-documents.js';

/** Pure: a team's view after one of its events (replaying an event leaves it as it was). */
export function teamViewAfter(view: TeamView | undefined, event: RecordedEvent): TeamView | undefined {
  const e = { type: event.type, data: event.data } as TeamEvent;
  if (e.type === 'TeamCreated')
    return (
      view ?? {
        teamId: e.data.teamId,
        name: e.data.name,
        createdAt: e.data.createdAt,
        zeroDataRetention: false,
        keys: [],
      }
    );
  if (!view) return undefined;
  switch (e.type) {
    case 'ApiKeyIssued': {
      if (view.keys.some((key) => key.keyId === e.data.keyId)) return view;
      const key = { keyId: e.data.keyId, label: e.data.label, issuedAt: e.data.issuedAt };
      const keys = [...view.keys, key].sort(
        (a, b) => a.issuedAt.localeCompare(b.issuedAt) || a.keyId.localeCompare(b.keyId),
      );
      return { ...view, keys };
    }
    case 'ApiKeyRevoked':
      if (!view.keys.some((key) => key.keyId === e.data.keyId)) return view;
      return { ...view, keys: view.keys.filter((key) => key.keyId !== e.data.keyId) };
    case 'ZeroDataRetentionSet':
      return view.zeroDataRetention === e.data.enabled
        ? view
        : { ...view, zeroDataRetention: e.data.enabled };
    default:
      return view;
  }
}

/**
 * The teams the operator lists (`trawl teams list`, `GET /admin/teams`) and the api reads per
 * zero-data-retention request, from team events.
 */
export const teamsProjection: Projection = {
  worker: 'projector_teams',
  category: TEAM_CATEGORY,
  readModels: [{ name: TEAMS_READ_MODEL }],
  async apply(event, documents) {
    const teams = documents[TEAMS_READ_MODEL];
    const teamId = (event.data as { teamId: string }).teamId;
    const before = await documentOf<TeamView>(teams, teamId);
    const after = teamViewAfter(before, event);
    if (after && after !== before) await teams.put(teamId, JSON.stringify(after));
  },
};
