// The learner's side of the learning workspace (docs/learning-workspace.md): booked lessons, a
// lesson with its notes, assignments and files, the join link, and the learner's classes.
import { array, boolean, defaulted, number, string, type, type Infer } from 'superstruct';
import { countStruct as count, SubjectRefStruct } from './catalogue';
import { decodeWith, id, maybe, money, oneOf } from './common';
import { CLASS_FREQUENCIES, CLASS_TYPES } from './web';
import { CLASSROOM_PROVIDERS } from '@/shared/classroom';

const NamedStruct = type({ id, name: string() });

/** The lesson as the commerce resource sends it (`lessonResource`) plus subject and grade level. */
export const LearnerLessonStruct = type({
  id,
  code: string(),
  objective: maybe(string()),
  price: defaulted(money, '0.00'),
  startAt: maybe(string()),
  endAt: maybe(string()),
  /** Only for a booked learner (or their parent) and the lesson's teacher. */
  link: maybe(string()),
  topic: maybe(type({ name: string() })),
  program: maybe(
    type({ name: string(), curriculum: maybe(type({ name: string(), acronym: maybe(string()) })) }),
  ),
  type: maybe(type({ name: string(), color: maybe(string()) })),
  subject: maybe(NamedStruct),
  gradeLevel: maybe(NamedStruct),
  // `userId`: whom "Message the teacher" writes to (issue 25).
  teacher: maybe(type({ id, userId: maybe(id), name: defaulted(string(), ''), photo: maybe(string()) })),
  class: maybe(type({ id, title: maybe(string()) })),
  /** Seats the teacher set (null: no limit) and those still for sale (issue 20). */
  capacity: maybe(number()),
  seatsLeft: maybe(number()),
  isBooked: defaulted(boolean(), false),
  /** Set when the teacher cancelled the lesson (issue 10); learners who paid were refunded. */
  cancelledAt: maybe(string()),
  cancellationReason: maybe(string()),
});
export type LearnerLesson = Infer<typeof LearnerLessonStruct>;

/** A row of `GET /api/lessons/bookings` (and of the timetable): the lesson and who it is for. */
export const BookingStruct = type({
  ...LearnerLessonStruct.schema,
  booking: type({ id, studentId: id, studentName: defaulted(string(), ''), createdAt: maybe(string()) }),
  /** Issue 22: null until the lesson ends (and for a cancelled one), then whether the learner joined. */
  attended: maybe(boolean()),
});
export type Booking = Infer<typeof BookingStruct>;

export const LessonFileStruct = type({
  id,
  name: string(),
  /** Bytes. */
  size: defaulted(number(), 0),
  mimeType: maybe(string()),
  url: string(),
});
export type LessonFile = Infer<typeof LessonFileStruct>;

export const NoteStruct = type({
  id,
  title: string(),
  desc: maybe(string()),
  files: defaulted(array(LessonFileStruct), []),
  createdAt: maybe(string()),
});
export type Note = Infer<typeof NoteStruct>;

export const AssignmentStruct = type({
  ...NoteStruct.schema,
  dueDate: maybe(string()),
});
export type Assignment = Infer<typeof AssignmentStruct>;

/**
 * A lesson's classroom as its teacher and its booked learners read it (docs/classroom.md): the
 * provider and that reader's window; never the room, link or token.
 */
export const ClassroomStruct = type({
  provider: oneOf(CLASSROOM_PROVIDERS),
  opensAt: string(),
  closesAt: string(),
});
export type Classroom = Infer<typeof ClassroomStruct>;

/** `GET /api/lessons/show/{code}`. */
export const LessonDetailStruct = type({
  ...LearnerLessonStruct.schema,
  bookedFor: defaulted(
    array(
      type({
        studentId: id,
        studentName: defaulted(string(), ''),
        // Issue 24 (cancel): the booking to cancel, and when its teacher moved the lesson (not kept yet).
        bookingId: maybe(id),
        movedAt: maybe(string()),
      }),
    ),
    [],
  ),
  notes: defaulted(array(NoteStruct), []),
  assignments: defaulted(array(AssignmentStruct), []),
  notesCount: count,
  assignmentsCount: count,
  join: maybe(type({ opensAt: string(), closesAt: string() })),
  /** Null for a reader who may not enter (not booked) and for a cancelled lesson. */
  classroom: maybe(ClassroomStruct),
});
export type LessonDetail = Infer<typeof LessonDetailStruct>;

/** A class in the learner's lists (`GET /api/student/classes`, and the header of a class's lessons). */
export const LearnerClassStruct = type({
  id,
  slug: maybe(string()),
  title: string(),
  description: maybe(string()),
  type: oneOf(CLASS_TYPES),
  frequency: oneOf(CLASS_FREQUENCIES),
  startsAt: maybe(string()),
  endsAt: maybe(string()),
  price: defaulted(money, '0.00'),
  subject: maybe(SubjectRefStruct),
  gradeLevel: maybe(type({ id, name: string(), eduLevel: maybe(NamedStruct) })),
  teacher: maybe(type({ id, name: defaulted(string(), ''), photo: maybe(string()) })),
  lessonsCount: count,
  bookedLessonsCount: count,
  isApproved: maybe(boolean()),
  rejectionComment: maybe(string()),
  /** The class page only: buying the whole class now (docs/class-purchase.md), or null when nothing is left. */
  purchase: maybe(type({ price: money, lessonsCount: count })),
});
export type LearnerClass = Infer<typeof LearnerClassStruct>;

/**
 * What Join answers inside the window (`POST /api/lessons/join/{id}`, `POST /api/teacher/lessons/join/{id}`):
 * the link to open, and with a token-authenticated Jitsi the room to embed on the classroom page.
 */
export const JoinAnswerStruct = type({
  provider: oneOf(CLASSROOM_PROVIDERS),
  link: string(),
  embed: maybe(type({ domain: string(), room: string(), jwt: string() })),
});
export type JoinAnswer = Infer<typeof JoinAnswerStruct>;
export type ClassroomEmbed = NonNullable<JoinAnswer['embed']>;

export const decodeLearnerLesson = (raw: unknown): LearnerLesson => decodeWith(LearnerLessonStruct, raw);
export const decodeBooking = (raw: unknown): Booking => decodeWith(BookingStruct, raw);
export const decodeLessonDetail = (raw: unknown): LessonDetail => decodeWith(LessonDetailStruct, raw);
export const decodeLearnerClass = (raw: unknown): LearnerClass => decodeWith(LearnerClassStruct, raw);
export const decodeJoinAnswer = (raw: unknown): JoinAnswer => decodeWith(JoinAnswerStruct, raw);
export const decodeClassroom = (raw: unknown): Classroom | null => decodeWith(maybe(ClassroomStruct), raw);
