import { RATE_WINDOW_MS, rateDecision, rateWindow } from './rate-window.js';

describe('rate windows', () => {
  it('splits time into one-minute windows', () => {
    expect(rateWindow(5 * RATE_WINDOW_MS + 15_000)).toEqual({ index: 5, endsInMs: 45_000 });
  });

  it('allows up to the limit and then says how long to wait', () => {
    const window = rateWindow(5 * RATE_WINDOW_MS + 15_500);
    expect(rateDecision(3, 3, window)).toEqual({ allowed: true });
    expect(rateDecision(4, 3, window)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(rateDecision(1_000, 0, window)).toEqual({ allowed: true });
  });
});
