import { jest } from '@jest/globals';
import { PeriodicTask } from './periodic-task.js';

describe('a periodic task', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('skips the ticks a slow run overlaps, reports failures, and stop waits for the run in flight', async () => {
    const runs: Array<() => void> = [];
    const errors: unknown[] = [];
    const task = new PeriodicTask(
      () =>
        new Promise<void>((resolve, reject) => {
          runs.push(runs.length === 1 ? () => reject(new Error('boom')) : resolve);
        }),
      (error) => errors.push(error),
    );
    task.start(1_000);
    await jest.advanceTimersByTimeAsync(3_500);
    expect(runs).toHaveLength(1);
    runs[0]?.();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);
    runs[1]?.();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(errors).toEqual([new Error('boom')]);
    expect(runs).toHaveLength(3);
    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await jest.advanceTimersByTimeAsync(5_000);
    expect(stopped).toBe(false);
    expect(runs).toHaveLength(3);
    runs[2]?.();
    await stopping;
    expect(stopped).toBe(true);
  });
});
