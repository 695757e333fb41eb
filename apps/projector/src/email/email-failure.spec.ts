import { emailFailureIsFinal } from './email-failure.js';

const smtpError = (responseCode: number) =>
  Object.assign(new Error(`SMTP ${responseCode}`), { responseCode });

describe('emailFailureIsFinal', () => {
  it('gives up on a refusal (5xx), and tries a "try later" (4xx) or a lost connection again', () => {
    expect(emailFailureIsFinal(smtpError(550), 1, 10)).toBe(true);
    expect(emailFailureIsFinal(smtpError(554), 1, 10)).toBe(true);
    expect(emailFailureIsFinal(smtpError(451), 1, 10)).toBe(false);
    expect(
      emailFailureIsFinal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNECTION' }), 1, 10),
    ).toBe(false);
  });

  it('gives up on the last attempt whatever the error, and on an error marked final', () => {
    expect(emailFailureIsFinal(smtpError(451), 10, 10)).toBe(true);
    expect(emailFailureIsFinal(new Error('timeout'), 9, 10)).toBe(false);
    expect(emailFailureIsFinal(Object.assign(new Error('no SMTP_URL'), { final: true }), 1, 10)).toBe(true);
    expect(emailFailureIsFinal(undefined, 1, 10)).toBe(false);
  });
});
