// Entering a lesson's classroom (docs/classroom.md "Who enters, when"): the teacher from 30 minutes
// before the start, booked learners (or their parent) from 15, nobody after the end, nobody into a
// cancelled lesson. Every successful join is recorded; the teacher's lesson page lists who came and a
// learner's bookings say whether they did. Also the teacher's own meeting link, per lesson or class.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import {
  bookings,
  classes,
  lessonAttendance,
  lessons,
  parents,
  students,
  teachers,
  users,
} from '../db/schema';
import type { ClassroomEntry } from '../gateways/classroom';
import { notFound, ValidationError } from '../http/errors';
import { meetingLinkOf, type LessonDetails } from '../resources/commerce-resource';
import { classroomWindow, type ClassroomRole } from '../../src/shared/classroom';
import { t } from '../../src/shared/messages';
import { APP_TIME_ZONE, formatDateTime, formatTime } from '../../src/shared/time';
import { findLesson, learnerIds } from './lesson-service';

/** The Nairobi day of an instant, to say "at 2:45 PM" today and the date otherwise. */
const nairobiDay = (date: Date) => date.toLocaleDateString('en-CA', { timeZone: APP_TIME_ZONE });

/** 422 outside the window: when it opens, or that the lesson has ended; `opens_at` either way. */
function requireOpen(window: { opensAt: Date; closesAt: Date }, now: Date): void {
  const extra = { opens_at: window.opensAt.toISOString() };
  if (now.getTime() >= window.closesAt.getTime())
    throw new ValidationError({ lesson: [t('classroom.ended')] }, extra);
  if (now.getTime() < window.opensAt.getTime()) {
    const sameDay = nairobiDay(window.opensAt) === nairobiDay(now);
    const time = sameDay
      ? formatTime(window.opensAt, APP_TIME_ZONE)
      : formatDateTime(window.opensAt, APP_TIME_ZONE);
    throw new ValidationError({ lesson: [t('classroom.opensAt', { time })] }, extra);
  }
}

/** The person entering, as the call shows them (an absolute photo URL, for the other side's browser). */
async function personOf(ctx: AppContext, userId: number, moderator: boolean) {
  const [user] = await ctx.db
    .select({ firstName: users.firstName, lastName: users.lastName, photo: users.photo })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const photo = user.photo;
  return {
    userId,
    name: `${user.firstName} ${user.lastName}`.trim(),
    avatar: photo ? (/^https?:\/\//.test(photo) ? photo : `${ctx.config.appUrl}${photo}`) : null,
    moderator,
  };
}

/** First and last join and how many: the record the earnings job and the teacher's page read. */
export async function recordAttendance(
  db: Database,
  lessonId: number,
  userId: number,
  role: ClassroomRole,
  now = new Date(),
): Promise<void> {
  await db
    .insert(lessonAttendance)
    .values({ lessonId, userId, role, firstJoinedAt: now, lastJoinedAt: now, joins: 1 })
    .onConflictDoUpdate({
      target: [lessonAttendance.lessonId, lessonAttendance.userId],
      set: {
        lastJoinedAt: sql`greatest(${lessonAttendance.lastJoinedAt}, excluded.last_joined_at)`,
        joins: sql`${lessonAttendance.joins} + 1`,
      },
    });
}

async function enter(
  ctx: AppContext,
  lesson: LessonDetails,
  userId: number,
  role: ClassroomRole,
  now: Date,
): Promise<ClassroomEntry> {
  const window = classroomWindow(lesson, role);
  requireOpen(window, now);
  const link = meetingLinkOf(lesson);
  const person = await personOf(ctx, userId, role === 'teacher');
  const entry = await ctx.classrooms
    .of(link)
    .enter({ id: lesson.id, link, opensAt: window.opensAt, endAt: lesson.endAt }, person);
  await recordAttendance(ctx.db, lesson.id, userId, role, now);
  return entry;
}

/**
 * `POST /api/lessons/join/{id}`: a learner who booked it, or the parent of one. Anyone else, and
 * everyone for a cancelled lesson, finds no classroom (404).
 */
export async function joinAsLearner(ctx: AppContext, userId: number, lessonId: number, now = new Date()) {
  const lesson = await findLesson(ctx.db, and(eq(lessons.id, lessonId), isNull(lessons.cancelledAt))!);
  const learners = await learnerIds(ctx.db, userId);
  if (!lesson || learners.length === 0) throw notFound();
  const [booked] = await ctx.db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.lessonId, lesson.id), inArray(bookings.studentId, learners)))
    .limit(1);
  if (!booked) throw notFound();
  return enter(ctx, lesson, userId, 'learner', now);
}

/** `POST /api/teacher/lessons/join/{id}`: the lesson's own teacher; another teacher's lesson is a 404. */
export async function joinAsTeacher(ctx: AppContext, userId: number, lessonId: number, now = new Date()) {
  const owner = ctx.db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  const lesson = await findLesson(
    ctx.db,
    and(eq(lessons.id, lessonId), isNull(lessons.cancelledAt), inArray(lessons.teacherId, owner))!,
  );
  if (!lesson) throw notFound();
  return enter(ctx, lesson, userId, 'teacher', now);
}

// ---- Who came ----

const parentUser = alias(users, 'parent_user');

export type AttendanceEntry = {
  userId: number;
  name: string;
  role: ClassroomRole;
  firstJoinedAt: Date | null;
};

