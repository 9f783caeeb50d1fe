// The checks of issue 22's two report forms (docs/classroom.md "Attendance and pay"): a learner's
// report (a reason; text as `reportTextError` says) and an admin's decision (pay or refund, a remark
// of REMARK_MIN..REMARK_MAX characters once trimmed). The forms answer them before a round trip; the
// server may check its bodies with the same functions, so the two cannot drift.
import {
  REMARK_MAX,
  REMARK_MIN,
  REPORT_DECISIONS,
  REPORT_REASONS,
  reportTextError,
  type ReportReason,
} from './classroom';
import { t } from './messages';
import { collect, type FieldErrors } from './validation';

const isReason = (value: string): value is ReportReason =>
  (REPORT_REASONS as readonly string[]).includes(value);

/** A learner's report: `{reason, text}` as the form holds them. */
export function validateLessonReport(values: { reason: string; text: string }): FieldErrors {
  if (!isReason(values.reason)) return collect({ reason: t('reports.reasonRequired') });
  return collect({ text: reportTextError(values.reason, values.text) });
}

/** The remark both sides of a decided report see. */
export function reportRemarkProblem(remark: string): string | null {
  const text = remark.trim();
  if (!text) return t('validation.required');
  if (text.length < REMARK_MIN) return t('validation.minLength', { min: REMARK_MIN });
  if (text.length > REMARK_MAX) return t('validation.maxLength', { max: REMARK_MAX });
  return null;
}

/** An admin's decision: `{decision, remark}` as the form holds them. */
export function validateReportDecision(values: { decision: string; remark: string }): FieldErrors {
  return collect({
    decision: (REPORT_DECISIONS as readonly string[]).includes(values.decision)
      ? null
      : t('reports.decisionRequired'),
    remark: reportRemarkProblem(values.remark),
  });
}
