// Display formats of SPEC §9 (money in KES, dates, times, file sizes, page titles). Pure: the
// server may use them too. Dates and times are src/shared/time.ts's (the app's zone and clock).
import { t } from './messages';

export { formatDate, formatDateOrdinal, formatTime, ordinal } from './time';

const kesNumber = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `"1500.00"` → `"KES 1,500"`, `"1500.5"` → `"KES 1,500.50"`; unreadable input → `"KES 0"`. */
export function formatKes(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number.parseFloat(amount ?? '');
  const text = kesNumber.format(Number.isFinite(value) ? value : 0);
  return `KES ${text.endsWith('.00') ? text.slice(0, -3) : text}`;
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
