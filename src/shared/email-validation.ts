// The e-mail address rule, apart from validation.ts (which re-exports it): the footer's newsletter
// field on every public page uses it, the other rules load with the forms that use them.
import { t } from './messages';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function emailProblem(value: string): string | null {
  if (isBlank(value)) return t('validation.required');
  return EMAIL_PATTERN.test(value.trim()) ? null : t('validation.email');
}
