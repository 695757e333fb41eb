import { call, finishedCheck } from '../support/monitor-client.js';
import { startSmtpServer } from '../support/smtp-receiver.js';
import { trawlWithSite } from '../support/trawl-with-site.js';
import { until } from '../support/until.js';
import { startWebhookReceiver, verifySignatures } from '../support/webhook-receiver.js';

const SECRET = `whsec_${Buffer.from('trawl-e2e-webhook-secret-32bytes').toString('base64')}`;
const env: NodeJS.ProcessEnv = {
  WEBHOOK_SIGNING_SECRET: SECRET,
  WEBHOOK_RETRY_BASE_MS: '100',
  MONITOR_MIN_INTERVAL_MINUTES: '1',
  MONITOR_SCHEDULER_TICK_MS: '500',
};
// A real SMTP server in this process; it must listen before Trawl starts with its address.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer((address) => address.endsWith('@refused.test'));
  env.SMTP_URL = smtp.url;
  env.SMTP_FROM = 'Trawl <trawl@example.test>';
});
afterAll(() => smtp?.close());
const running = trawlWithSite({ env });

describe('monitor notifications and schedules', () => {
  it('signs webhooks both ways, retries a receiver that is down with the same webhook-id, and logs the deliveries', async () => {
    const { trawl, site } = running;
    // The receiver is "down" for its first two calls (503, Retry-After: 1), then accepts.
    const receiver = await startWebhookReceiver((n) =>
      n <= 2 ? { status: 503, retryAfter: '1' } : { status: 200 },
    );
    try {
      const created = await call(trawl, 'POST', '/v2/monitor', {
        name: 'Hooked',
        schedule: { text: 'weekly' },
        targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
        webhook: { url: receiver.url, headers: { 'x-team': 'tides' }, metadata: { source: 'e2e' } },
        notification: { email: { enabled: true, recipients: ['ops@example.test'], includeDiffs: true } },
      });
      expect(created.status).toBe(200);
      const run = await call(trawl, 'POST', `/v2/monitor/${created.body.data.id}/run`, {});
      // Its pages notify as they are checked: a running check's channels are pending.
      expect(run.body.data.notificationStatus).toEqual({ webhook: 'pending', email: 'pending' });
      const check = await finishedCheck(trawl, created.body.data.id, run.body.id);
      await until(
        async () => receiver.calls.filter((c) => c.answered === 200).length >= 2,
        'two delivered webhooks',
      );

      const [first, second, ...rest] = receiver.calls;
      // Both failed attempts and the retry carry the same webhook-id.
      expect(first.answered).toBe(503);
      expect(second.answered).toBe(503);
      expect(rest[0].headers['webhook-id']).toBe(first.headers['webhook-id']);
      for (const received of receiver.calls) {
        expect(received.headers['x-team']).toBe('tides');
        expect(() => verifySignatures(received, SECRET)).not.toThrow();
      }
      const delivered = receiver.calls.filter((c) => c.answered === 200).map((c) => JSON.parse(c.body));
      expect(delivered.map((payload) => payload.type)).toEqual(['monitor.page', 'monitor.check.completed']);
      expect(delivered[0]).toMatchObject({
        success: true,
        id: check.data.id,
        metadata: { source: 'e2e' },
        data: [
          {
            monitorId: created.body.data.id,
            checkId: check.data.id,
            url: site.url('/articles/tide-pools'),
            status: 'new',
          },
        ],
      });
      expect(delivered[1].data).toEqual([
        {
          monitorId: created.body.data.id,
          checkId: check.data.id,
          status: 'completed',
          summary: check.data.summary,
        },
      ]);
      expect(new Set(delivered.map((payload) => payload.webhookId)).size).toBe(2);

      const detail = await until(async () => {
        const { body } = await call(
          trawl,
          'GET',
          `/v2/monitor/${created.body.data.id}/checks/${check.data.id}`,
        );
        return body.data.notificationStatus.webhook === 'delivered' ? body.data : undefined;
      }, 'the delivery log');
      const mail = await until(async () => smtp.messages[0], 'the e-mail');
      expect(mail.from).toBe('trawl@example.test');
      expect(mail.to).toEqual(['ops@example.test']);
      expect(mail.text).toMatch(/^Subject: \[Trawl\] Hooked: 1 new$/m);
      expect(mail.text).toContain(`NEW  ${site.url('/articles/tide-pools')}`);
      expect(mail.text).toContain(`<a href="${site.url('/articles/tide-pools')}">`);
      const withEmail = await until(async () => {
        const { body } = await call(
          trawl,
          'GET',
          `/v2/monitor/${created.body.data.id}/checks/${check.data.id}`,
        );
        return body.data.notificationStatus.email === 'delivered' ? body.data : undefined;
      }, 'the e-mail in the delivery log');
      // The list of checks says what the detail says, without the delivery log.
      const listed = await call(trawl, 'GET', `/v2/monitor/${created.body.data.id}/checks`);
      expect(listed.body.data[0].notificationStatus).toEqual({ webhook: 'delivered', email: 'delivered' });
      expect(withEmail.notificationStatus.deliveries).toContainEqual(
        expect.objectContaining({ event: 'email', url: 'mailto:ops@example.test', status: 'delivered' }),
      );
      expect(
        detail.notificationStatus.deliveries.filter((d: { event: string }) => d.event !== 'email'),
      ).toEqual([
        expect.objectContaining({
          event: 'monitor.page',
          status: 'delivered',
          attempts: 3,
          lastStatusCode: 200,
        }),
        expect.objectContaining({ event: 'monitor.check.completed', status: 'delivered', attempts: 1 }),
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("holds back the webhooks of a monitor whose receiver is down, and no other monitor's", async () => {
    const { trawl, site } = running;
    // One receiver is down and asks to be tried again in an hour (the sender waits its 5-minute cap).
    const down = await startWebhookReceiver(() => ({ status: 503, retryAfter: '3600' }));
    const up = await startWebhookReceiver(() => ({ status: 200 }));
    const monitorCalling = async (name: string, url: string) => {
      const created = await call(trawl, 'POST', '/v2/monitor', {
        name,
        schedule: { text: 'weekly' },
        targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
        webhook: { url },
      });
      return created.body.data.id as string;
    };
    const types = (calls: { body: string }[]) => calls.map((c) => JSON.parse(c.body).type);
    try {
      const stalled = await monitorCalling('Stalled', down.url);
      const run = await call(trawl, 'POST', `/v2/monitor/${stalled}/run`, {});
      await until(async () => down.calls.length > 0, "the stalled monitor's first call");
      const flowing = await monitorCalling('Flowing', up.url);
      await call(trawl, 'POST', `/v2/monitor/${flowing}/run`, {});
      await until(async () => up.calls.length >= 2, "the other monitor's calls");
      expect(types(up.calls)).toEqual(['monitor.page', 'monitor.check.completed']);
      // The stalled monitor's first call waits for its retry, and its next call waits behind it.
      expect(types(down.calls)).toEqual(['monitor.page']);
      const { body } = await call(trawl, 'GET', `/v2/monitor/${stalled}/checks/${run.body.id}`);
      expect(body.data.notificationStatus).toMatchObject({
        webhook: 'pending',
        deliveries: [
          expect.objectContaining({ event: 'monitor.page', status: 'retrying', lastStatusCode: 503 }),
        ],
      });
    } finally {
      await down.close();
      await up.close();
    }
  });

  it('logs an e-mail the SMTP server refuses as failed at once, with its reply code', async () => {
    const { trawl, site } = running;
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Refused',
      schedule: { text: 'weekly' },
      targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
      notification: { email: { enabled: true, recipients: ['nobody@refused.test'] } },
    });
    const monitorId = created.body.data.id;
    const run = await call(trawl, 'POST', `/v2/monitor/${monitorId}/run`, {});
    const check = await finishedCheck(trawl, monitorId, run.body.id);
    const detail = await until(async () => {
      const { body } = await call(trawl, 'GET', `/v2/monitor/${monitorId}/checks/${check.data.id}`);
      return body.data.notificationStatus.email === 'pending' ? undefined : body.data;
    }, "the e-mail's outcome");
    // A refused mailbox stays refused: no retries, and the check does not stay pending.
    expect(detail.notificationStatus.email).toBe('failed');
    expect(detail.notificationStatus.deliveries).toEqual([
      expect.objectContaining({ event: 'email', status: 'failed', attempts: 1, lastStatusCode: 550 }),
    ]);
    expect(smtp.messages.some((mail) => mail.to.includes('nobody@refused.test'))).toBe(false);
  });

  it('starts a due check from the schedule, once for its slot', async () => {
    const { trawl, site } = running;
    const created = await call(trawl, 'POST', '/v2/monitor', {
      name: 'Every minute',
      schedule: { cron: '* * * * *' },
      targets: [{ type: 'scrape', url: site.url('/articles/tide-pools') }],
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const slot = created.body.data.nextRunAt;
    // The slot is up to a minute away, and on a 2-core machine running two test files at once the
    // check after it has taken half a minute more: a deadline well past both.
    const scheduled = await until(
      async () => {
        const { body } = await call(trawl, 'GET', `/v2/monitor/${id}/checks`);
        const done = body.data.filter(
          (c: { trigger: string; status: string }) => c.trigger === 'scheduled' && c.status !== 'running',
        );
        return done.length > 0 ? done : undefined;
      },
      'a scheduled check',
      150_000,
    );
    await call(trawl, 'PATCH', `/v2/monitor/${id}`, { status: 'paused' });
    const { body } = await call(trawl, 'GET', `/v2/monitor/${id}/checks?limit=100`);
    const forSlot = body.data.filter((c: { scheduledFor: string }) => c.scheduledFor === slot);
    expect(forSlot).toHaveLength(1);
    expect(scheduled[0]).toMatchObject({
      scheduledFor: slot,
      status: 'completed',
      summary: { totalPages: 1, new: 1 },
    });
  }, 180_000);
});
