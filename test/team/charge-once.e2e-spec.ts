import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { natsNames } from '#contracts';
import { CommandBus } from '#messaging';

import { post } from '../support/scrape-client.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';

// Every app in its own process, as in production; a short lease so redelivery comes quickly.
const running = trawlWithSite({
  apps: ['core', 'projector', 'extractor', 'api'],
  env: { WORKER_ACK_WAIT_MS: '3000' },
  waitForHealthy: false,
});

describe('a scrape whose worker dies mid-fetch', () => {
  it('is charged exactly once on the ledger, however often its completion is delivered', async () => {
    const names = natsNames(running.trawl.prefix);
    const nc = await connect({ servers: '127.0.0.1:4222' });
    try {
      const jsm = await jetstreamManager(nc);
      const eventCount = async (category: string, type: string) => {
        const subject = names.eventSubject(category, type);
        const info = await jsm.streams.info(names.eventsStream, { subjects_filter: subject });
        return info.state.subjects?.[subject] ?? 0;
      };
      const slowFetches = () =>
        running.site.requests.filter((request) => request.path === '/slow?ms=4000').length;

      const first = running.trawl.spawnApp('browser-worker');
      const response = post(running.trawl, '/v2/scrape', {
        url: running.site.url('/slow?ms=4000'),
        timeout: 60_000,
      });
      // An answer before any fetch (the scrape refused or failed) ends the wait with what it was.
      let answeredEarly: unknown;
      response.then(
        (answer) => {
          answeredEarly ??= answer;
        },
        (error: unknown) => {
          answeredEarly ??= String(error);
        },
      );
      // A new browser-worker process starts Chromium first: on a loaded 2-core machine that alone can take 20 s.
      await until(
        async () => {
          if (answeredEarly) throw new Error(`answered before any fetch: ${JSON.stringify(answeredEarly)}`);
          return slowFetches() === 1;
        },
        'the first worker to fetch the page',
        90_000,
      ).catch((error: Error) => {
        // The apps' last output says why (a worker that never started, a scrape never dispatched).
        throw new Error(`${error.message}\n${running.trawl.logs().slice(-4000)}`);
      });
      first.kill('SIGKILL');
      running.trawl.spawnApp('browser-worker');
      const { status, body } = await response;
      expect(status).toBe(200);
      // At least twice (a busy machine may redeliver once more): each extra fetch only strengthens the check.
      expect(slowFetches()).toBeGreaterThanOrEqual(2);

      // Wait until the billing reactor has handled everything it was given, then count.
      await until(async () => {
        const consumer = await jsm.consumers.info(
          names.eventsStream,
          names.consumerName('core_scrape_charges'),
        );
        return (
          consumer.num_pending === 0 &&
          consumer.num_ack_pending === 0 &&
          (await eventCount('credits', 'CreditsCharged')) > 0
        );
      }, 'the charge');
      expect(await eventCount('scrape', 'ScrapeCompleted')).toBe(1);
      expect(await eventCount('credits', 'CreditsCharged')).toBe(1);

      // A redelivered completion sends the same charge again: the ledger decides nothing.
      const scrapeId = body.data.metadata.scrapeId;
      const ledgerEvents = await jsm.streams.getMessage(names.eventsStream, {
        last_by_subj: names.eventSubject('credits', 'CreditsCharged'),
      });
      const charged = ledgerEvents?.json<{
        data: { teamId: string; operationId: string; credits: number };
      }>();
      expect(charged?.data).toMatchObject({ operationId: scrapeId, credits: 1 });
      const reply = await new CommandBus(nc, names).send<{ events: string[] }>('credits', 'ChargeCredits', {
        teamId: charged?.data.teamId,
        operationId: scrapeId,
        basis: { operation: 'scrape', proxyUsed: 'basic' },
        at: new Date().toISOString(),
      });
      expect(reply.events).toEqual([]);
      expect(await eventCount('credits', 'CreditsCharged')).toBe(1);
    } finally {
      await nc.close();
    }
  });
});
