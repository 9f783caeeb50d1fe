// Validation rules shared by the SPA (to answer before a round trip) and the API (the authority).
// Each rule returns a message text or null; form validators collect them per field.
import { t, type MessageKey } from './messages';

export type FieldErrors = Record<string, string[]>;

export const PASSWORD_MIN = 8;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]{3,30}$/;
export const GENDERS = ['male', 'female', 'other'] as const;
export const ROLES_TO_SIGN_UP = ['student', 'parent', 'teacher'] as const;
export const STUDY_MODES = ['boarding', 'day_scholar'] as const;
export const QUALIFICATION_LEVELS = ['PHD', 'Masters', 'Degree', 'Diploma', 'Certificate'] as const;
export const TEACHER_SUBJECTS_MIN = 1;
export const TEACHER_SUBJECTS_MAX = 5;
export const STUDENT_MIN_AGE = 4;
export const PARENT_MIN_AGE = 18;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function emailProblem(value: string): string | null {
  if (isBlank(value)) return t('validation.required');
  return EMAIL_PATTERN.test(value.trim()) ? null : t('validation.email');
}

export function passwordProblems(value: string): string[] {
  const keys: MessageKey[] = [];
  if (value.length < PASSWORD_MIN) keys.push('validation.passwordMin');
  if (!/[a-z]/.test(value)) keys.push('validation.passwordLowercase');
  if (!/[A-Z]/.test(value)) keys.push('validation.passwordUppercase');
  if (!/[0-9]/.test(value)) keys.push('validation.passwordNumber');
  if (!/[^A-Za-z0-9]/.test(value)) keys.push('validation.passwordSpecial');
  return keys.map((key) => t(key, { min: PASSWORD_MIN }));
}

/** Kenyan mobile number in any usual form → `2547xxxxxxxx` / `2541xxxxxxxx`, or null. */
export function normaliseKenyanPhone(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(digits);
  return match ? `254${match[1]}` : null;
}

/** `254712345678` as people write it: `+254 712 345 678` (anything else as it is). */
export function displayPhone(phone: string): string {
  const match = /^254(\d{3})(\d{3})(\d{3})$/.exec(phone);
  return match ? `+254 ${match[1]} ${match[2]} ${match[3]}` : phone;
}

// Safaricom prefixes (after 254): 70x, 71x, 72x, 740–743, 745, 746, 748, 757–759, 768, 769, 79x, 110–115.
const SAFARICOM = /^254(?:7(?:[0-2]\d|4[0-35-68]|5[7-9]|6[89]|9\d)|11[0-5])\d{6}$/;

export function isSafaricomPhone(value: string): boolean {
  const phone = normaliseKenyanPhone(value);
  return phone !== null && SAFARICOM.test(phone);
}

export function phoneProblem(value: string): string | null {
  if (isBlank(value)) return t('validation.required');
  return normaliseKenyanPhone(value) ? null : t('validation.phone');
}

export function genderProblem(value: string): string | null {
  if (isBlank(value)) return t('validation.required');
  return (GENDERS as readonly string[]).includes(value) ? null : t('validation.gender');
}

/** The earliest year of birth anyone gives (1899 is a typing slip, not a learner). */
export const DOB_YEAR_MIN = 1900;

/** `YYYY-MM-DD` checks for a date of birth; `today` is injectable for tests. */
export function dobProblem(value: string, minAge: number, today: Date = new Date()): string | null {
  if (isBlank(value)) return t('validation.required');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return t('validation.dob');
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return t('validation.dob');
  }
  const todayUtc = Date.UTC(today.getFullYear(), today.getMonth(), today.getDate());
  if (date.getTime() > todayUtc) return t('validation.dobFuture');
  if (year < DOB_YEAR_MIN) return t('honest.dobTooEarly', { year: DOB_YEAR_MIN });
  const birthdayThisYear = Date.UTC(year + minAge, month - 1, day);
  if (birthdayThisYear > todayUtc) return t('validation.minAge', { min: minAge });
  return null;
}

