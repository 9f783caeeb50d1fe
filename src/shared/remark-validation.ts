// The reason an admin gives when turning down a teacher (`remark`) or a lesson or class (`comment`),
// docs/teaching-admin.md: required, REMARK_MIN to REMARK_MAX characters once trimmed. The approval
// dialog checks it before a round trip and the admin routes check it in their body schemas, with
// the same function, so the two cannot drift.
import { t } from './messages';
import { REMARK_MAX, REMARK_MIN } from './teaching';

export function remarkProblem(remark: string): string | null {
  const text = remark.trim();
  if (!text) return t('validation.required');
  if (text.length < REMARK_MIN) return t('validation.minLength', { min: REMARK_MIN });
  if (text.length > REMARK_MAX) return t('validation.maxLength', { max: REMARK_MAX });
  return null;
}
