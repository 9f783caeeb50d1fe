// The payment forms' checks (wallet PIN, its confirmation, the M-Pesa phone), shared by the SPA (to
// answer before a round trip: the payment modal, the wallet page's PIN settings, checkout) and the
// API (the authority: a wallet payment and a PIN set-up check the same rule).
import { t } from './messages';
import { collect, isBlank, isSafaricomPhone, type FieldErrors } from './validation';

/** A wallet PIN is exactly four digits (SPEC §4 "Wallet"). */
export const WALLET_PIN_PATTERN = /^\d{4}$/;

/** Why `pin` is not a wallet PIN, or null. */
export function pinProblem(pin: string): string | null {
  return WALLET_PIN_PATTERN.test(pin) ? null : t('validation.pin');
}

/** Why the repeated PIN does not confirm `pin`, or null. */
export function pinConfirmationProblem(pin: string, confirmation: string): string | null {
  return confirmation === pin ? null : t('validation.pinMismatch');
}

/** Why `phone` cannot receive an M-Pesa prompt (blank, or not a Safaricom number), or null. */
export function mpesaPhoneProblem(phone: string): string | null {
  if (isBlank(phone)) return t('validation.required');
  return isSafaricomPhone(phone) ? null : t('validation.safaricomPhone');
}

/** The PIN (and, when given, its confirmation) per field. */
export function pinProblems(pin: string, confirmation?: string): FieldErrors {
  return collect({
    pin: pinProblem(pin),
    pinConfirmation: confirmation === undefined ? null : pinConfirmationProblem(pin, confirmation),
  });
}

/** The M-Pesa phone per field. */
export function phoneProblems(phone: string): FieldErrors {
  return collect({ phone: mpesaPhoneProblem(phone) });
}
