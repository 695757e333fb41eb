/** Pure: the SMTP reply code a failed send carries (nodemailer's `responseCode`), if the server answered. */
export function smtpReplyCode(error: unknown): number | undefined {
  const { responseCode } = (error ?? {}) as { responseCode?: unknown };
  return typeof responseCode === 'number' ? responseCode : undefined;
}

/**
 * Pure: whether a failed e-mail send is given up on. An SMTP answer in the 5xx range (a recipient
 * or sender refused, a message rejected) is permanent, and so is a missing SMTP server; anything
 * else (the server unreachable, a 4xx "try later") is tried again until `attempt` is the last.
 */
export function emailFailureIsFinal(error: unknown, attempt: number, maxAttempts: number): boolean {
  if (attempt >= maxAttempts) return true;
  if ((error as { final?: unknown } | undefined)?.final === true) return true;
  const code = smtpReplyCode(error);
  return code !== undefined && code >= 500 && code < 600;
}
