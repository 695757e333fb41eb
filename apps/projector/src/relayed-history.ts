import type { Logger } from 'pino';
import type { TrawlConfig } from '#config';
import type { EventConsumerOptions } from '#messaging';

/**
 * What the notifying consumers (webhooks, e-mail) skip: history the relay sends again after NATS lost
 * its streams. Its notifications went out when it happened; their delivery logs went with NATS.
 */
export function notNotifiedAgain(
  config: TrawlConfig,
  logger: Logger,
): EventConsumerOptions['skipRelayedHistory'] {
  return {
    horizonMs: config.notifyReplayHorizonMs,
    onSkip: (event) =>
      logger.info({ eventId: event.id, type: event.type }, 'history relayed again: not notified'),
  };
}
