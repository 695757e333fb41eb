/**
 * The natural-language schedules Trawl understands: a closed grammar, normalised to 5-field cron.
 * Anything outside it is refused with examples rather than guessed at.
 */

export const TEXT_SCHEDULE_EXAMPLES = [
  'every 30 minutes',
  'every 15 minutes starting at :05',
  'hourly',
  'every 2 hours',
  'daily',
  'daily at 9am',
  'every day at 17:30',
  'weekdays at 8:15 am',
  'weekends at noon',
  'mondays and thursdays at 6pm',
  'twice a day',
  'weekly',
  'weekly on friday at 5pm',
  'monthly on day 15',
  'monthly on the 1st at 08:00',
] as const;

/** A text schedule as cron; `pinnedMinute` is false when the text named no minute (then it is spread). */
export interface ParsedTextSchedule {
  /** Cron with `{m}` standing for the minute when it was not pinned by the text. */
  cronTemplate: string;
  pinnedMinute: boolean;
}

export class TextScheduleError extends Error {
  constructor(text: string) {
    super(
      `Cannot understand the schedule "${text}". Use a cron expression or one of: ${TEXT_SCHEDULE_EXAMPLES.map((e) => `"${e}"`).join(', ')}`,
    );
    this.name = 'TextScheduleError';
  }
}

const DAYS: Record<string, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};
const DAY_ABBREVIATIONS: Record<string, string> = {
  sun: 'sunday',
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  sat: 'saturday',
};

const TIME = String.raw`(?:noon|midnight|\d{1,2}(?::\d{2})?\s*(?:am|pm)|\d{1,2}:\d{2})`;

interface Time {
  hour: number;
  minute: number;
}

/** `9am`, `9:30`, `5 PM`, `17:30`, `noon`, `midnight`; undefined when it is no valid time. */
export function parseTime(raw: string): Time | undefined {
  const text = raw.trim().toLowerCase();
  if (text === 'noon') return { hour: 12, minute: 0 };
  if (text === 'midnight') return { hour: 0, minute: 0 };
  const match = /^(\d{1,2})(?::(\d{2}))?\s*(am|pm)?$/.exec(text);
  if (!match) return undefined;
  let hour = Number(match[1]);
  const minute = match[2] === undefined ? 0 : Number(match[2]);
  const meridiem = match[3];
  if (minute > 59) return undefined;
  if (meridiem) {
    if (hour < 1 || hour > 12) return undefined;
    hour = (hour % 12) + (meridiem === 'pm' ? 12 : 0);
  } else if (match[2] === undefined || hour > 23) {
    return undefined; // a bare "9" is ambiguous; 24-hour times need minutes
  }
  return { hour, minute };
}

/** `mondays and thursdays`, `mon, wed, fri`, `weekdays`, `weekends` → cron day-of-week field. */
function parseDays(raw: string): string | undefined {
  const text = raw.trim();
  if (/^weekdays?$/.test(text)) return '1-5';
  if (/^weekends?$/.test(text)) return '0,6';
  const names = text.split(/\s*(?:,|\band\b|&)\s*/).filter(Boolean);
  const numbers = names.map((name) => {
    const singular = name.replace(/s$/, '');
    const full = DAY_ABBREVIATIONS[singular] ?? singular;
    return DAYS[full];
  });
  if (numbers.length === 0 || numbers.some((n) => n === undefined)) return undefined;
  return [...new Set(numbers)].sort((a, b) => a - b).join(',');
}

function atTime(
  raw: string | undefined,
  fallbackHour: number,
): { minute: string; hour: number; pinned: boolean } {
  if (raw === undefined) return { minute: '{m}', hour: fallbackHour, pinned: false };
  const time = parseTime(raw);
  if (!time) throw new Error('bad time');
  return { minute: String(time.minute), hour: time.hour, pinned: true };
}

/** Parses one text schedule; throws TextScheduleError (naming examples) for anything else. */
export function parseTextSchedule(input: string): ParsedTextSchedule {
  const text = input
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^(run |check )?/, '')
    .replace(/\.$/, '');
  try {
    const parsed = parse(text);
    if (parsed) return parsed;
  } catch {
    // fall through to the error naming examples
  }
  throw new TextScheduleError(input);
}

