import {
  describeSchedule,
  nextRunAt,
  resolveSchedule,
  runsPerMonth,
  ScheduleError,
  shortestIntervalMinutes,
  spreadMinute,
} from './schedule.js';
import { parseTextSchedule, parseTime, TEXT_SCHEDULE_EXAMPLES } from './text-schedule.js';

const monitorId = '0193a6f0-0000-7000-8000-0000000000aa';
const m = spreadMinute(monitorId);
const cronOf = (text: string) => resolveSchedule({ text }, monitorId).cron;
const rejects = (input: Parameters<typeof resolveSchedule>[0], path: string[], message: RegExp) => {
  try {
    resolveSchedule(input, monitorId);
  } catch (error) {
    expect(error).toBeInstanceOf(ScheduleError);
    expect((error as ScheduleError).path).toEqual(path);
    expect((error as ScheduleError).message).toMatch(message);
    return;
  }
  throw new Error('expected a ScheduleError');
};

describe('text schedules', () => {
  it.each([
    ['every 30 minutes', '*/30 * * * *'],
    ['every 5 min', '*/5 * * * *'],
    ['every 15 minutes starting at :05', '5-59/15 * * * *'],
    ['every 10 minutes starting at 3', '3-59/10 * * * *'],
    ['hourly at :20', '20 * * * *'],
    ['every 6 hours at :30', '30 */6 * * *'],
    ['daily at 9am', '0 9 * * *'],
    ['daily at 9:30', '30 9 * * *'],
    ['Daily at 5 PM', '0 17 * * *'],
    ['every day at 17:45', '45 17 * * *'],
    ['every day at 12am', '0 0 * * *'],
    ['every day at noon', '0 12 * * *'],
    ['weekdays at 8:15 am', '15 8 * * 1-5'],
    ['weekends at 10:00', '0 10 * * 0,6'],
    ['mondays and thursdays at 6pm', '0 18 * * 1,4'],
    ['mon, wed and fri at 07:00', '0 7 * * 1,3,5'],
    ['every friday at 5pm', '0 17 * * 5'],
    ['twice a day at 8am and 8pm', '0 8,20 * * *'],
    ['weekly on friday at 5pm', '0 17 * * 5'],
    ['monthly on day 15 at 08:00', '0 8 15 * *'],
    ['monthly on the 1st at 6:30', '30 6 1 * *'],
    ['every week on monday at 7am', '0 7 * * 1'],
    ['every month on day 2 at 10:00', '0 10 2 * *'],
  ])('"%s" → %s', (text, cron) => {
    expect(cronOf(text)).toBe(cron);
  });

  it.each([
    ['hourly', `${m} * * * *`],
    ['every hour', `${m} * * * *`],
    ['every 2 hours', `${m} */2 * * *`],
    ['daily', `${m} 9 * * *`],
    ['weekdays', `${m} 9 * * 1-5`],
    ['twice a day', `${m} 9,21 * * *`],
    ['weekly', `${m} 9 * * 1`],
    ['monthly', `${m} 9 1 * *`],
  ])('"%s" without a pinned minute is spread by monitor id → %s', (text, cron) => {
    expect(cronOf(text)).toBe(cron);
  });

  it('spreads different monitors over the hour, and one monitor always to the same minute', () => {
    const minutes = new Set(Array.from({ length: 50 }, (_, i) => spreadMinute(`monitor-${i}`)));
    expect(minutes.size).toBeGreaterThan(20);
    expect(spreadMinute(monitorId)).toBe(spreadMinute(monitorId));
  });

  it('parses every example it offers', () => {
    for (const example of TEXT_SCHEDULE_EXAMPLES) expect(() => parseTextSchedule(example)).not.toThrow();
  });

  it.each([
    'sometimes',
    'every 7 minutes',
    'every 90 minutes',
    'every 5 hours',
    'daily at 25:00',
    'daily at 9',
    'daily at 13pm',
    'every 15 minutes starting at :20',
    'monthly on day 31',
    'funday at 9am',
    'twice a day at 8am and 8:30pm',
  ])('refuses "%s" with examples', (text) => {
    rejects({ text }, ['schedule', 'text'], /Use a cron expression or one of: "every 30 minutes"/);
  });

  it('reads 12- and 24-hour times', () => {
    expect(parseTime('12pm')).toEqual({ hour: 12, minute: 0 });
    expect(parseTime('12:05 am')).toEqual({ hour: 0, minute: 5 });
    expect(parseTime('23:59')).toEqual({ hour: 23, minute: 59 });
    expect(parseTime('24:00')).toBeUndefined();
  });
});

