// Wire shapes of the teaching side (docs/teaching-admin.md "Resources"): TeacherLesson, the learners
// of a lesson, TeacherClass and Earning.
import type { LessonDetails } from './commerce-resource';
import { learnerClassResource, lessonResource } from './commerce-resource';
import { centsToDecimal } from './money';
import type { TEACHER_LESSON_STATUSES } from '../../src/shared/teaching';
import type { EarningState } from '../../src/shared/classroom';

export type TeacherLessonStatus = (typeof TEACHER_LESSON_STATUSES)[number];

export type LessonCounts = { bookings: number; notes: number; assignments: number };

/** cancelled wins; then approved; a comment makes it rejected; else pending. */
function lessonStatus(lesson: {
  isApproved: boolean;
  rejectionComment: string | null;
  cancelledAt: Date | null;
}): TeacherLessonStatus {
  if (lesson.cancelledAt) return 'cancelled';
  if (lesson.isApproved) return 'approved';
  return lesson.rejectionComment ? 'rejected' : 'pending';
}

/**
 * The Lesson plus what its teacher needs. `type` keeps the Lesson's `{name, color}` and adds
 * `value` (`public`, `private`, `group`) for the edit form.
 */
export function teacherLessonResource(lesson: LessonDetails, counts: LessonCounts, now = new Date()) {
  const base = lessonResource(lesson, { showLink: true, classroomFor: 'teacher' });
  const started = lesson.startAt.getTime() <= now.getTime();
  const ended = lesson.endAt.getTime() <= now.getTime();
  const cancelled = lesson.cancelledAt !== null;
  return {
    ...base,
    type: { ...base.type, value: lesson.type },
    status: lessonStatus(lesson),
    cancelled_at: lesson.cancelledAt ? lesson.cancelledAt.toISOString() : null,
    cancellation_reason: lesson.cancellationReason,
    bookings_count: counts.bookings,
    notes_count: counts.notes,
    assignments_count: counts.assignments,
    can_edit: counts.bookings === 0 && !cancelled && !started,
    can_reschedule: counts.bookings > 0 && !cancelled && !started,
    can_cancel: !cancelled && !ended,
  };
}

export type LessonLearner = {
  bookingId: number;
  studentId: number;
  studentName: string;
  payerName: string | null;
  /** What the learner (or their payer) paid; 0 for a seat their plan covered. */
  paidCents: number | null;
  /**
   * What the seat earns the teacher before commission (server/services/seat-gross.ts): the list
   * price where a plan covered or discounted it, 0 once refunded, null when nobody paid.
   */
  takingsCents: number | null;
  /** How a learner's plan priced the seat. */
  plan: 'covered' | 'discounted' | null;
  bookedAt: Date;
  refunded: boolean;
};

export function learnerResource(row: LessonLearner) {
  return {
    booking_id: row.bookingId,
    student_id: row.studentId,
    student_name: row.studentName,
    booked_by: row.payerName,
    paid: row.paidCents === null ? null : centsToDecimal(row.paidCents),
    takings: row.takingsCents === null ? null : centsToDecimal(row.takingsCents),
    plan: row.plan,
    booked_at: row.bookedAt.toISOString(),
    refunded: row.refunded,
  };
}

type ClassFields = Parameters<typeof learnerClassResource>[0];

/** pending (not approved, no comment), approved, rejected (comment set). */
const classStatus = (row: { isApproved: boolean; rejectionComment: string | null }) =>
  row.isApproved ? 'approved' : row.rejectionComment ? 'rejected' : 'pending';

/**
 * The learner Class plus `status`; `lessons_count` counts the teacher's lessons that are not
 * cancelled. `link` (the teacher's own meeting for the class) where the caller read it: its teacher.
 */
export function teacherClassResource(row: ClassFields, ownLessonsCount: number, link?: string | null) {
  return {
    ...learnerClassResource(row),
    ...(link === undefined ? {} : { link }),
    status: classStatus(row),
    lessons_count: ownLessonsCount,
  };
}

/** Who came to a lesson (docs/classroom.md "Attendance and pay"), on the teacher's lesson page. */
export function attendanceResource(row: {
  userId: number;
  name: string;
  role: 'teacher' | 'learner';
  firstJoinedAt: Date | null;
}) {
  return {
    user_id: row.userId,
    name: row.name,
    role: row.role,
    first_joined_at: row.firstJoinedAt ? row.firstJoinedAt.toISOString() : null,
  };
}

export type EarningRow = {
  lesson: { id: number; code: string; topicName: string | null; startAt: Date; endAt: Date };
  learners: number;
  grossCents: number;
  commissionCents: number;
  netCents: number;
  commissionPercent: number;
  transactionId: number | null;
  /** Null while the earning is held or reported (issue 22). */
  settledAt: Date | null;
  /** docs/classroom.md "Attendance and pay": held (until `heldUntil`), reported, paid or refunded. */
  state: EarningState;
  heldUntil: Date | null;
};

export function earningResource(row: EarningRow) {
  return {
    lesson: {
      id: row.lesson.id,
      code: row.lesson.code,
      topic: row.lesson.topicName,
      start_at: row.lesson.startAt.toISOString(),
      end_at: row.lesson.endAt.toISOString(),
    },
    learners: row.learners,
    gross: centsToDecimal(row.grossCents),
    commission: centsToDecimal(row.commissionCents),
    net: centsToDecimal(row.netCents),
    commission_percent: row.commissionPercent,
    transaction_id: row.transactionId,
    settled_at: row.settledAt ? row.settledAt.toISOString() : null,
    state: row.state,
    held_until: row.heldUntil ? row.heldUntil.toISOString() : null,
  };
}
