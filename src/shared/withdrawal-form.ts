// The wallet page's checks of a withdrawal (issue 23, docs/withdrawals.md), answered before a round
// trip with the limits of src/shared/withdrawals.ts; the server checks the same and has the last word.
import { remarkProblem } from './remark-validation';
import { REMARK_MAX } from './teaching';
import { formatKes } from './format';
import { t } from './messages';
import { isBlank, isSafaricomPhone, wholeShillings } from './validation';
import {
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  withdrawalAmountProblem as withinLimitsProblem,
} from './withdrawals';

export const WITHDRAWAL_MIN_KES = WITHDRAWAL_MIN_CENTS / 100;
export const WITHDRAWAL_MAX_KES = WITHDRAWAL_MAX_CENTS / 100;
/** An admin's remark on a resolved transaction: the server's rule (`remarkProblem`, 3–500 characters). */
export const RESOLVE_REMARK_MAX = REMARK_MAX;

const cents = (amount: string | null | undefined) => Math.round(Number(amount ?? 0) * 100);

/** Why `value` (whole shillings) cannot be withdrawn from a wallet with `withdrawable` (a decimal string), or null. */
export function withdrawalAmountProblem(
  value: unknown,
  withdrawable: string | null | undefined,
): string | null {
  // The limits are the server's own rule, word for word; the withdrawable amount only the page knows.
  const outside = withinLimitsProblem(value);
  if (outside) return outside;
  const kes = wholeShillings(value) ?? 0;
  if (kes * 100 > cents(withdrawable))
    return t('walletUi.amountAboveWithdrawable', { amount: formatKes(withdrawable) });
  return null;
}

/** Why `phone` cannot be a withdrawal number (SPEC §5: a Safaricom number), or null. */
export function withdrawalNumberProblem(phone: string): string | null {
  if (isBlank(phone)) return t('validation.required');
  return isSafaricomPhone(phone) ? null : t('validation.safaricomPhone');
}

/** The amount plus the flat fee, as a decimal string: what leaves the wallet. */
export function withdrawalTotal(amount: string, fee: string | null | undefined): string {
  return ((cents(amount) + cents(fee)) / 100).toFixed(2);
}

/** Why an admin's remark is not one, or null: the same function the resolve route's schema uses. */
export const resolveRemarkProblem = remarkProblem;

/** `YYYY-MM` of the last `count` months in Nairobi, this month first (the statement picker). */
export function recentMonths(now: Date, count = 12): string[] {
  const nairobi = new Date(now.getTime() + 3 * 60 * 60 * 1000);
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const date = new Date(Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

/** `2026-11` as "November 2026". */
export function monthName(month: string): string {
  const [year, monthNo] = month.split('-').map(Number);
  return new Date(Date.UTC(year ?? 2000, (monthNo ?? 1) - 1, 1)).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
