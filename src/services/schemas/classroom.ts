// What issue 22 adds to the answers the screens read (docs/classroom.md): a lesson's attendance record
// (the teacher's lesson page and the admin's reports) and a learner's report as the admin reads it.
import { array, string, type, type Infer } from 'superstruct';
import { REPORT_REASONS, REPORT_STATUSES } from '@/shared/classroom';
import { decodeWith, id, maybe, oneOf } from './common';

/** One person's first join of the lesson's classroom (`role`: teacher or learner). */
export const AttendanceStruct = type({
  userId: id,
  name: maybe(string()),
  role: oneOf(['teacher', 'learner'] as const),
  firstJoinedAt: maybe(string()),
});
export type Attendance = Infer<typeof AttendanceStruct>;

const PersonStruct = type({ id: maybe(id), name: maybe(string()) });

/** A learner's (or parent's) report of a lesson, as `GET /api/admin/reports` lists it. */
export const LessonReportStruct = type({
  id,
  status: oneOf(REPORT_STATUSES),
  reason: oneOf(REPORT_REASONS),
  text: maybe(string()),
  createdAt: maybe(string()),
  decidedAt: maybe(string()),
  remark: maybe(string()),
  lesson: type({
    id,
    code: maybe(string()),
    topic: maybe(string()),
    startAt: maybe(string()),
    endAt: maybe(string()),
  }),
  teacher: maybe(PersonStruct),
  reporter: maybe(PersonStruct),
  /** The learners the reporter speaks for (themself, or a parent's children booked on the lesson). */
  learners: maybe(array(PersonStruct)),
  attendance: maybe(array(AttendanceStruct)),
});
export type LessonReport = Infer<typeof LessonReportStruct>;

export const decodeLessonReport = (raw: unknown): LessonReport => decodeWith(LessonReportStruct, raw);
