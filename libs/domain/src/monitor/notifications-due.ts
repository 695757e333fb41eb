import type { CheckView, MonitorNotification } from '#contracts';

/**
 * Pure: what a check owes before its delivery log says more: `pending` on each channel the
 * monitor notifies through (a webhook; e-mail enabled with recipients), `not_configured` on the others.
 */
export function notificationsDue(monitor: {
  webhook?: unknown;
  notification?: MonitorNotification | null;
}): CheckView['notificationStatus'] {
  const email = monitor.notification?.email;
  return {
    webhook: monitor.webhook ? 'pending' : 'not_configured',
    email: email?.enabled && email.recipients.length > 0 ? 'pending' : 'not_configured',
  };
}
