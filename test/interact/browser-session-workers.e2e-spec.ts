import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// One session per browser-worker, so two workers hold two.
const running = trawlWithSite({ env: { BROWSER_SESSIONS_MAX: '1' } });

const open = () => post(running.trawl, '/v2/browser', { ttl: 120 });
const execute = (id: string) =>
  post(running.trawl, `/v2/browser/${id}/execute`, { code: 'return page.url()' });
async function remove(id: string) {
  const response = await fetch(`${running.trawl.baseUrl}/v2/browser/${id}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${running.trawl.apiKey}` },
  });
  return { status: response.status, body: await response.json() };
}

describe('browser sessions across browser-workers', () => {
  it('go to the workers with room, refuse when none has any, and close as lost when their worker dies', async () => {
    const first = await open();
    expect(first.status).toBe(200);
    // The standalone's own worker is full now: only a second worker can take the next one.
    expect(await open()).toMatchObject({ status: 429, body: { code: 'BROWSER_SESSION_LIMIT' } });
    const second = running.trawl.spawnApp('browser-worker');
    // A new browser-worker process takes its time to start on a loaded machine.
    const onSecond = await until(
      async () => {
        const answer = await open();
        return answer.status === 200 && (answer.body.id as string);
      },
      'the second worker to take a session',
      90_000,
    );
    expect(await open()).toMatchObject({ status: 429, body: { code: 'BROWSER_SESSION_LIMIT' } });
    expect((await execute(onSecond)).body).toMatchObject({ success: true, result: 'about:blank' });

    // With the second worker full and room on the first, every open lands on the first at once:
    // a full worker is out of the queue, not a coin toss that answers 429.
    expect((await remove(first.body.id)).status).toBe(200);
    for (let attempt = 0; attempt < 4; attempt++) {
      const again = await open();
      expect(again.status).toBe(200);
      expect((await remove(again.body.id)).status).toBe(200);
    }
    const kept = await open();
    expect(kept.status).toBe(200);

    // The second worker crashes: its session is lost, the other one lives on.
    second.kill('SIGKILL');
    await new Promise((resolve) => second.once('exit', resolve));
    expect(await execute(onSecond)).toMatchObject({ status: 410, body: { code: 'BROWSER_SESSION_ENDED' } });
    expect((await execute(kept.body.id)).body).toMatchObject({ success: true });
    const lost = await until(async () => {
      const response = await fetch(`${running.trawl.baseUrl}/v2/browser?status=destroyed`, {
        headers: { authorization: `Bearer ${running.trawl.apiKey}` },
      });
      const { sessions } = (await response.json()) as { sessions: { id: string; closeReason: string }[] };
      return sessions.find((session) => session.id === onSecond);
    }, 'the lost session listed');
    expect(lost.closeReason).toBe('lost');

    // A session that ends makes room again on its worker.
    expect((await remove(kept.body.id)).status).toBe(200);
    const third = await open();
    expect(third.status).toBe(200);
    expect((await remove(third.body.id)).status).toBe(200);
  });
});
