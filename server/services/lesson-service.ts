// Lessons as buyers see them: details for the cart, the bookings list, the show page and joining.
import { and, asc, count, desc, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  bookings,
  classes,
  curricula,
  educationLevels,
  gradeLevels,
  lessons,
  parents,
  programs,
  students,
  subjects,
  teachers,
  topics,
  users,
} from '../db/schema';
import { HttpError, notFound } from '../http/errors';
import type { LessonDetails } from '../resources/commerce-resource';
import { t } from '../../src/shared/messages';

/** Joining opens this long before the start. */
export const JOIN_EARLY_MS = 15 * 60 * 1000;

// A lesson's class names its own subject; the topic's subject is joined as `subjects`.
const classSubject = alias(subjects, 'class_subject');

function lessonQuery(db: Database) {
  return db
    .select({
      lesson: lessons,
      topic: topics,
      subjectName: subjects.name,
      program: programs,
      curriculum: curricula,
      teacherUser: { id: users.id, firstName: users.firstName, lastName: users.lastName, photo: users.photo },
      lessonClass: {
        id: classes.id,
        title: classes.title,
        subjectId: classSubject.id,
        subjectName: classSubject.name,
        gradeLevelId: gradeLevels.id,
        gradeLevelName: gradeLevels.name,
        eduLevelId: educationLevels.id,
        eduLevelName: educationLevels.name,
      },
    })
    .from(lessons)
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .leftJoin(subjects, eq(subjects.id, topics.subjectId))
    .leftJoin(programs, eq(programs.id, lessons.programId))
    .leftJoin(curricula, eq(curricula.id, programs.curriculumId))
    .leftJoin(teachers, eq(teachers.id, lessons.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .leftJoin(classes, eq(classes.id, lessons.classId))
    .leftJoin(classSubject, eq(classSubject.id, classes.subjectId))
    .leftJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
    .leftJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId));
}

type LessonRow = Awaited<ReturnType<ReturnType<typeof lessonQuery>['execute']>>[number];

const toDetails = (row: LessonRow): LessonDetails => ({
  ...row.lesson,
  topic: row.topic ? { ...row.topic, subjectName: row.subjectName } : null,
  program: row.program,
  curriculum: row.curriculum,
  teacherUser: row.teacherUser,
  lessonClass: row.lessonClass?.id ? row.lessonClass : null,
});

export async function loadLessons(db: Database, ids: number[]): Promise<Map<number, LessonDetails>> {
  if (ids.length === 0) return new Map();
  const rows = await lessonQuery(db).where(inArray(lessons.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.lesson.id, toDetails(row)]));
}

export async function findLesson(db: Database, where: SQL): Promise<LessonDetails | null> {
  const [row] = await lessonQuery(db).where(where);
  return row ? toDetails(row) : null;
}

/** Open for booking: approved and not started yet. */
/**
 * A lesson's page for a signed-in user (`GET /api/lessons/show/{code}`): approved lessons for
 * everyone, an unapproved one for its own teacher only. Null when not visible.
 */
export async function lessonForViewer(db: Database, userId: number, code: string) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  const visible = teacher
    ? or(eq(lessons.isApproved, true), eq(lessons.teacherId, teacher.id))
    : eq(lessons.isApproved, true);
  const lesson = await findLesson(db, and(eq(lessons.code, code), visible) ?? eq(lessons.id, -1));
  if (!lesson) return null;
  const booked = await isBookedBy(db, lesson.id, await learnerIds(db, userId));
  return { lesson, booked, own: teacher?.id === lesson.teacherId };
}

export function isBookable(lesson: { isApproved: boolean; startAt: Date }, now = new Date()): boolean {
  return lesson.isApproved && lesson.startAt.getTime() > now.getTime();
}

/** The student profiles a user books for: their own, or a parent's children. */
export async function learnerIds(db: Database, userId: number): Promise<number[]> {
  const own = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  const children = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(eq(parents.userId, userId))
    .orderBy(asc(students.id));
  return [...own, ...children].map((row) => row.id);
}

export async function isBookedBy(db: Database, lessonId: number, learners: number[]): Promise<boolean> {
  if (learners.length === 0) return false;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.lessonId, lessonId), inArray(bookings.studentId, learners)));
  return Boolean(row);
}

export type BookingFilter = 'all' | 'upcoming' | 'past';

export async function listBookings(
  db: Database,
  userId: number,
  filter: BookingFilter,
  page: number,
  perPage: number,
) {
  const learners = await learnerIds(db, userId);
  if (learners.length === 0) return { rows: [], total: 0 };
  const now = new Date();
  const when =
    filter === 'upcoming' ? gt(lessons.endAt, now) : filter === 'past' ? lte(lessons.endAt, now) : undefined;
  const where = and(inArray(bookings.studentId, learners), when);
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .where(where);
  const pageRows = await db
    .select({ booking: bookings, studentUser: { firstName: users.firstName, lastName: users.lastName } })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(filter === 'past' ? desc(lessons.startAt) : asc(lessons.startAt), asc(bookings.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const details = await loadLessons(
    db,
    pageRows.map((row) => row.booking.lessonId),
  );
  const rows = pageRows.flatMap((row) => {
    const lesson = details.get(row.booking.lessonId);
    return lesson
      ? [
          {
            lesson,
            booking: row.booking,
            studentName: `${row.studentUser.firstName} ${row.studentUser.lastName}`,
          },
        ]
      : [];
  });
  return { rows, total };
}

/** `{link}` for a booked lesson, from 15 minutes before the start until the end. */
export async function joinLesson(db: Database, userId: number, lessonId: number, now = new Date()) {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!lesson || !lesson.isApproved) throw notFound();
  const [teacher] = await db
    .select({ userId: teachers.userId })
    .from(teachers)
    .where(eq(teachers.id, lesson.teacherId));
  const isTeacher = teacher?.userId === userId;
  if (!isTeacher && !(await isBookedBy(db, lesson.id, await learnerIds(db, userId)))) {
    throw new HttpError(403, t('lesson.notBooked'));
  }
  if (now.getTime() < lesson.startAt.getTime() - JOIN_EARLY_MS)
    throw new HttpError(422, t('lesson.joinTooEarly'));
  if (now.getTime() > lesson.endAt.getTime()) throw new HttpError(422, t('lesson.joinEnded'));
  if (!lesson.link) throw new HttpError(422, t('lesson.noLink'));
  return { link: lesson.link };
}
