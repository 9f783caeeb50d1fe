// Lessons as buyers and learners see them: details for the cart, the bookings list, the show page
// with its notes and assignments, and finding lessons to book (joining: classroom-service.ts).
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  assignments,
  bookings,
  classes,
  files,
  LESSON_TYPES,
  notes,
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
import { notFound } from '../http/errors';
import { pageMeta, type PageRequest } from '../http/query';
import type { LessonDetails } from '../resources/commerce-resource';
import { takenSeats } from './lesson-seats';
import { paged } from './paged';
import { classroomWindow } from '../../src/shared/classroom';

/**
 * What the public may see, find, book and join: approved and not cancelled (docs/teaching-admin.md
 * "States"). Every public, catalogue, search and cart query uses it instead of `is_approved` alone.
 */
export const publicLesson = and(eq(lessons.isApproved, true), isNull(lessons.cancelledAt));

// A lesson's class names its own subject; the topic's subject is joined as `subjects`.
const classSubject = alias(subjects, 'class_subject');
// The topic's grade, for a lesson without a class (issue 9: the Lesson's `grade_level`).
const topicGrade = alias(gradeLevels, 'topic_grade');

// Every column but the search document: no answer shows it, and turning a tsvector into text for
// each row was a good part of what a learner's read cost (issue 27).
const { search: _search, ...lessonColumns } = getTableColumns(lessons);

function lessonQuery(db: Database) {
  return db
    .select({
      lesson: lessonColumns,
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
        link: classes.link,
      },
      topicGrade: { id: topicGrade.id, name: topicGrade.name },
      seatsTaken: takenSeats,
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
    .leftJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .leftJoin(topicGrade, eq(topicGrade.id, topics.gradeLevelId));
}

type LessonRow = Awaited<ReturnType<ReturnType<typeof lessonQuery>['execute']>>[number];

const toDetails = (row: LessonRow): LessonDetails => ({
  ...row.lesson,
  topic: row.topic ? { ...row.topic, subjectName: row.subjectName } : null,
  program: row.program,
  curriculum: row.curriculum,
  teacherUser: row.teacherUser,
  lessonClass: row.lessonClass?.id ? row.lessonClass : null,
  topicGrade: row.topicGrade?.id ? row.topicGrade : null,
  seatsTaken: row.seatsTaken,
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

/** The student profiles a user books for: their own, or a parent's children. */
export async function learnerIds(db: Database, userId: number): Promise<number[]> {
  // One statement (both halves use an index): every learner read starts here (issue 27).
  const rows = await unionAll(
    db
      .select({ id: students.id, child: sql<number>`0`.as('child') })
      .from(students)
      .where(eq(students.userId, userId)),
    db
      .select({ id: students.id, child: sql<number>`1`.as('child') })
      .from(students)
      .innerJoin(parents, eq(parents.id, students.parentId))
      .where(eq(parents.userId, userId)),
  ).orderBy(sql`child`, sql`id`);
  return rows.map((row) => row.id);
}

/**
 * The learners a learner endpoint reads for: all of the caller's, or the one `student_id` names.
 * Someone else's `student_id` is a 404 (docs/learning-workspace.md "Who is a learner").
 */
export async function learnersOf(db: Database, userId: number, studentId?: number): Promise<number[]> {
  const all = await learnerIds(db, userId);
  if (studentId === undefined) return all;
  if (!all.includes(studentId)) throw notFound();
  return [studentId];
}

export async function isBookedBy(db: Database, lessonId: number, learners: number[]): Promise<boolean> {
  if (learners.length === 0) return false;
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.lessonId, lessonId), inArray(bookings.studentId, learners)));
  return Boolean(row);
}

/** Which of `lessonIds` the learners have booked. */
export async function bookedLessonIds(db: Database, lessonIds: number[], learners: number[]) {
  if (lessonIds.length === 0 || learners.length === 0) return new Set<number>();
  const rows = await db
    .selectDistinct({ lessonId: bookings.lessonId })
    .from(bookings)
    .where(and(inArray(bookings.lessonId, lessonIds), inArray(bookings.studentId, learners)));
  return new Set(rows.map((row) => row.lessonId));
}

/**
 * A lesson's page for a signed-in user (`GET /api/lessons/show/{code}`): approved lessons for
 * everyone, an unapproved one for its own teacher only. Null when not visible. Notes and
 * assignments (with their files) only for a booked learner or parent and for the teacher.
 */
