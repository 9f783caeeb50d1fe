// Helpers of the teaching tests (issue 10): fresh teachers with a subject and its topic, lesson
// bodies on Nairobi days ahead, approving lessons in the database (the admin endpoints are separate),
// and learners who buy a lesson through the real cart and wallet.
import { and, eq, isNotNull } from 'drizzle-orm';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { lessons, teacherSubjects, teachers, topics, transactions } from '../../../server/db/schema';
import { addLesson, newBuyer } from '../commerce/buyers';
import type { Browser, Json, TestServer } from '../support/test-server';

dayjs.extend(utc);
dayjs.extend(timezone);

export const ZONE = 'Africa/Nairobi';

/** The Nairobi day `days` from today, `YYYY-MM-DD`. */
export const dayAhead = (days: number) => dayjs().tz(ZONE).add(days, 'day').format('YYYY-MM-DD');

/** The instant of a Nairobi day and time. */
export const nairobi = (date: string, time: string) => dayjs.tz(`${date} ${time}`, ZONE).toDate();

export type Refs = { subjectId: number; gradeLevelId: number; topicId: number };

/** A topic with a subject and a grade, the one every test teacher teaches. */
export async function someTopic(server: TestServer): Promise<Refs> {
  const [topic] = await server.db
    .select()
    .from(topics)
    .where(isNotNull(topics.gradeLevelId))
    .orderBy(topics.id)
    .limit(1);
  if (!topic?.gradeLevelId) throw new Error('The seed has no topic with a grade');
  return { subjectId: topic.subjectId, gradeLevelId: topic.gradeLevelId, topicId: topic.id };
}

export type Teacher = { browser: Browser; userId: number; teacherId: number; refs: Refs };

/** A signed-in teacher in `status` (approved by default) who teaches the subject of `someTopic`. */
export async function newTeacher(
  server: TestServer,
  status: 'new' | 'pending' | 'approved' | 'declined' = 'approved',
): Promise<Teacher> {
  const buyer = await newBuyer(server, { role: 'teacher' });
  const refs = await someTopic(server);
  await server.db.update(teachers).set({ status }).where(eq(teachers.id, buyer.profileId));
  await server.db.insert(teacherSubjects).values({ teacherId: buyer.profileId, subjectId: refs.subjectId });
  return { browser: buyer.browser, userId: buyer.userId, teacherId: buyer.profileId, refs };
}

export function lessonBody(teacher: Teacher, overrides: Record<string, unknown> = {}) {
  return {
    subject_id: teacher.refs.subjectId,
    grade_level_id: teacher.refs.gradeLevelId,
    topic_id: teacher.refs.topicId,
    type: 'public',
    objective: 'Work through the worked examples together.',
    lessons_count: 1,
    frequency: 'weekly',
    price: 1500,
    date: dayAhead(10),
    time: '10:00',
    ...overrides,
  };
}

/** Stores lessons through the API; fails the test on anything but 201. */
export async function storeLessons(
  teacher: Teacher,
  overrides: Record<string, unknown> = {},
): Promise<Json[]> {
  const response = await teacher.browser.post('/api/teacher/lessons/store', lessonBody(teacher, overrides));
  if (response.status !== 201) throw new Error(`store: ${response.status} ${response.text}`);
  return response.body.data;
}

/** What an admin's approval does (the admin endpoints are another helper's). */
export async function approve(server: TestServer, ...ids: number[]) {
  for (const id of ids)
    await server.db
      .update(lessons)
      .set({ isApproved: true, rejectionComment: null })
      .where(eq(lessons.id, id));
}

/** An approved lesson of a fresh teacher, `days` ahead. */
export async function approvedLesson(
  server: TestServer,
  teacher: Teacher,
  overrides: Record<string, unknown> = {},
) {
  const [lesson] = await storeLessons(teacher, overrides);
  await approve(server, lesson.id);
  return lesson as Json;
}

/** A student who adds the lesson to the cart and pays from the wallet (PIN 1234). */
export async function buyLesson(server: TestServer, lessonId: number, balanceKes = 5000) {
  const buyer = await newBuyer(server, { balanceKes });
  await addLesson(buyer.browser, lessonId);
  const paid = await buyer.browser.post('/api/payments/wallet', { pin: '1234' });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  const [payment] = await server.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.userId, buyer.userId), eq(transactions.type, 'payment')));
  return { ...buyer, paymentId: payment?.id ?? 0 };
}

/** Moves a lesson into the past (after it was bought: bookings need a lesson that has not started). */
export async function endLesson(server: TestServer, lessonId: number, hoursAgo = 2) {
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  await server.db
    .update(lessons)
    .set({ startAt: start, endAt: new Date(start.getTime() + 3_600_000) })
    .where(and(eq(lessons.id, lessonId)));
}
