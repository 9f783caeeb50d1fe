// The teacher's lesson page and class page (docs/teaching-admin.md "Resources"): a TeacherLesson with
// its learners, notes and assignments; a TeacherClass with its lessons; what a cancel answers.
// Builds on the TeacherLesson and TeacherClass of ./teaching.ts.
import { array, boolean, defaulted, enums, string, type, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money } from './common';
import { AttendanceStruct } from './classroom';
import { AssignmentStruct, ClassroomStruct, NoteStruct, type Assignment, type Note } from './learner';
import { TeacherClassStruct, TeacherLessonStruct } from './teaching';

/** A learner booked on the lesson. */
export const LessonLearnerStruct = type({
  bookingId: id,
  studentId: id,
  studentName: defaulted(string(), ''),
  /** The payer's name (a parent, or the learner themself), null when nobody paid. */
  bookedBy: maybe(string()),
  /** What the learner's payer paid: "1500.00" ("0.00" when a plan covered it), or null for a free (seeded) booking. */
  paid: maybe(money),
  /**
   * What the seat earns the teacher before commission: the lesson's list price where a plan covered
   * or discounted it, "0.00" once refunded, null when nobody paid (docs/issue-24.md "planpay").
   */
  takings: maybe(money),
  /** How a learner's plan priced the seat. */
  plan: maybe(enums(['covered', 'discounted'])),
  bookedAt: maybe(string()),
  refunded: defaulted(boolean(), false),
});
export type LessonLearner = Infer<typeof LessonLearnerStruct>;

/** `GET /api/teacher/lessons/show/{id or code}`. */
export const TeacherLessonDetailStruct = type({
  ...TeacherLessonStruct.schema,
  learners: defaulted(array(LessonLearnerStruct), []),
  notes: defaulted(array(NoteStruct), []),
  assignments: defaulted(array(AssignmentStruct), []),
  /** The teacher's window (from 30 minutes before the start); null for a cancelled lesson. */
  classroom: maybe(ClassroomStruct),
  /** Issue 22: who joined the classroom (first join); the learners booked who are not here did not. */
  attendance: defaulted(array(AttendanceStruct), []),
});
export type TeacherLessonDetail = Infer<typeof TeacherLessonDetailStruct>;

/** `GET /api/teacher/classes/show/{id}`. */
export const TeacherClassDetailStruct = type({
  ...TeacherClassStruct.schema,
  lessons: defaulted(array(TeacherLessonStruct), []),
  /** Issue 22: the teacher's own meeting link for every lesson of the class without one. */
  link: maybe(string()),
});
export type TeacherClassDetail = Infer<typeof TeacherClassDetailStruct>;

/** The refunds of `POST /api/teacher/lessons/cancel/{id}`. */
export const RefundStruct = type({ studentName: defaulted(string(), ''), amount: money });
export type Refund = Infer<typeof RefundStruct>;

export const decodeTeacherLessonDetail = (raw: unknown): TeacherLessonDetail =>
  decodeWith(TeacherLessonDetailStruct, raw);
export const decodeTeacherClassDetail = (raw: unknown): TeacherClassDetail =>
  decodeWith(TeacherClassDetailStruct, raw);
export const decodeRefunds = (raw: unknown): Refund[] => decodeWith(defaulted(array(RefundStruct), []), raw);
export const decodeNote = (raw: unknown): Note => decodeWith(NoteStruct, raw);
export const decodeAssignment = (raw: unknown): Assignment => decodeWith(AssignmentStruct, raw);