/** The earliest of two join times, either of which may be missing. */
const earliest = (a: Date | null | undefined, b: Date | null | undefined) =>
  a && b ? (a.getTime() <= b.getTime() ? a : b) : (a ?? b ?? null);

/**
 * The teacher's lesson page (`attendance`): the teacher, then every booked student once, each with
 * when they first joined (a parent's join counts for their children), null when they never did.
 */
export async function attendanceOf(db: Database, lessonId: number): Promise<AttendanceEntry[]> {
  const [[teacher], learners, joins] = await Promise.all([
    db
      .select({ userId: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(lessons)
      .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(eq(lessons.id, lessonId)),
    db
      .selectDistinct({
        studentId: bookings.studentId,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        parentUserId: parentUser.id,
      })
      .from(bookings)
      .innerJoin(students, eq(students.id, bookings.studentId))
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(parents, eq(parents.id, students.parentId))
      .leftJoin(parentUser, eq(parentUser.id, parents.userId))
      .where(eq(bookings.lessonId, lessonId))
      .orderBy(asc(bookings.studentId)),
    db
      .select({ userId: lessonAttendance.userId, firstJoinedAt: lessonAttendance.firstJoinedAt })
      .from(lessonAttendance)
      .where(eq(lessonAttendance.lessonId, lessonId)),
  ]);
  const joined = new Map(joins.map((row) => [row.userId, row.firstJoinedAt]));
  const entries: AttendanceEntry[] = teacher
    ? [
        {
          userId: teacher.userId,
          name: `${teacher.firstName} ${teacher.lastName}`.trim(),
          role: 'teacher',
          firstJoinedAt: joined.get(teacher.userId) ?? null,
        },
      ]
    : [];
  for (const learner of learners)
    entries.push({
      userId: learner.userId,
      name: `${learner.firstName} ${learner.lastName}`.trim(),
      role: 'learner',
      firstJoinedAt: earliest(
        joined.get(learner.userId),
        learner.parentUserId ? joined.get(learner.parentUserId) : null,
      ),
    });
  return entries;
}

/**
 * Bookings' `attended`, keyed by booking id: null until the lesson has ended and for a cancelled one,
 * then whether the student, or their parent, joined.
 */
export async function attendedBookings(
  db: Database,
  items: Array<{
    bookingId: number;
    studentId: number;
    lesson: { id: number; endAt: Date; cancelledAt: Date | null };
  }>,
  now = new Date(),
): Promise<Map<number, boolean | null>> {
  const ended = items.filter(
    (item) => !item.lesson.cancelledAt && item.lesson.endAt.getTime() <= now.getTime(),
  );
  const result = new Map<number, boolean | null>(items.map((item) => [item.bookingId, null]));
  if (ended.length === 0) return result;
  const studentIds = [...new Set(ended.map((item) => item.studentId))];
  const lessonIds = [...new Set(ended.map((item) => item.lesson.id))];
  const [people, joins] = await Promise.all([
    db
      .select({ studentId: students.id, userId: students.userId, parentUserId: parents.userId })
      .from(students)
      .leftJoin(parents, eq(parents.id, students.parentId))
      .where(inArray(students.id, studentIds)),
    db
      .select({ lessonId: lessonAttendance.lessonId, userId: lessonAttendance.userId })
      .from(lessonAttendance)
      .where(inArray(lessonAttendance.lessonId, lessonIds)),
  ]);
  const joined = new Set(joins.map((row) => `${row.lessonId}:${row.userId}`));
  const byStudent = new Map(people.map((row) => [row.studentId, row]));
  for (const item of ended) {
    const person = byStudent.get(item.studentId);
    const came = (userId: number | null | undefined) =>
      userId !== null && userId !== undefined && joined.has(`${item.lesson.id}:${userId}`);
    result.set(item.bookingId, came(person?.userId) || came(person?.parentUserId));
  }
  return result;
}

// ---- The teacher's own link ----

/**
 * `POST /api/teacher/lessons/link/{id}`: the teacher's own meeting for one lesson (null: back to
 * the lesson's room). Only while the lesson may still take place.
 */
export async function setLessonLink(
  db: Database,
  teacherId: number,
  lessonId: number,
  link: string | null,
  now = new Date(),
): Promise<void> {
  const [lesson] = await db
    .select({ id: lessons.id, endAt: lessons.endAt, cancelledAt: lessons.cancelledAt })
    .from(lessons)
    .where(and(eq(lessons.id, lessonId), eq(lessons.teacherId, teacherId)));
  if (!lesson) throw notFound();
  if (lesson.cancelledAt || lesson.endAt.getTime() <= now.getTime())
    throw ValidationError.field('link', t('classroom.linkClosed'));
  await db.update(lessons).set({ link, updatedAt: now }).where(eq(lessons.id, lesson.id));
}

/** `POST /api/teacher/classes/link/{id}`: the meeting of every lesson of the class without its own. */
export async function setClassLink(
  db: Database,
  teacherId: number,
  classId: number,
  link: string | null,
  now = new Date(),
): Promise<void> {
  const [row] = await db
    .update(classes)
    .set({ link, updatedAt: now })
    .where(and(eq(classes.id, classId), eq(classes.teacherId, teacherId)))
    .returning({ id: classes.id });
  if (!row) throw notFound();
}
