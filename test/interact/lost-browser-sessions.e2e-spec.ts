import { connect, type NatsConnection } from '@nats-io/transport-node';
import { v7 as uuidv7 } from 'uuid';
import { BROWSER_CATEGORY, natsNames } from '#contracts';
import { CommandBus } from '#messaging';
import { createTeam } from '../support/operator-cli.js';
import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Core looks for lost sessions four times a second and closes them as soon as they expire.
const running = trawlWithSite({ env: { BROWSER_SESSION_SWEEP_MS: '250', BROWSER_SESSION_GRACE_MS: '0' } });

let nc: NatsConnection;
beforeAll(async () => {
  nc = await connect({ servers: process.env.NATS_URL ?? '127.0.0.1:4222' });
});
afterAll(() => nc?.close());

/**
 * A session recorded open that no browser-worker holds: what a worker that crashed leaves behind
 * (its page died with it, and nothing recorded the end).
 */
async function orphanedSession(teamId: string, ttl: number): Promise<string> {
  const sessionId = uuidv7();
  await new CommandBus(nc, natsNames(running.trawl.prefix)).send(BROWSER_CATEGORY, 'OpenBrowserSession', {
    sessionId,
    teamId,
    ttl,
    streamWebView: true,
    at: new Date().toISOString(),
  });
  return sessionId;
}

async function listed(key: string, id: string) {
  const response = await fetch(`${running.trawl.baseUrl}/v2/browser`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const { sessions } = (await response.json()) as {
    sessions: { id: string; status: string; closeReason?: string }[];
  };
  return sessions.find((session) => session.id === id);
}

describe('browser sessions a crashed browser-worker left open', () => {
  it('are closed as lost by the next call on them, which answers 410', async () => {
    const team = await createTeam(running.trawl, 'lost sessions');
    const id = await orphanedSession(team.teamId, 600);
    await until(async () => (await listed(team.key, id))?.status === 'active', 'the session listed');
    const { status, body } = await post(
      running.trawl,
      `/v2/browser/${id}/execute`,
      { code: 'return 1' },
      { apiKey: team.key },
    );
    expect({ status, code: body.code }).toEqual({ status: 410, code: 'BROWSER_SESSION_ENDED' });
    expect(body.error).toContain('no longer holds it');
    expect(
      await until(() => listed(team.key, id).then((s) => s?.status === 'destroyed' && s), 'closed'),
    ).toMatchObject({
      closeReason: 'lost',
    });
  });

  it('are closed as lost by a DELETE, which answers as for any session, billed until their last run', async () => {
    const team = await createTeam(running.trawl, 'deleted lost sessions');
    const id = await orphanedSession(team.teamId, 600);
    const response = await fetch(`${running.trawl.baseUrl}/v2/browser/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${team.key}` },
    });
    expect(await response.json()).toEqual({
      success: true,
      status: 'destroyed',
      sessionDurationMs: 0,
      creditsBilled: 0,
    });
    expect(await listed(team.key, id)).toMatchObject({ status: 'destroyed', closeReason: 'lost' });
  });

  it('are closed as lost by core once past their expiry, with nobody calling', async () => {
    const team = await createTeam(running.trawl, 'expired lost sessions');
    const id = await orphanedSession(team.teamId, 1);
    // Opened, projected, swept, closed and projected again: four steps that each wait on a busy machine.
    const closed = await until(
      () => listed(team.key, id).then((session) => session?.status === 'destroyed' && session),
      'core to close the lost session',
      60_000,
    );
    expect(closed).toMatchObject({ closeReason: 'lost', durationMs: 0 });
    expect(running.trawl.logs()).toContain('browser session lost by its worker closed');
  });
});
