// Calendar days: the day (`YYYY-MM-DD`) and the wall clock of an instant in a zone (the app's by
// default), a day's first and last instant there, and the arithmetic and names of calendar days,
// which need no zone. The timetable and the server's day ranges use them; public pages do not, so
// they stay out of the chunk those load (src/shared/time.ts is in it).
import { APP_TIME_ZONE, cached, PLAIN_DAY, toDate, type DateInput } from './time';

type ZoneParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const partFormatters = new Map<string, Intl.DateTimeFormat>();

function partsIn(ms: number, timeZone: string): ZoneParts {
  const format = cached(
    partFormatters,
    timeZone,
    (zone) =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      }),
  );
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = Number(part.value);
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');
const dayText = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}`;

/** The calendar day (`YYYY-MM-DD`) an instant falls on in the zone; "" for an unreadable instant. */
export function dayIn(value: DateInput, timeZone: string = APP_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsIn(date.getTime(), timeZone);
  return dayText(parts.year, parts.month, parts.day);
}

/** Today (`YYYY-MM-DD`) in the zone. */
export function todayIn(timeZone: string = APP_TIME_ZONE, now: DateInput = Date.now()): string {
  return dayIn(now, timeZone);
}

/** The wall clock (`HH:mm`, 24-hour) of an instant in the zone: a lesson form's `time`. */
export function clockIn(value: DateInput, timeZone: string = APP_TIME_ZONE): string {
  const date = toDate(value);
  if (!date) return '';
  const parts = partsIn(date.getTime(), timeZone);
  return `${two(parts.hour)}:${two(parts.minute)}`;
}

/** How far the zone's wall clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number, timeZone: string): number {
  const p = partsIn(ms, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The first instant of a calendar day in the zone (its midnight); an invalid day gives an invalid Date. */
export function startOfDayIn(day: string, timeZone: string = APP_TIME_ZONE): Date {
  const ms = dayMs(day);
  if (ms === null) return new Date(Number.NaN);
  const guess = ms - offsetAt(ms, timeZone);
  // A zone whose offset changes that night: the offset at the guess is the one that holds.
  return new Date(ms - offsetAt(guess, timeZone));
}

/** The last millisecond of a calendar day in the zone. */
export function endOfDayIn(day: string, timeZone: string = APP_TIME_ZONE): Date {
  const ms = dayMs(day);
  if (ms === null) return new Date(Number.NaN);
  return new Date(startOfDayIn(addDays(day, 1), timeZone).getTime() - 1);
}

// ---- Calendar days: `YYYY-MM-DD`, no zone ----

const DAY_MS = 86_400_000;

/** Midnight UTC of a real calendar day, or null (`2026-02-30` is no day). */
export function dayMs(day: string): number | null {
  const match = PLAIN_DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(year, month - 1, date);
  const back = new Date(ms);
  return back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === date
    ? ms
    : null;
}

/** The calendar day of a UTC midnight. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function isCalendarDay(value: unknown): value is string {
  return typeof value === 'string' && dayMs(value) !== null;
}

/** The day `count` days later (earlier when negative). */
export function addDays(day: string, count: number): string {
  return dayOf((dayMs(day) ?? 0) + count * DAY_MS);
}

/** Every calendar day from `from` to `to`, both included (at most 62: a month view and its edges). */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  const last = dayMs(to) ?? 0;
  for (let ms = dayMs(from) ?? 0; ms <= last && days.length < 62; ms += DAY_MS) days.push(dayOf(ms));
  return days;
}

const dayFormatters = {
  weekday: new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }),
  month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/** "Monday". */
export function weekdayName(day: string): string {
  return dayFormatters.weekday.format(new Date(dayMs(day) ?? 0));
}

/** "Nov 23" (the year said elsewhere). */
export function shortDay(day: string): string {
  return dayFormatters.short.format(new Date(dayMs(day) ?? 0));
}

/** "November 2026". */
export function monthTitle(day: string): string {
  return dayFormatters.month.format(new Date(dayMs(day) ?? 0));
}
