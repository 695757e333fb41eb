import { createHash } from 'node:crypto';
import { Cron } from 'croner';
import cronstrue from 'cronstrue';
import { parseTextSchedule, TextScheduleError } from './text-schedule.js';

/** A monitor's schedule as stored and answered: always the normalised cron, plus the text it came from. */
export interface MonitorSchedule {
  cron: string;
  timezone: string;
  text?: string;
}

/** The schedule of a create/update body: exactly one of `cron` / `text`. */
export interface ScheduleInput {
  cron?: string;
  text?: string;
  timezone?: string;
}

/** A schedule that cannot be used; `path` names the field. */
export class ScheduleError extends Error {
  constructor(
    readonly path: string[],
    message: string,
  ) {
    super(message);
    this.name = 'ScheduleError';
  }
}

/** Operators may lower or raise it (MONITOR_MIN_INTERVAL_MINUTES); Firecrawl's floor is 5 minutes. */
export const DEFAULT_MIN_INTERVAL_MINUTES = 5;

/** How many upcoming runs are compared to find the shortest interval of a cron. */
const RUNS_SAMPLED = 400;

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return timezone.length > 0;
  } catch {
    return false;
  }
}

/**
 * The minute a text schedule without a pinned minute runs at: derived from the monitor id, so
 * that many "hourly" monitors do not all start in the same second, yet one monitor is stable.
 */
export function spreadMinute(monitorId: string): number {
  return createHash('sha256').update(monitorId).digest().readUInt32BE(0) % 60;
}

/**
 * Validates and normalises a schedule: text → cron (minute spread by monitor id when the text
 * pins none), timezone defaulting to UTC, runs at least `minIntervalMinutes` apart.
 */
export function resolveSchedule(
  input: ScheduleInput,
  monitorId: string,
  minIntervalMinutes = DEFAULT_MIN_INTERVAL_MINUTES,
): MonitorSchedule {
  const hasCron = typeof input.cron === 'string' && input.cron.trim() !== '';
  const hasText = typeof input.text === 'string' && input.text.trim() !== '';
  if (hasCron === hasText) {
    throw new ScheduleError(['schedule'], 'schedule needs exactly one of cron or text');
  }
  const timezone = input.timezone ?? 'UTC';
  if (!isValidTimezone(timezone)) {
    throw new ScheduleError(['schedule', 'timezone'], `timezone "${timezone}" is not an IANA time zone`);
  }
  let cron: string;
  if (hasText) {
    try {
      const parsed = parseTextSchedule(input.text as string);
      cron = parsed.cronTemplate.replace('{m}', String(spreadMinute(monitorId)));
    } catch (error) {
      if (error instanceof TextScheduleError) throw new ScheduleError(['schedule', 'text'], error.message);
      throw error;
    }
  } else {
    cron = (input.cron as string).trim().replace(/\s+/g, ' ');
    if (cron.split(' ').length !== 5) {
      throw new ScheduleError(
        ['schedule', 'cron'],
        'cron must have 5 fields: minute hour day-of-month month day-of-week',
      );
    }
    try {
      new Cron(cron, { paused: true });
    } catch (error) {
      throw new ScheduleError(['schedule', 'cron'], `cron "${cron}" is invalid: ${(error as Error).message}`);
    }
  }
  const schedule: MonitorSchedule = {
    cron,
    timezone,
    ...(hasText ? { text: (input.text as string).trim() } : {}),
  };
  const shortest = shortestIntervalMinutes(schedule);
  if (shortest < minIntervalMinutes) {
    throw new ScheduleError(
      ['schedule', hasText ? 'text' : 'cron'],
      `schedule runs every ${shortest} minute(s); the minimum interval is ${minIntervalMinutes} minutes`,
    );
  }
  return schedule;
}

function cronOf(schedule: MonitorSchedule): Cron {
  return new Cron(schedule.cron, { timezone: schedule.timezone, paused: true });
}

/** The first run strictly after `after` (ISO-8601), or null when the cron never fires again. */
export function nextRunAt(schedule: MonitorSchedule, after: string): string | null {
  return cronOf(schedule).nextRun(new Date(after))?.toISOString() ?? null;
}

/** Shortest gap between consecutive runs over the next few hundred runs from a fixed reference. */
export function shortestIntervalMinutes(schedule: MonitorSchedule): number {
  const runs = cronOf(schedule).nextRuns(RUNS_SAMPLED, new Date('2026-01-01T00:00:00Z'));
  let shortest = Number.POSITIVE_INFINITY;
  for (let i = 1; i < runs.length; i++) {
    shortest = Math.min(shortest, (runs[i].getTime() - runs[i - 1].getTime()) / 60_000);
  }
  return shortest;
}

/** Runs counted one by one before extrapolating; frequent crons would cost 40,000 steps otherwise. */
const RUNS_COUNTED = 500;

/**
 * Runs in the 30 days after `from`: counted exactly for schedules with at most a few hundred
 * runs a month, extrapolated from the first few hundred runs for more frequent ones.
 */
export function runsPerMonth(schedule: MonitorSchedule, from: string): number {
  const start = new Date(from).getTime();
  const month = 30 * 24 * 3600_000;
  const runs = cronOf(schedule).nextRuns(RUNS_COUNTED, new Date(from));
  const inMonth = runs.filter((run) => run.getTime() - start <= month).length;
  if (inMonth < runs.length || runs.length < RUNS_COUNTED) return inMonth;
  // The rate between the first and last counted run, so the offset of `from` does not skew it.
  const span = runs[runs.length - 1].getTime() - runs[0].getTime();
  return Math.round(((RUNS_COUNTED - 1) * month) / span);
}

/** The schedule in words, for the dashboard and the CLI. */
export function describeSchedule(schedule: MonitorSchedule): string {
  return `${cronstrue.toString(schedule.cron, { use24HourTimeFormat: true, verbose: false })} (${schedule.timezone})`;
}