export function collect(entries: Record<string, Array<string | null> | string | null>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, found] of Object.entries(entries)) {
    const list = (Array.isArray(found) ? found : [found]).filter((m): m is string => !!m);
    if (list.length) errors[field] = list;
  }
  return errors;
}

export type SignUpValues = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  passwordConfirmation: string;
  role: string;
  terms: boolean;
};

export function validateSignUp(v: SignUpValues): FieldErrors {
  return collect({
    firstName: isBlank(v.firstName)
      ? t('validation.required')
      : v.firstName.length > 50
        ? t('validation.maxLength', { max: 50 })
        : null,
    lastName: isBlank(v.lastName)
      ? t('validation.required')
      : v.lastName.length > 50
        ? t('validation.maxLength', { max: 50 })
        : null,
    username: USERNAME_PATTERN.test(v.username) ? null : t('validation.username'),
    email: emailProblem(v.email),
    phone: phoneProblem(v.phone),
    password: passwordProblems(v.password),
    passwordConfirmation: v.password === v.passwordConfirmation ? null : t('validation.passwordMismatch'),
    role: (ROLES_TO_SIGN_UP as readonly string[]).includes(v.role) ? null : t('validation.choice'),
    terms: v.terms === true ? null : t('validation.terms'),
  });
}

/** A value that must be given; a password is not trimmed (its spaces are characters of it). */
export function requiredProblem(value: string): string | null {
  return value === '' ? t('validation.required') : null;
}

export type SignInValues = { email: string; password: string };

/** The sign-in form's checks, the ones `POST /api/login` makes. */
export function validateSignIn(v: SignInValues): FieldErrors {
  return collect({ email: emailProblem(v.email), password: requiredProblem(v.password) });
}

export function validateNewPassword(password: string, confirmation: string): FieldErrors {
  return collect({
    password: passwordProblems(password),
    passwordConfirmation: password === confirmation ? null : t('validation.passwordMismatch'),
  });
}

// Profile photos (issue 9): the server checks the bytes themselves, the SPA the declared type and size.
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PHOTO_TYPE_NAMES = 'JPEG, PNG, WebP';
export const PHOTO_MAX_MB = 5;
export const PHOTO_MAX_BYTES = PHOTO_MAX_MB * 1024 * 1024;

/** A chosen photo's declared type and size, in the SPEC §5 wording. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!(PHOTO_MIME_TYPES as readonly string[]).includes(file.type)) {
    return t('validation.fileTypes', { types: PHOTO_TYPE_NAMES });
  }
  if (file.size > PHOTO_MAX_BYTES) return t('validation.fileSize', { size: PHOTO_MAX_MB });
  if (file.size === 0) return t('validation.required');
  return null;
}

// Wallet top-up limits in whole shillings (SPEC §4 "Wallet"): the wallet page checks them before a
// round trip, `POST /api/wallet/topup` is the authority.
export const TOPUP_MIN_KES = 10;
export const TOPUP_MAX_KES = 150_000;

/** A whole-shilling amount (`150`, `"150"`, `"150.00"`) as a number, or null. */
export function wholeShillings(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.0{1,2})?$/.test(text)) return null;
  const kes = Number(text);
  return Number.isSafeInteger(kes) ? kes : null;
}

/** Why `value` is not a top-up amount (`wallet.topupAmount`), or null. */
export function topUpAmountProblem(value: unknown): string | null {
  const kes = wholeShillings(value);
  if (kes !== null && kes >= TOPUP_MIN_KES && kes <= TOPUP_MAX_KES) return null;
  return t('wallet.topupAmount', {
    min: TOPUP_MIN_KES.toLocaleString('en-US'),
    max: TOPUP_MAX_KES.toLocaleString('en-US'),
  });
}