function parse(text: string): ParsedTextSchedule | undefined {
  let m: RegExpExecArray | null;

  m = /^every (?:(\d+) ?(?:minutes?|mins?|m)|minute)(?: starting at :?(\d{1,2}))?$/.exec(text);
  if (m) {
    const every = Number(m[1] ?? 1);
    if (every < 1 || every > 59 || 60 % every !== 0) return undefined;
    if (m[2] !== undefined) {
      const start = Number(m[2]);
      if (start >= every) return undefined;
      return { cronTemplate: `${start}-59/${every} * * * *`, pinnedMinute: true };
    }
    return { cronTemplate: every === 1 ? '* * * * *' : `*/${every} * * * *`, pinnedMinute: true };
  }
  m = /^(?:hourly|every hour)(?: at :?(\d{1,2}))?$/.exec(text);
  if (m) {
    return m[1] === undefined
      ? { cronTemplate: '{m} * * * *', pinnedMinute: false }
      : minuteOfHour(m[1], '*');
  }
  m = /^every (\d+) ?(?:hours?|hrs?|h)(?: (?:starting )?at :?(\d{1,2}))?$/.exec(text);
  if (m) {
    const every = Number(m[1]);
    if (every < 1 || every > 23 || 24 % every !== 0) return undefined;
    const hours = every === 1 ? '*' : `*/${every}`;
    return m[2] === undefined
      ? { cronTemplate: `{m} ${hours} * * *`, pinnedMinute: false }
      : minuteOfHour(m[2], hours);
  }
  m = new RegExp(`^(?:daily|every day|each day)(?: at (${TIME}))?$`).exec(text);
  if (m) {
    const t = atTime(m[1], 9);
    return { cronTemplate: `${t.minute} ${t.hour} * * *`, pinnedMinute: t.pinned };
  }
  m = new RegExp(`^twice (?:a|per) day(?: at (${TIME}) and (${TIME}))?$`).exec(text);
  if (m) {
    if (m[1] === undefined) return { cronTemplate: '{m} 9,21 * * *', pinnedMinute: false };
    const first = parseTime(m[1]);
    const second = parseTime(m[2]);
    if (!first || !second || first.minute !== second.minute || first.hour === second.hour) return undefined;
    const hours = [first.hour, second.hour].sort((a, b) => a - b).join(',');
    return { cronTemplate: `${first.minute} ${hours} * * *`, pinnedMinute: true };
  }
  m = new RegExp(`^(?:weekly|every week)(?: on (\\w+))?(?: at (${TIME}))?$`).exec(text);
  if (m) {
    const day = m[1] === undefined ? '1' : parseDays(m[1]);
    if (day === undefined || day.includes(',')) return undefined;
    const t = atTime(m[2], 9);
    return { cronTemplate: `${t.minute} ${t.hour} * * ${day}`, pinnedMinute: t.pinned };
  }
  m = new RegExp(
    `^(?:monthly|every month)(?: on (?:the )?(?:day )?(\\d{1,2})(?:st|nd|rd|th)?)?(?: at (${TIME}))?$`,
  ).exec(text);
  if (m) {
    const day = m[1] === undefined ? 1 : Number(m[1]);
    if (day < 1 || day > 28) return undefined; // days 29–31 would skip short months silently
    const t = atTime(m[2], 9);
    return { cronTemplate: `${t.minute} ${t.hour} ${day} * *`, pinnedMinute: t.pinned };
  }
  // "weekdays at 9am", "every monday at 18:00", "mon, wed and fri at 7pm", "on weekends"
  m = new RegExp(`^(?:every |on )?([a-z ,&]+?)(?: at (${TIME}))?$`).exec(text);
  if (m) {
    const days = parseDays(m[1]);
    if (days === undefined) return undefined;
    const t = atTime(m[2], 9);
    return { cronTemplate: `${t.minute} ${t.hour} * * ${days}`, pinnedMinute: t.pinned };
  }
  return undefined;
}

function minuteOfHour(raw: string, hours: string): ParsedTextSchedule | undefined {
  const minute = Number(raw);
  if (minute > 59) return undefined;
  return { cronTemplate: `${minute} ${hours} * * *`, pinnedMinute: true };
}
