import { call, runCheck } from '../support/monitor-client.js';
import { sharedTrawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver } from '../support/webhook-receiver.js';

// The shared Trawl tries a webhook call twice, 100 ms apart (WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_BASE_MS).
const running = sharedTrawlWithSite();

/** A product page whose price the test changes between checks; the visit time changes every load. */
const kettlePage = (price: string) =>
  Buffer.from(
    `<html><head><title>Copper kettle</title></head><body><main><h1>Copper kettle</h1>` +
      `<dl><dt>Price</dt><dd>${price}</dd><dt>Colour</dt><dd>Copper</dd></dl>` +
      `<p>Visited at ${Date.now()}</p></main></body></html>`,
  );

describe('monitor json-mode diffs', () => {
  it('classifies by the extracted fields: a new visit time is the same page, a new price a change the judge sees', async () => {
    const { trawl, site } = running;
    site.serve('/watched/kettle', 'text/html', kettlePage('$59.00'));
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Kettle price',
      schedule: { text: 'weekly' },
      goal: 'tell me when the price drops below $50',
      targets: [
        {
          type: 'scrape',
          url: site.url('/watched/kettle'),
          scrapeOptions: {
            formats: [
              'markdown',
              {
                type: 'changeTracking',
                modes: ['json'],
                schema: {
                  type: 'object',
                  properties: { price: { type: 'number' }, colour: { type: 'string' } },
                },
              },
            ],
          },
        },
      ],
    });
    expect(created.status).toBe(200);
    const monitorId = created.body.data.id;
    const first = await runCheck(trawl, monitorId);
    expect(first.data.pages[0]).toMatchObject({ status: 'new', snapshot: { price: 59, colour: 'Copper' } });

    // The markdown changed (the visit time), the schema's fields did not.
    site.serve('/watched/kettle', 'text/html', kettlePage('$59.00'));
    const same = await runCheck(trawl, monitorId);
    expect(same.data.pages[0]).toMatchObject({ status: 'same', diff: null });

    site.serve('/watched/kettle', 'text/html', kettlePage('$45.00'));
    const changed = await runCheck(trawl, monitorId);
    const page = changed.data.pages[0];
    expect(page).toMatchObject({
      status: 'changed',
      snapshot: { price: 45, colour: 'Copper' },
      diff: { json: { price: { previous: 59, current: 45 } } },
      judgment: { meaningful: true, judge: 'local' },
    });
    expect(page.diff.text).toContain('-price: 59\n+price: 45');
    expect(page.judgment.reason).toContain('below $50');
  });
});

describe('webhook redelivery on demand', () => {
  it('sends a check whose webhook failed again through the outbox, under new webhook ids', async () => {
    const { trawl, site } = running;
    let receiverUp = false;
    const receiver = await startWebhookReceiver(() => ({ status: receiverUp ? 200 : 503 }));
    try {
      const created = await call(trawl, 'POST', '/v2/monitor', {
        name: 'Redelivered',
        schedule: { text: 'weekly' },
        targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
        webhook: { url: receiver.url, metadata: { source: 'redelivery' } },
      });
      const monitorId = created.body.data.id;
      const check = await runCheck(trawl, monitorId);
      const checkPath = `/v2/monitor/${monitorId}/checks/${check.data.id}`;
      // Two attempts per call (WEBHOOK_MAX_ATTEMPTS), all refused: the delivery log says failed.
      await until(async () => {
        const { body } = await call(trawl, 'GET', checkPath);
        return body.data.notificationStatus.webhook === 'failed' &&
          body.data.notificationStatus.deliveries.length === 2 &&
          body.data.notificationStatus.deliveries.every((d: { status: string }) => d.status === 'failed')
          ? true
          : undefined;
      }, 'the failed deliveries');
      const firstIds = new Set(receiver.calls.map((c) => c.headers['webhook-id']));

      receiverUp = true;
      const redelivered = await call(trawl, 'POST', `${checkPath}/webhook/redeliver`, {});
      expect(redelivered.status).toBe(200);
      expect(redelivered.body).toMatchObject({
        success: true,
        id: check.data.id,
        data: { id: check.data.id },
      });
      // The redelivered calls decide the check's webhook status now; the log names their new ids.
      type Delivery = { webhookId: string; status: string; redeliveryId?: string };
      const log: Delivery[] = await until(async () => {
        const { body } = await call(trawl, 'GET', checkPath);
        const { webhook, deliveries } = body.data.notificationStatus;
        const redone = deliveries.filter((d: Delivery) => d.redeliveryId);
        return webhook === 'delivered' && redone.length === 2 ? deliveries : undefined;
      }, 'the redeliveries in the delivery log');
      const redeliveries = log.filter((d) => d.redeliveryId);
      // Every call the receiver got is one the log knows (a repeat of one is at-least-once delivery).
      const logged = new Set(log.map((d) => d.webhookId));
      expect(receiver.calls.filter((c) => !logged.has(String(c.headers['webhook-id'])))).toEqual([]);
      expect(redeliveries.every((d) => d.status === 'delivered')).toBe(true);
      // The receiver got each redelivered call once, answered it, in the check's order.
      const delivered = receiver.calls.filter((c) =>
        redeliveries.some((d) => d.webhookId === c.headers['webhook-id']),
      );
      expect(delivered.map((c) => c.answered)).toEqual([200, 200]);
      const payloads = delivered.map((c) => JSON.parse(c.body));
      expect(payloads.map((p) => p.type)).toEqual(['monitor.page', 'monitor.check.completed']);
      expect(payloads[0]).toMatchObject({
        id: check.data.id,
        metadata: { source: 'redelivery' },
        data: [{ monitorId, checkId: check.data.id, url: site.url('/articles/tide-pools'), status: 'new' }],
      });
      expect(payloads[1].data).toEqual([
        { monitorId, checkId: check.data.id, status: 'completed', summary: check.data.summary },
      ]);
      for (const call of delivered) expect(firstIds.has(call.headers['webhook-id'])).toBe(false);
      expect(payloads.map((p) => p.webhookId)).toEqual(delivered.map((c) => c.headers['webhook-id']));
      expect(redeliveries.map((d) => d.webhookId)).toEqual(payloads.map((p) => p.webhookId));

      const unknown = await call(
        trawl,
        'POST',
        `/v2/monitor/${monitorId}/checks/${monitorId}/webhook/redeliver`,
        {},
      );
      expect(unknown).toMatchObject({ status: 404, body: { code: 'MONITOR_CHECK_NOT_FOUND' } });
      const extra = await call(trawl, 'POST', `${checkPath}/webhook/redeliver`, { events: ['monitor.page'] });
      expect(extra).toMatchObject({ status: 400, body: { error: 'property events should not exist' } });
      const silent = await call(trawl, 'POST', '/v2/monitor', {
        name: 'No hook',
        schedule: { text: 'weekly' },
        targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
      });
      const quiet = await runCheck(trawl, silent.body.data.id);
      const refused = await call(
        trawl,
        'POST',
        `/v2/monitor/${silent.body.data.id}/checks/${quiet.data.id}/webhook/redeliver`,
        {},
      );
      expect(refused).toMatchObject({ status: 409, body: { code: 'MONITOR_WEBHOOK_NOT_CONFIGURED' } });
    } finally {
      await receiver.close();
    }
  });
});
