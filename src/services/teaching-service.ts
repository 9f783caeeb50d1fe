// The teacher's lessons and earnings (issue 10, docs/teaching-admin.md "Teacher endpoints"): the list
// by tab, the create form's options, free slots of a day, creating a series, editing or rescheduling
// one lesson, and the settled earnings.
import { TEACHER_LESSON_FILTERS } from '@/shared/teaching';
import type { LessonFormValues } from '@/shared/teaching-validation';
import { initialDecoded, request } from './http';
import { dataOf, messageOf, listOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import {
  decodeEarning,
  decodeEarningTotals,
  decodeLessonFormData,
  decodeSlotsAnswer,
  decodeTeacherLesson,
  type Earning,
  type EarningTotals,
  type LessonFormData,
  type SlotsAnswer,
  type TeacherLesson,
} from './schemas/teaching';
import { t } from '@/shared/messages';

export type TeacherLessonFilter = (typeof TEACHER_LESSON_FILTERS)[number];

export function isTeacherLessonFilter(value: string | undefined): value is TeacherLessonFilter {
  return (TEACHER_LESSON_FILTERS as readonly string[]).includes(value ?? '');
}

/** `GET /api/teacher/lessons?filter=`: one tab of My lessons (upcoming when the URL names none). */
const teacherLessonsQuery = (query: ListQuery) => ({
  ...pick(query, ['page', 'per_page']),
  filter: isTeacherLessonFilter(query.filter) ? query.filter : 'upcoming',
});

export async function fetchTeacherLessons(query: ListQuery = {}): Promise<ListPage<TeacherLesson>> {
  const answer = await request('/api/teacher/lessons', { query: teacherLessonsQuery(query) });
  return decodePage(answer, decodeTeacherLesson);
}

/** The teacher's lessons page a signed-in page's HTML carries for this query, if any (signedin, issue 27). */
export function initialTeacherLessons(query: ListQuery = {}): ListPage<TeacherLesson> | undefined {
  return initialDecoded('/api/teacher/lessons', teacherLessonsQuery(query), (answer) =>
    decodePage(answer, decodeTeacherLesson),
  );
}

export async function fetchLessonFormData(): Promise<LessonFormData> {
  return decodeLessonFormData(dataOf(await request('/api/teacher/lessons/create')));
}

/** One lesson of the teacher, by id or code (the edit form starts from it). */
export async function fetchTeacherLesson(idOrCode: string | number): Promise<TeacherLesson> {
  const answer = await request(`/api/teacher/lessons/show/${encodeURIComponent(String(idOrCode))}`);
  return decodeTeacherLesson(dataOf(answer));
}

/** The free starts of a Nairobi day; a bad or past date is a 422. */
export async function fetchAvailableSlots(date: string): Promise<SlotsAnswer> {
  return decodeSlotsAnswer(await request('/api/teacher/available-slots', { query: { date } }));
}

function lessonBody(values: LessonFormValues, series: boolean): Record<string, unknown> {
  const optionalId = (value: string) => (value ? Number(value) : null);
  return {
    subjectId: Number(values.subjectId),
    gradeLevelId: Number(values.gradeLevelId),
    topicId: Number(values.topicId),
    programId: optionalId(values.programId),
    classId: optionalId(values.classId),
    type: values.type,
    objective: values.objective.trim(),
    ...(series ? { lessonsCount: Number(values.lessonsCount), frequency: values.frequency } : {}),
    price: Number(values.price),
    // A private lesson has one seat (the API sets it); an empty number is no limit.
    capacity:
      values.type === 'private' || String(values.capacity).trim() === '' ? null : Number(values.capacity),
    date: values.date,
    time: values.time,
  };
}

export type LessonSaved = { message: string; lessons: TeacherLesson[] };

/** `POST lessons/store`: the whole series at once, or a 422 naming the first clash on `time`. */
export async function storeLessons(values: LessonFormValues): Promise<LessonSaved> {
  const answer = await request('/api/teacher/lessons/store', {
    method: 'POST',
    body: lessonBody(values, true),
  });
  return {
    message: messageOf(answer, t('teaching.lessonsCreated')),
    lessons: listOf(answer).map(decodeTeacherLesson),
  };
}

/** `POST lessons/update/{id}`: a booked lesson takes only a new date and time (the rest unchanged). */
export async function updateLesson(id: number, values: LessonFormValues): Promise<LessonSaved> {
  const answer = await request(`/api/teacher/lessons/update/${id}`, {
    method: 'POST',
    body: lessonBody(values, false),
  });
  return {
    message: messageOf(answer, t('teaching.lessonUpdated')),
    lessons: [decodeTeacherLesson(dataOf(answer))],
  };
}

export type EarningsPage = ListPage<Earning> & { totals: EarningTotals; commissionPercent: number | null };

/** `GET /api/teacher/earnings`: settled lessons, with totals over all of them and the commission rate. */
export async function fetchEarnings(query: ListQuery = {}): Promise<EarningsPage> {
  const answer = await request('/api/teacher/earnings', { query: pick(query, ['page', 'per_page']) });
  const page = decodePage(answer, decodeEarning);
  const record = (answer ?? {}) as Record<string, unknown>;
  const raw = record.commission_percent;
  const percent = typeof raw === 'number' || typeof raw === 'string' ? Number(raw) : Number.NaN;
  return {
    ...page,
    totals: decodeEarningTotals(record.totals ?? {}),
    commissionPercent: Number.isFinite(percent) ? percent : null,
  };
}