describe('resolveSchedule', () => {
  it('keeps a valid cron, defaults the timezone to UTC and remembers the text it came from', () => {
    expect(resolveSchedule({ cron: ' 0  9 * * 1-5 ' }, monitorId)).toEqual({
      cron: '0 9 * * 1-5',
      timezone: 'UTC',
    });
    expect(resolveSchedule({ text: 'daily at 9am', timezone: 'Europe/Paris' }, monitorId)).toEqual({
      cron: '0 9 * * *',
      timezone: 'Europe/Paris',
      text: 'daily at 9am',
    });
  });

  it('needs exactly one of cron and text', () => {
    rejects({}, ['schedule'], /exactly one of cron or text/);
    rejects({ cron: '0 * * * *', text: 'hourly' }, ['schedule'], /exactly one/);
  });

  it('refuses bad cron, six-field cron and unknown time zones', () => {
    rejects({ cron: '61 * * * *' }, ['schedule', 'cron'], /invalid/);
    rejects({ cron: '0 0 * * * *' }, ['schedule', 'cron'], /5 fields/);
    rejects({ cron: '0 * * * *', timezone: 'Mars/Olympus' }, ['schedule', 'timezone'], /IANA/);
  });

  it('enforces the minimum interval, which the operator can change', () => {
    rejects(
      { cron: '* * * * *' },
      ['schedule', 'cron'],
      /every 1 minute\(s\); the minimum interval is 5 minutes/,
    );
    rejects({ cron: '0,2 9 * * *' }, ['schedule', 'cron'], /every 2 minute/);
    rejects({ text: 'every 1 minute' }, ['schedule', 'text'], /minimum interval/);
    expect(resolveSchedule({ cron: '*/5 * * * *' }, monitorId).cron).toBe('*/5 * * * *');
    expect(resolveSchedule({ cron: '* * * * *' }, monitorId, 1).cron).toBe('* * * * *');
    expect(resolveSchedule({ text: 'every minute' }, monitorId, 1).cron).toBe('* * * * *');
    expect(() => resolveSchedule({ cron: '*/5 * * * *' }, monitorId, 10)).toThrow(ScheduleError);
  });
});

describe('runs', () => {
  it('finds the next run in the schedule timezone', () => {
    const schedule = { cron: '0 9 * * *', timezone: 'Europe/Paris' };
    // 09:00 in Paris is 08:00 UTC in winter.
    expect(nextRunAt(schedule, '2026-01-10T07:00:00.000Z')).toBe('2026-01-10T08:00:00.000Z');
    expect(nextRunAt(schedule, '2026-01-10T08:00:00.000Z')).toBe('2026-01-11T08:00:00.000Z');
  });

  it('counts runs per month and the shortest interval', () => {
    expect(runsPerMonth({ cron: '0 * * * *', timezone: 'UTC' }, '2026-01-01T00:00:00.000Z')).toBe(720);
    expect(runsPerMonth({ cron: '0 9 * * *', timezone: 'UTC' }, '2026-01-01T00:00:00.000Z')).toBe(30);
    expect(runsPerMonth({ cron: '* * * * *', timezone: 'UTC' }, '2026-01-01T00:00:00.000Z')).toBe(43_200);
    expect(runsPerMonth({ cron: '*/5 * * * *', timezone: 'UTC' }, '2026-01-01T00:00:00.000Z')).toBe(8_640);
    expect(runsPerMonth({ cron: '*/30 * * * *', timezone: 'UTC' }, '2026-01-01T00:07:13.000Z')).toBe(1_440);
    expect(shortestIntervalMinutes({ cron: '0 8,20 * * *', timezone: 'UTC' })).toBe(720);
  });

  it('describes a schedule in words', () => {
    expect(describeSchedule({ cron: '*/30 * * * *', timezone: 'UTC' })).toBe('Every 30 minutes (UTC)');
    expect(describeSchedule({ cron: '0 9 * * 1-5', timezone: 'Europe/Paris' })).toBe(
      'At 09:00, Monday through Friday (Europe/Paris)',
    );
  });
});