export async function lessonPage(db: Database, userId: number, code: string) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  const learners = await learnerIds(db, userId);
  // A cancelled lesson stays visible to its teacher and to the learners who had booked it.
  const bookedByCaller = learners.length
    ? inArray(
        lessons.id,
        db.select({ id: bookings.lessonId }).from(bookings).where(inArray(bookings.studentId, learners)),
      )
    : undefined;
  const visible = or(publicLesson, teacher ? eq(lessons.teacherId, teacher.id) : undefined, bookedByCaller);
  const lesson = await findLesson(db, and(eq(lessons.code, code), visible) ?? eq(lessons.id, -1));
  if (!lesson) return null;
  const bookedFor = learners.length
    ? await db
        .select({
          bookingId: bookings.id,
          movedAt: bookings.movedAt,
          studentId: bookings.studentId,
          firstName: users.firstName,
          lastName: users.lastName,
        })
        .from(bookings)
        .innerJoin(students, eq(students.id, bookings.studentId))
        .innerJoin(users, eq(users.id, students.userId))
        .where(and(eq(bookings.lessonId, lesson.id), inArray(bookings.studentId, learners)))
        .orderBy(asc(bookings.studentId))
    : [];
  const own = teacher?.id === lesson.teacherId;
  const booked = bookedFor.length > 0;
  const materials = booked || own ? await lessonMaterials(db, lesson.id) : null;
  const [[noteCount], [assignmentCount]] = materials
    ? [[{ total: materials.notes.length }], [{ total: materials.assignments.length }]]
    : await Promise.all([
        db.select({ total: count() }).from(notes).where(eq(notes.lessonId, lesson.id)),
        db.select({ total: count() }).from(assignments).where(eq(assignments.lessonId, lesson.id)),
      ]);
  return {
    lesson,
    booked,
    own,
    bookedFor: bookedFor.map((row) => ({
      bookingId: row.bookingId,
      movedAt: row.movedAt,
      studentId: row.studentId,
      studentName: `${row.firstName} ${row.lastName}`,
    })),
    notes: materials?.notes ?? [],
    assignments: materials?.assignments ?? [],
    notesCount: Number(noteCount?.total ?? 0),
    assignmentsCount: Number(assignmentCount?.total ?? 0),
    join: classroomWindow(lesson, 'learner'),
  };
}

export type FileRow = typeof files.$inferSelect;
export type NoteWithFiles = typeof notes.$inferSelect & { files: FileRow[] };
export type AssignmentWithFiles = typeof assignments.$inferSelect & { files: FileRow[] };

/** A lesson's notes and assignments, oldest first, each with its files. */
export async function lessonMaterials(db: Database, lessonId: number) {
  const [noteRows, assignmentRows] = await Promise.all([
    db.select().from(notes).where(eq(notes.lessonId, lessonId)).orderBy(asc(notes.createdAt), asc(notes.id)),
    db
      .select()
      .from(assignments)
      .where(eq(assignments.lessonId, lessonId))
      .orderBy(asc(assignments.createdAt), asc(assignments.id)),
  ]);
  const noteIds = noteRows.map((row) => row.id);
  const assignmentIds = assignmentRows.map((row) => row.id);
  const fileRows =
    noteIds.length || assignmentIds.length
      ? await db
          .select()
          .from(files)
          .where(
            or(
              noteIds.length ? inArray(files.noteId, noteIds) : undefined,
              assignmentIds.length ? inArray(files.assignmentId, assignmentIds) : undefined,
            ),
          )
          .orderBy(asc(files.id))
      : [];
  return {
    notes: noteRows.map((note): NoteWithFiles => ({
      ...note,
      files: fileRows.filter((file) => file.noteId === note.id),
    })),
    assignments: assignmentRows.map((assignment): AssignmentWithFiles => ({
      ...assignment,
      files: fileRows.filter((file) => file.assignmentId === assignment.id),
    })),
  };
}

export function isBookable(
  lesson: { isApproved: boolean; startAt: Date; cancelledAt: Date | null },
  now = new Date(),
): boolean {
  return lesson.isApproved && lesson.cancelledAt === null && lesson.startAt.getTime() > now.getTime();
}

export type BookingFilter = 'all' | 'upcoming' | 'past';

