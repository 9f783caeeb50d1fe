// The app's time, once for the SPA and the server: its zone (Africa/Nairobi), the 12-hour clock and
// the date formats of SPEC §9. Calendar days (the day an instant falls on in the zone, a week's days,
// their names) build on it in src/shared/calendar-days.ts, which public pages do not load. Intl, not
// dayjs: this module is in the chunk every public page loads, and dayjs with its zone plugins would
// add 4.5 KB compressed to it (docs/architecture.md "Dates").

/** Every day and time the product shows is a Nairobi one: the market is Kenyan, profiles have no zone yet. */
export const APP_TIME_ZONE = 'Africa/Nairobi';

export type DateInput = Date | string | number;

export const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An instant, or null when unreadable. Plain `YYYY-MM-DD` is a calendar date: read it as local
 * midnight, not UTC, so the day never shifts.
 */
export function toDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const plain = PLAIN_DAY.exec(value);
    if (plain) return new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]));
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

type Formatters = {
  shortDate: Intl.DateTimeFormat;
  day: Intl.DateTimeFormat;
  longMonth: Intl.DateTimeFormat;
  year: Intl.DateTimeFormat;
  clock: Intl.DateTimeFormat;
};

function makeFormatters(timeZone?: string): Formatters {
  return {
    shortDate: new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }),
    day: new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone }),
    longMonth: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone }),
    year: new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }),
    clock: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }),
  };
}

const localFormatters = makeFormatters();
const zoneFormatters = new Map<string, Formatters>();

/** One formatter per zone, made on first use. */
export function cached<T>(cache: Map<string, T>, timeZone: string, make: (timeZone: string) => T): T {
  let found = cache.get(timeZone);
  if (!found) cache.set(timeZone, (found = make(timeZone)));
  return found;
}

/**
 * The reader's own zone by default; a named zone (`APP_TIME_ZONE`) where the text must not depend on
 * where it is rendered (the server's texts, a page rendered on the server and then hydrated). A plain
 * `YYYY-MM-DD` is a calendar date and reads the same in every zone.
 */
function formattersFor(value: DateInput, timeZone: string | undefined): Formatters {
  if (!timeZone || (typeof value === 'string' && PLAIN_DAY.test(value))) return localFormatters;
  return cached(zoneFormatters, timeZone, makeFormatters);
}

// Some ICU versions put a narrow no-break space before AM/PM; show a plain space.
const plainSpaces = (text: string) => text.replace(/\u202f|\u00a0/g, ' ');

/** "Nov 21, 2026"; an unreadable date gives "". */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? formattersFor(value, timeZone).shortDate.format(date) : '';
}

export function ordinal(day: number): string {
  const lastTwo = day % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`;
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`;
}

/** "21st November 2026". */
export function formatDateOrdinal(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return '';
  const f = formattersFor(value, timeZone);
  return `${ordinal(Number(f.day.format(date)))} ${f.longMonth.format(date)} ${f.year.format(date)}`;
}

/** SPEC §9's 12-hour clock: "3:05 PM". */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  return date ? plainSpaces(formattersFor(value, timeZone).clock.format(date)) : '';
}

/** "Nov 24, 2026 at 3:05 PM". */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = formatDate(value, timeZone);
  return date ? `${date} at ${formatTime(value, timeZone)}` : '';
}

/** A wall-clock time of the 24-hour form a lesson is booked with, on the 12-hour clock: "15:05" → "3:05 PM". */
export function formatClock(time: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(time);
  if (!match) return time;
  const hours = Number(match[1]);
  if (hours > 23 || Number(match[2]) > 59) return time;
  return `${hours % 12 || 12}:${match[2]} ${hours < 12 ? 'AM' : 'PM'}`;
}
