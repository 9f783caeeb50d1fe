// The checks of issue 22's report forms (src/shared/report-validation.ts), at their bounds: a reason,
// text only where Other needs it (10–1000 characters when given), a decision and a 5–1000 character
// remark once trimmed.
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { validateLessonReport, validateReportDecision } from '@/shared/report-validation';

describe("a learner's report", () => {
  it('needs a reason, and text for Other', () => {
    expect(validateLessonReport({ reason: '', text: 'x'.repeat(20) })).toEqual({
      reason: [t('reports.reasonRequired')],
    });
    expect(validateLessonReport({ reason: 'teacher_absent', text: '' })).toEqual({});
    expect(validateLessonReport({ reason: 'other', text: '   ' })).toEqual({
      text: ['Tell us what went wrong.'],
    });
    expect(validateLessonReport({ reason: 'cut_short', text: 'x'.repeat(9) })).toEqual({
      text: ['Write at least 10 characters.'],
    });
    expect(validateLessonReport({ reason: 'other', text: 'x'.repeat(10) })).toEqual({});
    expect(validateLessonReport({ reason: 'other', text: 'x'.repeat(1001) })).toEqual({
      text: ['Write at most 1000 characters.'],
    });
  });
});

describe("an admin's decision", () => {
  it('needs pay or refund and a remark of 5 to 1000 characters once trimmed', () => {
    expect(validateReportDecision({ decision: 'keep', remark: '' })).toEqual({
      decision: [t('reports.decisionRequired')],
      remark: [t('validation.required')],
    });
    expect(validateReportDecision({ decision: 'pay', remark: '  abcd  ' })).toEqual({
      remark: [t('validation.minLength', { min: 5 })],
    });
    expect(validateReportDecision({ decision: 'refund', remark: 'abcde' })).toEqual({});
    expect(validateReportDecision({ decision: 'pay', remark: 'x'.repeat(1000) })).toEqual({});
    expect(validateReportDecision({ decision: 'pay', remark: 'x'.repeat(1001) })).toEqual({
      remark: [t('validation.maxLength', { max: 1000 })],
    });
  });
});
