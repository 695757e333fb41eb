import type { Logger } from 'pino';
import type { TrawlConfig } from '#config';
import type { EventConsumerOptions } from '#messaging';

/**
 * Events a notifier has in flight at once: one monitor's or crawl's go out in order, and many side
 * by side. A webhook call that fails waits in the outbox, so an event is held for one attempt only.
 */
const STREAMS_AT_ONCE = 32;

/**
 * What the notifying consumers (webhooks, e-mail) share: each event stream in order, and history the
 * relay sends again after NATS lost its streams skipped. Its notifications went out when it happened;
 * their delivery logs went with NATS.
 */
export function notifierOptions(
  config: TrawlConfig,
  logger: Logger,
): Pick<EventConsumerOptions, 'concurrency' | 'inOrderPerStream' | 'ackWaitMs' | 'skipRelayedHistory'> {
  return {
    concurrency: STREAMS_AT_ONCE,
    inOrderPerStream: true,
    ackWaitMs: config.workerAckWaitMs,
    skipRelayedHistory: {
      horizonMs: config.notifyReplayHorizonMs,
      onSkip: (event) =>
        logger.info({ eventId: event.id, type: event.type }, 'history relayed again: not notified'),
    },
  };
}
