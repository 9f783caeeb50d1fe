// Display formats of SPEC §9 (money in KES, dates, times, file sizes, page titles). Pure: the
// server may use them too.
import { t } from './messages';

const kesNumber = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `"1500.00"` → `"KES 1,500"`, `"1500.5"` → `"KES 1,500.50"`; unreadable input → `"KES 0"`. */
export function formatKes(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  const text = kesNumber.format(Number.isFinite(value) ? value : 0);
  return `KES ${text.endsWith('.00') ? text.slice(0, -3) : text}`;
}

type DateInput = Date | string | number;

/** Plain `YYYY-MM-DD` is a calendar date: read it as local midnight, not UTC, so the day never shifts. */
function toDate(value: DateInput): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'string') {
    const plain = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (plain) return new Date(Number(plain[1]), Number(plain[2]) - 1, Number(plain[3]));
  }
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

type Formatters = { shortDate: Intl.DateTimeFormat; day: Intl.DateTimeFormat; longMonth: Intl.DateTimeFormat; year: Intl.DateTimeFormat; clock: Intl.DateTimeFormat };

function makeFormatters(timeZone?: string): Formatters {
  return {
    shortDate: new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone }),
    day: new Intl.DateTimeFormat('en-US', { day: 'numeric', timeZone }),
    longMonth: new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone }),
    year: new Intl.DateTimeFormat('en-US', { year: 'numeric', timeZone }),
    clock: new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone }),
  };
}

const localFormatters = makeFormatters();
const zoneFormatters = new Map<string, Formatters>();

/**
 * The learner's own zone by default; a named zone (`Africa/Nairobi`) when the text must not depend
 * on where it is rendered (a page rendered on the server, then hydrated). A plain `YYYY-MM-DD` is a
 * calendar date and reads the same in every zone.
 */
function formattersFor(value: DateInput, timeZone: string | undefined): Formatters {
  if (!timeZone || (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))) return localFormatters;
  let found = zoneFormatters.get(timeZone);
  if (!found) zoneFormatters.set(timeZone, (found = makeFormatters(timeZone)));
  return found;
}

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

/** "3:05 PM". */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  // Some ICU versions put a narrow no-break space before AM/PM; show a plain space.
  return date ? formattersFor(value, timeZone).clock.format(date).replace(/\u202f|\u00a0/g, ' ') : '';
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'] as const;

/** Human-readable size, base 1024, at most 2 decimals: 1536 → "1.5 KB". */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const exponent = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = Number.parseFloat((bytes / 1024 ** exponent).toFixed(2));
  return `${value} ${SIZE_UNITS[exponent]}`;
}

/**
 * A countdown as a clock: "12:34" (minutes), "1:02:03" (hours), "2d 03:04:05" (days); never negative.
 * Seconds are rounded up, so it reads "0:01" until the moment it reaches zero.
 */
export function formatCountdown(ms: number): string {
  const total = Math.max(Math.ceil((Number.isFinite(ms) ? ms : 0) / 1000), 0);
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${two(hours)}:${two(minutes)}:${two(seconds)}`;
  if (hours > 0) return `${hours}:${two(minutes)}:${two(seconds)}`;
  return `${minutes}:${two(seconds)}`;
}

/** "sign in" → "Sign in | Somesha" (SPEC §2). */
export function pageTitle(title: string): string {
  const trimmed = title.trim();
  const product = t('app.name');
  if (!trimmed) return product;
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)} | ${product}`;
}
