// The learner's lessons and classes (docs/learning-workspace.md "Endpoints"): bookings, a lesson with
// its notes and files, joining, the learner's classes, a class's lessons and the lesson search.
import { initialAnswer, initialDecoded, isApiError, request } from './http';
import { dataOf, messageOf } from './envelope';
import { DecodeError } from './schemas/common';
import {
  decodeBooking,
  decodeJoinAnswer,
  decodeLearnerClass,
  decodeLearnerLesson,
  decodeLessonDetail,
  type Booking,
  type JoinAnswer,
  type LearnerClass,
  type LearnerLesson,
  type LessonDetail,
} from './schemas/learner';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { t } from '@/shared/messages';

export const BOOKING_FILTERS = ['all', 'upcoming', 'past'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const CLASS_FILTERS = ['upcoming', 'ongoing', 'past', 'rejected'] as const;
export type ClassFilter = (typeof CLASS_FILTERS)[number];
/** The optional `:filter` segment of `/classes/show/:id/:filter?`. */
export const CLASS_LESSON_FILTERS = ['all', 'upcoming', 'past'] as const;
export type ClassLessonFilter = (typeof CLASS_LESSON_FILTERS)[number];
export const LESSON_TYPES = ['public', 'private', 'group'] as const;
/** The query keys of the lesson search (`/lessons/find?…`), passed on to `GET /api/lessons/filter`. */
export const FIND_LESSON_KEYS = ['q', 'curriculum', 'grade_level', 'subject', 'type', 'from', 'to'] as const;

export function isClassLessonFilter(value: string | undefined): value is ClassLessonFilter {
  return (CLASS_LESSON_FILTERS as readonly string[]).includes(value ?? '');
}

const bookingsQuery = (query: ListQuery) => pick(query, ['filter', 'student_id', 'page', 'per_page']);

export async function fetchBookings(query: ListQuery = {}): Promise<ListPage<Booking>> {
  const answer = await request('/api/lessons/bookings', { query: bookingsQuery(query) });
  return decodePage(answer, decodeBooking);
}

/** The bookings page a signed-in page's HTML carries for this query, if any (signedin, issue 27). */
export function initialBookings(query: ListQuery = {}): ListPage<Booking> | undefined {
  return initialDecoded('/api/lessons/bookings', bookingsQuery(query), (answer) =>
    decodePage(answer, decodeBooking),
  );
}

/** A lesson the caller may open, or `found: false` when the server says it does not exist for them (404). */
export type LessonLookup = { found: true; lesson: LessonDetail } | { found: false };

const learnerLessonPath = (code: string) => `/api/lessons/show/${encodeURIComponent(code)}`;

export async function fetchLearnerLesson(code: string): Promise<LessonLookup> {
  try {
    const answer = await request(learnerLessonPath(code));
    return { found: true, lesson: decodeLessonDetail(dataOf(answer)) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { found: false };
    throw error;
  }
}

/** The lesson a signed-in page's HTML carries, if any (signedin, issue 27). */
export function initialLearnerLesson(code: string): LessonLookup | undefined {
  if (initialAnswer(learnerLessonPath(code)) === undefined) return undefined;
  const lesson = initialDecoded(learnerLessonPath(code), undefined, (answer) =>
    decodeLessonDetail(dataOf(answer)),
  );
  return lesson === undefined ? undefined : { found: true, lesson };
}

/**
 * The classroom (docs/classroom.md): the link, and the room to embed where tokens are configured;
 * from 15 minutes before the start until the end (else 422 with the reason).
 */
export async function joinLesson(lessonId: number): Promise<JoinAnswer> {
  return decodeJoinAnswer(await request(`/api/lessons/join/${lessonId}`, { method: 'POST' }));
}

/** `POST /api/bookings/cancel/{id}` (issue 24): the server's message; a 422 carries the policy. */
export async function cancelBooking(bookingId: number): Promise<{ message: string }> {
  const answer = await request(`/api/bookings/cancel/${bookingId}`, { method: 'POST' });
  return { message: messageOf(answer, t('cancel.cancelled')) };
}

/** `POST /api/bookings/keep/{id}` (issue 24): the learner keeps a moved lesson's new time. */
export async function keepBooking(bookingId: number): Promise<{ message: string }> {
  const answer = await request(`/api/bookings/keep/${bookingId}`, { method: 'POST' });
  return { message: messageOf(answer, t('cancel.kept')) };
}

const learnerClassesQuery = (query: ListQuery) => pick(query, ['filter', 'student_id', 'page', 'per_page']);

export async function fetchLearnerClasses(query: ListQuery = {}): Promise<ListPage<LearnerClass>> {
  const answer = await request('/api/student/classes', { query: learnerClassesQuery(query) });
  return decodePage(answer, decodeLearnerClass);
}

/** The classes page a signed-in page's HTML carries for this query, if any (signedin, issue 27). */
export function initialLearnerClasses(query: ListQuery = {}): ListPage<LearnerClass> | undefined {
  return initialDecoded('/api/student/classes', learnerClassesQuery(query), (answer) =>
    decodePage(answer, decodeLearnerClass),
  );
}

export type ClassLessonsPage = ListPage<LearnerLesson> & { lessonClass: LearnerClass };

/** A class's lessons by class id or slug, with the class itself. */
export async function fetchClassLessons(idOrSlug: string, query: ListQuery = {}): Promise<ClassLessonsPage> {
  const answer = await request(`/api/student/lessons/${encodeURIComponent(idOrSlug)}`, {
    query: pick(query, ['filter', 'page', 'per_page']),
  });
  const record = (answer ?? {}) as Record<string, unknown>;
  if (!record.class) throw new DecodeError('The answer has no class.');
  return { ...decodePage(answer, decodeLearnerLesson), lessonClass: decodeLearnerClass(record.class) };
}

export async function findLessons(query: ListQuery = {}): Promise<ListPage<LearnerLesson>> {
  const answer = await request('/api/lessons/filter', {
    query: pick(query, [...FIND_LESSON_KEYS, 'page', 'per_page']),
  });
  return decodePage(answer, decodeLearnerLesson);
}
