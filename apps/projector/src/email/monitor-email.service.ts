import type { KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Logger } from 'pino';
import { assertPublicUrl } from '#browser';
import { TRAWL_CONFIG, type TrawlConfig } from '#config';
import {
  type CheckCompleted,
  type CheckPage,
  MONITOR_CATEGORY,
  MONITOR_WEBHOOK_DELIVERIES_READ_MODEL,
  type MonitorEvent,
  type NatsNames,
  type RecordedEvent,
  type WebhookDeliveryRecord,
} from '#contracts';
import { consumeEvents, NATS_CONNECTION, NATS_NAMES, openKv, type RunningConsumer } from '#messaging';
import { LOGGER } from '#observability';
import { notifierOptions } from '../notifier-options.js';
import { emailFailureIsFinal, smtpReplyCode } from './email-failure.js';
import { monitorEmail } from './monitor-email.js';

/** Pages waiting for their check's e-mail: `<checkId>.<pageId>`. */
const EMAIL_OUTBOX_READ_MODEL = 'monitor_email_outbox';
/**
 * Deliveries of a check's completion before its e-mail is given up on, retried with backoff up to
 * MAX_RETRY_DELAY_MS apart: about 20 minutes in all, so a relay restarting or rate-limiting is waited
 * out (a retry waits on the server, holding no slot).
 */
const MAX_ATTEMPTS = 12;
const MAX_RETRY_DELAY_MS = 300_000;

/**
 * E-mails a check's changed pages over SMTP when it completes. Pages are collected in a KV
 * outbox as they are checked (events arrive in stream order), so a restart loses nothing; a
 * failed send is retried by redelivery and logged in the check's delivery log, as failed once
 * the SMTP server refuses it for good or the last attempt fails.
 */
@Injectable()
export class MonitorEmail implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger: Logger;
  private consumer?: RunningConsumer;

  constructor(
    @Inject(TRAWL_CONFIG) private readonly config: TrawlConfig,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
    @Inject(NATS_NAMES) private readonly names: NatsNames,
    @Inject(LOGGER) logger: Logger,
  ) {
    this.logger = logger.child({ component: 'monitor-email' });
  }

  async onApplicationBootstrap() {
    const outbox = await openKv(this.nc, this.names.kvBucket(EMAIL_OUTBOX_READ_MODEL));
    const log = await openKv(this.nc, this.names.kvBucket(MONITOR_WEBHOOK_DELIVERIES_READ_MODEL));
    this.consumer = await consumeEvents(this.nc, this.names, {
      worker: 'projector_monitor_email',
      category: MONITOR_CATEGORY,
      ...notifierOptions(this.config, this.logger),
      maxDeliver: MAX_ATTEMPTS,
      maxRetryDelayMs: MAX_RETRY_DELAY_MS,
      handle: (event, { attempt }) => this.handle(event, attempt, outbox, log),
      onError: (error, event) =>
        this.logger.error({ err: error, eventId: event?.id }, 'monitor e-mail failed'),
    });
  }

  private async handle(recorded: RecordedEvent, attempt: number, outbox: KV, log: KV) {
    const event = { type: recorded.type, data: recorded.data } as MonitorEvent;
    if (event.type !== 'PageChecked' && event.type !== 'CheckCompleted') return;
    const email = event.data.notify.notification?.email;
    if (!email?.enabled || email.recipients.length === 0) return;
    const { checkId } = event.data;
    if (event.type === 'PageChecked') {
      if (event.data.page.status !== 'same') {
        await outbox.put(`${checkId}.${event.data.page.id}`, JSON.stringify(event.data.page));
      }
      return;
    }
    const logKey = `${checkId}.email-${recorded.id}`;
    const logged = (await log.get(logKey))?.json<WebhookDeliveryRecord>();
    if (logged?.status === 'delivered' || logged?.status === 'failed') return;
    const pages = await this.outboxPages(outbox, checkId);
    const record: WebhookDeliveryRecord = {
      webhookId: `email-${recorded.id}`,
      event: 'email',
      url: `mailto:${email.recipients.join(',')}`,
      status: 'retrying',
      attempts: (logged?.attempts ?? 0) + 1,
      lastStatusCode: null,
      lastError: null,
      updatedAt: new Date().toISOString(),
    };
    try {
      if (pages.length > 0) await this.send(email.recipients, event.data, pages, email.includeDiffs);
      record.status = 'delivered';
      record.lastError = pages.length > 0 ? null : 'Nothing changed: no e-mail sent';
    } catch (error) {
      record.lastError = String((error as Error).message ?? error);
      const replyCode = smtpReplyCode(error);
      if (replyCode !== undefined) record.lastStatusCode = replyCode;
      if (!emailFailureIsFinal(error, attempt, MAX_ATTEMPTS)) {
        await log.put(logKey, JSON.stringify(record));
        throw error;
      }
      record.status = 'failed';
      this.logger.warn({ checkId, error: record.lastError }, 'monitor e-mail failed');
    }
    await log.put(logKey, JSON.stringify(record));
    for (const page of pages) await outbox.purge(`${checkId}.${page.id}`);
  }

  private async send(
    recipients: string[],
    check: CheckCompleted['data'],
    pages: CheckPage[],
    includeDiffs: boolean,
  ) {
    if (!this.config.smtpUrl)
      throw Object.assign(new Error('E-mail is enabled on the monitor but no SMTP_URL is configured'), {
        final: true,
      });
    const server = new URL(this.config.smtpUrl);
    await assertPublicUrl(`http://${server.host}/`, this.config.allowedPrivateAddresses);
    const mail = monitorEmail({
      monitorName: check.notify.monitorName,
      monitorId: check.monitorId,
      checkId: check.checkId,
      status: check.status,
      summary: check.summary,
      pages,
      includeDiffs,
    });
    // Loaded with the first e-mail: most deployments never send one.
    const { default: nodemailer } = await import('nodemailer');
    const transport = nodemailer.createTransport(this.config.smtpUrl);
    try {
      await transport.sendMail({ from: this.config.smtpFrom, to: recipients, ...mail });
    } finally {
      transport.close();
    }
  }

  private async outboxPages(outbox: KV, checkId: string): Promise<CheckPage[]> {
    const keys: string[] = [];
    for await (const key of await outbox.keys(`${checkId}.*`)) keys.push(key);
    const entries = await Promise.all(keys.sort().map((key) => outbox.get(key)));
    return entries.flatMap((entry) => (entry && entry.operation === 'PUT' ? [entry.json<CheckPage>()] : []));
  }

  async beforeApplicationShutdown() {
    await this.consumer?.stop();
  }
}
