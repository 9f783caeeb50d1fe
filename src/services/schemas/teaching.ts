// The teacher's side of issue 10 (docs/teaching-admin.md): the teacher's lessons and classes, the
// create form's options, free time slots and earnings.
import {
  array,
  boolean,
  coerce,
  defaulted,
  enums,
  nullable,
  number,
  optional,
  string,
  type,
  union,
  type Infer,
} from 'superstruct';
import { countStruct as count } from './catalogue';
import { decodeWith, id, maybe, money, oneOf } from './common';
import { LearnerClassStruct, LearnerLessonStruct } from './learner';
import {
  LESSON_TYPES,
  SERIES_FREQUENCIES,
  TEACHER_LESSON_STATUSES,
  type SeriesFrequency,
} from '@/shared/teaching';
import { EARNING_STATES } from '@/shared/classroom';

export type LessonType = (typeof LESSON_TYPES)[number];
export type TeacherLessonStatus = (typeof TEACHER_LESSON_STATUSES)[number];

const NamedStruct = type({ id, name: string() });

/**
 * The lesson's type as a value (`public`, `private`, `group`). The commerce resource sends
 * `{name: "Public", color}` (the teacher resource adds `value`), or a plain value: all read the same.
 */
const lessonType = maybe(
  coerce(
    nullable(enums(LESSON_TYPES)),
    union([string(), type({ name: string(), value: optional(nullable(string())) })]),
    (value) => {
      const raw = (typeof value === 'string' ? value : (value.value ?? value.name)).toLowerCase();
      return (LESSON_TYPES as readonly string[]).includes(raw) ? raw : null;
    },
  ),
);

/** TeacherLesson: the Lesson plus what the teacher sees and may do. */
export const TeacherLessonStruct = type({
  ...LearnerLessonStruct.schema,
  // With ids, so the edit form starts from the lesson's own choices.
  topic: maybe(type({ id: maybe(id), name: string() })),
  program: maybe(
    type({
      id: maybe(id),
      name: string(),
      curriculum: maybe(type({ name: string(), acronym: maybe(string()) })),
    }),
  ),
  type: lessonType,
  status: oneOf(TEACHER_LESSON_STATUSES),
  rejectionComment: maybe(string()),
  isApproved: maybe(boolean()),
  cancelledAt: maybe(string()),
  cancellationReason: maybe(string()),
  bookingsCount: count,
  notesCount: count,
  assignmentsCount: count,
  canEdit: defaulted(boolean(), false),
  canCancel: defaulted(boolean(), false),
  /** Booked, not cancelled, not started: only the date and time may change (null when not sent). */
  canReschedule: maybe(boolean()),
});
export type TeacherLesson = Infer<typeof TeacherLessonStruct>;

/** TeacherClass: the learner Class plus its review status and lesson count. */
export const TeacherClassStruct = type({
  ...LearnerClassStruct.schema,
  status: oneOf(['pending', 'approved', 'rejected'] as const),
  lessonsCount: count,
});
export type TeacherClass = Infer<typeof TeacherClassStruct>;

/** `GET /api/teacher/lessons/create`: whether the teacher may create lessons and the form's options. */
export const LessonFormDataStruct = type({
  canCreate: defaulted(boolean(), false),
  reason: maybe(string()),
  subjects: defaulted(array(NamedStruct), []),
  gradeLevels: defaulted(array(type({ id, name: string(), eduLevel: maybe(NamedStruct) })), []),
  topics: defaulted(array(type({ id, name: string(), subjectId: maybe(id), gradeLevelId: maybe(id) })), []),
  programs: defaulted(
    array(
      type({
        id,
        name: string(),
        curriculum: maybe(NamedStruct),
        subjectId: maybe(id),
        gradeLevelId: maybe(id),
      }),
    ),
    [],
  ),
  classes: defaulted(array(type({ id, title: defaulted(string(), '') })), []),
  types: defaulted(array(string()), [...LESSON_TYPES]),
  frequencies: defaulted(array(string()), [...SERIES_FREQUENCIES]),
});
type LessonFormDataWire = Infer<typeof LessonFormDataStruct>;
export type LessonFormData = Omit<LessonFormDataWire, 'types' | 'frequencies'> & {
  types: LessonType[];
  frequencies: SeriesFrequency[];
};

export function toLessonFormData(wire: LessonFormDataWire): LessonFormData {
  const types = wire.types.filter((value): value is LessonType =>
    (LESSON_TYPES as readonly string[]).includes(value),
  );
  const frequencies = wire.frequencies.filter((value): value is SeriesFrequency =>
    (SERIES_FREQUENCIES as readonly string[]).includes(value),
  );
  return {
    ...wire,
    types: types.length > 0 ? types : [...LESSON_TYPES],
    frequencies: frequencies.length > 0 ? frequencies : [...SERIES_FREQUENCIES],
  };
}

/** One free slot of `GET /api/teacher/available-slots`. */
export const SlotStruct = type({
  startAt: string(),
  endAt: string(),
  /** "HH:mm", what the store and update bodies send back. */
  time: string(),
  /** "9:00 AM". */
  label: string(),
});
export type Slot = Infer<typeof SlotStruct>;

export const SlotsAnswerStruct = type({
  data: defaulted(array(SlotStruct), []),
  date: maybe(string()),
  lengthMinutes: defaulted(number(), 60),
});
export type SlotsAnswer = Infer<typeof SlotsAnswerStruct>;

/** One settled lesson of `GET /api/teacher/earnings`. */
export const EarningStruct = type({
  lesson: type({
    id,
    code: maybe(string()),
    topic: maybe(string()),
    startAt: maybe(string()),
    endAt: maybe(string()),
  }),
  learners: count,
  gross: defaulted(money, '0.00'),
  commission: defaulted(money, '0.00'),
  net: defaulted(money, '0.00'),
  commissionPercent: maybe(number()),
  transactionId: maybe(id),
  settledAt: maybe(string()),
  /** Issue 22: held (until `heldUntil`), reported, paid or refunded. */
  state: oneOf(EARNING_STATES),
  heldUntil: maybe(string()),
});
export type Earning = Infer<typeof EarningStruct>;

export const EarningTotalsStruct = type({
  gross: defaulted(money, '0.00'),
  commission: defaulted(money, '0.00'),
  net: defaulted(money, '0.00'),
});
export type EarningTotals = Infer<typeof EarningTotalsStruct>;

export const decodeTeacherLesson = (raw: unknown): TeacherLesson => decodeWith(TeacherLessonStruct, raw);
export const decodeTeacherClass = (raw: unknown): TeacherClass => decodeWith(TeacherClassStruct, raw);
export const decodeLessonFormData = (raw: unknown): LessonFormData =>
  toLessonFormData(decodeWith(LessonFormDataStruct, raw));
export const decodeSlotsAnswer = (raw: unknown): SlotsAnswer => decodeWith(SlotsAnswerStruct, raw);
export const decodeEarning = (raw: unknown): Earning => decodeWith(EarningStruct, raw);
export const decodeEarningTotals = (raw: unknown): EarningTotals => decodeWith(EarningTotalsStruct, raw);
