// Withdrawals to M-Pesa (issue 23, docs/withdrawals.md): the limits, the number's waiting time and how
// a number is shown, shared by the server (which decides) and the wallet page (which explains).
import { t } from './messages';
import { wholeShillings } from './validation';

/** Least per withdrawal, in cents: KES 50 (below it M-Pesa's own B2C charge would eat most of it). */
export const WITHDRAWAL_MIN_CENTS = 50_00;
/** Most per withdrawal, in cents: KES 150,000, M-Pesa's largest single B2C payment to a person. */
export const WITHDRAWAL_MAX_CENTS = 150_000_00;
/** A newly set withdrawal number cannot be paid to for this long (an account taken over cannot be emptied at once). */
export const WITHDRAWAL_NUMBER_WAIT_MS = 24 * 60 * 60 * 1000;
/** A withdrawal M-Pesa has not answered for this long is left for staff (`needs_review`), nothing returned. */
export const WITHDRAWAL_REVIEW_AFTER_MS = 24 * 60 * 60 * 1000;

/** `0712345678` / `254712345678` shown as `•••••••678`: all but the last 3 digits hidden. */
export function maskedNumber(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length <= 3) return digits;
  return `${'•'.repeat(digits.length - 3)}${digits.slice(-3)}`;
}

/** When a number set at `setAt` may be paid to. */
export function withdrawalNumberUsableAt(setAt: Date): Date {
  return new Date(setAt.getTime() + WITHDRAWAL_NUMBER_WAIT_MS);
}

/** `YYYY-MM` of a monthly statement, a real month, not in the future (`now` in Nairobi). */
export function statementMonthError(month: string, now = new Date()): string | null {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return 'Choose a month (YYYY-MM).';
  const [year, monthNo] = [Number(match[1]), Number(match[2])];
  if (monthNo < 1 || monthNo > 12 || year < 2000) return 'Choose a month (YYYY-MM).';
  const nairobi = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  const current = nairobi.getUTCFullYear() * 12 + nairobi.getUTCMonth();
  if (year * 12 + (monthNo - 1) > current) return 'A statement can only be for this month or an earlier one.';
  return null;
}

/** Why `value` is not a withdrawal amount (whole KES within the limits), or null. */
export function withdrawalAmountProblem(value: unknown): string | null {
  const kes = wholeShillings(value);
  if (kes !== null && kes * 100 >= WITHDRAWAL_MIN_CENTS && kes * 100 <= WITHDRAWAL_MAX_CENTS) return null;
  return t('withdrawal.amount', {
    min: (WITHDRAWAL_MIN_CENTS / 100).toLocaleString('en-US'),
    max: (WITHDRAWAL_MAX_CENTS / 100).toLocaleString('en-US'),
  });
}