/** The learners' bookings, one item per booking (a lesson booked for two children is listed twice). */
export async function listBookings(
  db: Database,
  learners: number[],
  filter: BookingFilter,
  page: PageRequest,
  now = new Date(),
) {
  if (learners.length === 0) return { rows: [], meta: pageMeta(page, 0) };
  const when =
    filter === 'upcoming' ? gt(lessons.endAt, now) : filter === 'past' ? lte(lessons.endAt, now) : undefined;
  const where = and(inArray(bookings.studentId, learners), when);
  // The page and its total in one statement (issue 27); only a page past the end asks for the total
  // apart, as it has no row to carry it.
  const rows = await db
    .select({ ...bookingFields, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .orderBy(filter === 'past' ? desc(lessons.startAt) : asc(lessons.startAt), asc(bookings.id))
    .limit(page.perPage)
    .offset(page.offset);
  const total =
    rows[0]?.total ??
    (page.offset === 0
      ? 0
      : Number(
          (
            await db
              .select({ total: count() })
              .from(bookings)
              .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
              .where(where)
          )[0]?.total ?? 0,
        ));
  return { rows: await withLessons(db, rows), meta: pageMeta(page, total) };
}

/** What a booking row carries: the booking and its learner's name. */
const bookingFields = {
  booking: bookings,
  studentUser: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};

/** Bookings with their learner's name, for `where` over bookings and lessons. */
export function bookingRows(db: Database, where: SQL | undefined) {
  return db
    .select(bookingFields)
    .from(bookings)
    .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .where(where)
    .$dynamic();
}

type BookingRow = Awaited<ReturnType<typeof bookingRows>>[number];

export async function withLessons(db: Database, rows: BookingRow[]) {
  const details = await loadLessons(
    db,
    rows.map((row) => row.booking.lessonId),
  );
  return rows.flatMap((row) => {
    const lesson = details.get(row.booking.lessonId);
    return lesson
      ? [
          {
            lesson,
            booking: row.booking,
            studentName: `${row.studentUser.firstName} ${row.studentUser.lastName}`,
            studentUserId: row.studentUser.id,
          },
        ]
      : [];
  });
}

// ---- Finding lessons to book (GET /api/lessons/filter) ----

export { LESSON_TYPES };
export type LessonType = (typeof LESSON_TYPES)[number];

export type LessonSearch = {
  q?: string;
  curriculumId?: number;
  gradeLevelId?: number;
  subjectId?: number;
  type?: LessonType;
  /** Start of the first and end of the last Nairobi day asked for. */
  from?: Date;
  to?: Date;
};

// A lesson's subject and grade: its class's, else its topic's, else its program's.
const subjectOfLesson = sql`coalesce(${classes.subjectId}, ${topics.subjectId}, ${programs.subjectId})`;
const gradeOfLesson = sql`coalesce(${classes.gradeLevelId}, ${topics.gradeLevelId}, ${programs.gradeLevelId})`;
const curriculumOfLesson = sql`coalesce(${classes.curriculumId}, ${programs.curriculumId})`;

/** Approved lessons that have not started, matching the search; best match first when `q` is given. */
export async function findLessons(
  db: Database,
  userId: number,
  search: LessonSearch,
  page: PageRequest,
  now = new Date(),
) {
  const q = search.q?.trim() ?? '';
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const where = and(
    publicLesson,
    gt(lessons.startAt, now),
    q ? sql`${lessons.search} @@ ${query}` : undefined,
    search.subjectId === undefined ? undefined : sql`${subjectOfLesson} = ${search.subjectId}`,
    search.gradeLevelId === undefined ? undefined : sql`${gradeOfLesson} = ${search.gradeLevelId}`,
    search.curriculumId === undefined ? undefined : sql`${curriculumOfLesson} = ${search.curriculumId}`,
    search.type === undefined ? undefined : eq(lessons.type, search.type),
    search.from === undefined ? undefined : gte(lessons.startAt, search.from),
    search.to === undefined ? undefined : lte(lessons.startAt, search.to),
  );
  const order = q
    ? [desc(sql`ts_rank(${lessons.search}, ${query})`), asc(lessons.startAt), asc(lessons.id)]
    : [asc(lessons.startAt), asc(lessons.id)];
  const { rows: idRows, meta } = await paged(
    page,
    db
      .select({ id: lessons.id })
      .from(lessons)
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .leftJoin(programs, eq(programs.id, lessons.programId))
      .leftJoin(classes, eq(classes.id, lessons.classId))
      .where(where)
      .orderBy(...order),
    db
      .select({ total: count() })
      .from(lessons)
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .leftJoin(programs, eq(programs.id, lessons.programId))
      .leftJoin(classes, eq(classes.id, lessons.classId))
      .where(where),
  );
  const ids = idRows.map((row) => row.id);
  const [details, booked] = await Promise.all([
    loadLessons(db, ids),
    bookedLessonIds(db, ids, await learnerIds(db, userId)),
  ]);
  const rows = ids.flatMap((id) => {
    const lesson = details.get(id);
    return lesson ? [{ lesson, booked: booked.has(id) }] : [];
  });
  return { rows, meta };
}
