// The learner's timetable (docs/learning-workspace.md): booked lessons by Nairobi days, the same
// lessons as iCalendar, and the private calendar feed whose secret token is its only credential.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { bookings, calendarFeeds, lessons, teachers, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { LessonDetails } from '../resources/commerce-resource';
import { calendar, type CalendarEvent } from './ical';
import { bookingRows, findLesson, learnerIds, withLessons } from './lesson-service';
import { teacherLessons } from './teacher-lesson-service';

/** The longest range `GET /api/timetable` answers, in days. */
export const MAX_TIMETABLE_DAYS = 62;
/** Calendars start this long ago, so last week's lessons stay in a subscribed calendar. */
const CALENDAR_HISTORY_MS = 30 * 86_400_000;
const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` of the Nairobi day (UTC+3 all year) an instant falls on. */
export const nairobiDay = (date: Date) => new Date(date.getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
export const addDays = (day: string, days: number) =>
  new Date(new Date(`${day}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((new Date(`${to}T00:00:00Z`).getTime() - new Date(`${from}T00:00:00Z`).getTime()) / DAY_MS) + 1;

/** The learners' bookings of lessons starting within [from, to] (Date bounds), soonest first. */
export async function timetable(db: Database, learners: number[], from: Date, to: Date) {
  if (learners.length === 0) return [];
  const rows = await bookingRows(
    db,
    and(inArray(bookings.studentId, learners), gte(lessons.startAt, from), lte(lessons.startAt, to)),
  ).orderBy(asc(lessons.startAt), asc(lessons.id), asc(bookings.studentId));
  return withLessons(db, rows);
}

/**
 * The lessons the user teaches starting within [from, to] (issue 24: a teacher's timetable shows
 * them): approved and not cancelled, soonest first, as the teacher's own lesson list has them.
 * Nobody's when the user is no teacher.
 */
export async function taughtLessons(db: Database, userId: number, from: Date, to: Date) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) return [];
  const rows = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.teacherId, teacher.id),
        eq(lessons.isApproved, true),
        isNull(lessons.cancelledAt),
        gte(lessons.startAt, from),
        lte(lessons.startAt, to),
      ),
    )
    .orderBy(asc(lessons.startAt), asc(lessons.id));
  return teacherLessons(
    db,
    rows.map((row) => row.id),
  );
}

type Entry = { lesson: LessonDetails; studentId: number; studentName: string; forSomeoneElse: boolean };

/** Every booked lesson of `learners` from 30 days ago on, as one calendar. */
export async function learnerCalendar(
  db: Database,
  userId: number,
  learners: number[],
  appUrl: string,
  options: { refreshHours?: number; now?: Date } = {},
): Promise<string> {
  const now = options.now ?? new Date();
  const rows =
    learners.length === 0
      ? []
      : await withLessons(
          db,
          await bookingRows(
            db,
            and(
              inArray(bookings.studentId, learners),
              gte(lessons.startAt, new Date(now.getTime() - CALENDAR_HISTORY_MS)),
            ),
          ).orderBy(asc(lessons.startAt), asc(lessons.id), asc(bookings.studentId)),
        );
  const entries = rows.map((row) => ({
    lesson: row.lesson,
    studentId: row.booking.studentId,
    studentName: row.studentName,
    forSomeoneElse: row.studentUserId !== userId,
  }));
  return calendar({
    name: 'Somesha lessons',
    events: events(entries, appUrl),
    now,
    refreshHours: options.refreshHours,
  });
}

/**
 * One lesson as a calendar (`GET /api/lessons/ics/{code}`): for a learner who booked it (or their
 * parent) and for its teacher; anyone else gets a 404.
 */
export async function lessonCalendar(db: Database, userId: number, code: string, appUrl: string) {
  const lesson = await findLesson(db, eq(lessons.code, code));
  if (!lesson) throw notFound();
  const learners = await learnerIds(db, userId);
  const booked = learners.length
    ? await withLessons(
        db,
        await bookingRows(
          db,
          and(eq(bookings.lessonId, lesson.id), inArray(bookings.studentId, learners)),
        ).orderBy(asc(bookings.studentId)),
      )
    : [];
  let entries: Entry[] = booked.map((row) => ({
    lesson,
    studentId: row.booking.studentId,
    studentName: row.studentName,
    forSomeoneElse: row.studentUserId !== userId,
  }));
  if (entries.length === 0) {
    const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
    if (teacher?.id !== lesson.teacherId) throw notFound();
    entries = [{ lesson, studentId: 0, studentName: '', forSomeoneElse: false }];
  }
  return calendar({ name: `Somesha: ${titleOf(lesson)}`, events: events(entries, appUrl) });
}

function titleOf(lesson: LessonDetails): string {
  const subject = lesson.lessonClass?.subjectName ?? lesson.topic?.subjectName ?? null;
  if (lesson.topic && subject && subject !== lesson.topic.name) return `${lesson.topic.name} (${subject})`;
  return lesson.topic?.name ?? subject ?? lesson.code;
}

/**
 * One VEVENT per booked lesson, UID `lesson-{id}@somesha`; a lesson booked for two of the
 * caller's learners gets one event per learner, `lesson-{id}-{student id}@somesha`.
 */
function events(entries: Entry[], appUrl: string): CalendarEvent[] {
  const perLesson = new Map<number, number>();
  for (const entry of entries) perLesson.set(entry.lesson.id, (perLesson.get(entry.lesson.id) ?? 0) + 1);
  return entries.map(({ lesson, studentId, studentName, forSomeoneElse }) => {
    const shared = (perLesson.get(lesson.id) ?? 0) > 1;
    const teacher = lesson.teacherUser
      ? `${lesson.teacherUser.firstName} ${lesson.teacherUser.lastName}`
      : null;
    const forWhom = forSomeoneElse && studentName ? `For ${studentName}.` : null;
    return {
      uid: shared ? `lesson-${lesson.id}-${studentId}@somesha` : `lesson-${lesson.id}@somesha`,
      start: lesson.startAt,
      end: lesson.endAt,
      summary: teacher ? `${titleOf(lesson)} with ${teacher}` : titleOf(lesson),
      description: [lesson.objective, forWhom, `Lesson ${lesson.code}`].filter(Boolean).join('\n'),
      url: `${appUrl}/lessons/show/${encodeURIComponent(lesson.code)}`,
      status: lesson.isApproved && !lesson.cancelledAt ? 'CONFIRMED' : 'CANCELLED',
      lastModified: lesson.updatedAt,
    };
  });
}

// ---- The private feed ----

const newToken = () => randomBytes(32).toString('base64url');
/** What `newToken` makes: 43 base64url characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const feedUrl = (appUrl: string, token: string) => `${appUrl}/calendar/${token}.ics`;

/** The user's feed token, made on the first call. */
export async function feedToken(db: Database, userId: number): Promise<string> {
  await db.insert(calendarFeeds).values({ userId, token: newToken() }).onConflictDoNothing();
  const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  if (!row) throw new Error('Calendar feed missing');
  return row.token;
}

/** A new token; the old URL stops working at once. */
export async function resetFeedToken(db: Database, userId: number): Promise<string> {
  const token = newToken();
  await db
    .insert(calendarFeeds)
    .values({ userId, token })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { token, createdAt: new Date() } });
  return token;
}

/** The user a feed token belongs to, or null for a malformed, unknown or revoked one. */
export async function feedOwner(db: Database, token: string): Promise<number | null> {
  if (!TOKEN.test(token)) return null;
  // A suspended account's feed stops answering, like its sessions.
  const [row] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.token, token), eq(users.status, 'active')));
  return row?.userId ?? null;
}
