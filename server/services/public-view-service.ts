// Batch loaders: lessons, classes, teachers and questions as the public sees them. Lists find ids
// with their own filters, then hydrate one page here in a fixed number of queries.
import { and, asc, count, eq, getTableColumns, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  classes,
  curricula,
  educationLevels,
  gradeLevels,
  lessons,
  programs,
  questions,
  subjects,
  teacherSubjects,
  teachers,
  topics,
  users,
} from '../db/schema';
import type { ClassCard, GradeRef, LessonCard, QuestionCard, TeacherCard } from '../resources/web-resource';
import { publicLesson } from './lesson-service';
import { takenSeats } from './lesson-seats';
import { ratingsOf } from './rating-service';

/** A table's columns without its search document (never sent, and large). */
function columnsOf<T extends Parameters<typeof getTableColumns>[0]>(table: T) {
  const { search: _search, ...rest } = getTableColumns(table) as ReturnType<typeof getTableColumns<T>> & {
    search?: unknown;
  };
  return rest as Omit<ReturnType<typeof getTableColumns<T>>, 'search'>;
}

export const subjectColumns = columnsOf(subjects);
const teacherColumns = columnsOf(teachers);
const lessonColumns = columnsOf(lessons);
const classColumns = columnsOf(classes);
const publicUser = { id: users.id, firstName: users.firstName, lastName: users.lastName, photo: users.photo };

/** Keeps the order of `ids` and drops ids that were not found. */
function inOrder<T>(ids: number[], found: Map<number, T>): T[] {
  return ids.flatMap((id) => {
    const row = found.get(id);
    return row ? [row] : [];
  });
}

export async function gradeRefs(db: Database, ids: Array<number | null>): Promise<Map<number, GradeRef>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ grade: gradeLevels, level: educationLevels, curriculum: curricula })
    .from(gradeLevels)
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId))
    .where(inArray(gradeLevels.id, wanted));
  return new Map(
    rows.map((row) => [
      row.grade.id,
      { ...row.grade, eduLevel: { ...row.level, curriculum: row.curriculum } },
    ]),
  );
}

// A lesson names its subject and grade through its program, or else through its topic.
const lessonSubjectId = sql<number | null>`coalesce(${programs.subjectId}, ${topics.subjectId})`;
const lessonGradeId = sql<number | null>`coalesce(${programs.gradeLevelId}, ${topics.gradeLevelId})`;

export async function lessonCards(db: Database, ids: number[]): Promise<LessonCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      lesson: lessonColumns,
      topic: topics,
      program: programs,
      curriculum: curricula,
      subjectId: lessonSubjectId,
      gradeLevelId: lessonGradeId,
      teacher: teacherColumns,
      user: publicUser,
      classId: classes.id,
      classTitle: classes.title,
      seatsTaken: takenSeats,
    })
    .from(lessons)
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .leftJoin(programs, eq(programs.id, lessons.programId))
    .leftJoin(curricula, eq(curricula.id, programs.curriculumId))
    .leftJoin(classes, eq(classes.id, lessons.classId))
    .where(inArray(lessons.id, ids));
  const subjectIds = [
    ...new Set(rows.flatMap((row) => (row.subjectId === null ? [] : [Number(row.subjectId)]))),
  ];
  const [subjectRows, grades, ratings] = await Promise.all([
    subjectIds.length
      ? db.select(subjectColumns).from(subjects).where(inArray(subjects.id, subjectIds))
      : Promise.resolve([]),
    gradeRefs(
      db,
      rows.map((row) => (row.gradeLevelId === null ? null : Number(row.gradeLevelId))),
    ),
    ratingsOf(
      db,
      rows.map((row) => row.teacher.id),
    ),
  ]);
  const subjectById = new Map(subjectRows.map((row) => [row.id, row]));
  const found = new Map<number, LessonCard>(
    rows.map((row) => [
      row.lesson.id,
      {
        ...row.lesson,
        topic: row.topic,
        program: row.program,
        curriculum: row.curriculum,
        subject: row.subjectId === null ? null : (subjectById.get(Number(row.subjectId)) ?? null),
        gradeLevel: row.gradeLevelId === null ? null : (grades.get(Number(row.gradeLevelId)) ?? null),
        teacher: { ...row.teacher, user: row.user, rating: ratings.get(row.teacher.id) },
        lessonClass:
          row.classId !== null && row.classTitle !== null ? { id: row.classId, title: row.classTitle } : null,
        booked: row.seatsTaken,
      },
    ]),
  );
  return inOrder(ids, found);
}

export async function classCards(db: Database, ids: number[], now = new Date()): Promise<ClassCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      row: classColumns,
      subject: subjectColumns,
      curriculum: curricula,
      teacher: teacherColumns,
      user: publicUser,
    })
    .from(classes)
    .innerJoin(subjects, eq(subjects.id, classes.subjectId))
    .innerJoin(curricula, eq(curricula.id, classes.curriculumId))
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(inArray(classes.id, ids));
  const [grades, counts, upcoming, ratings] = await Promise.all([
    gradeRefs(
      db,
      rows.map((row) => row.row.gradeLevelId),
    ),
    db
      .select({ classId: lessons.classId, lessons: count() })
      .from(lessons)
      .where(and(inArray(lessons.classId, ids), publicLesson))
      .groupBy(lessons.classId),
    // The first approved lesson of each class that has not started.
    db
      .selectDistinctOn([lessons.classId], {
        classId: lessons.classId,
        code: lessons.code,
        startAt: lessons.startAt,
        priceCents: lessons.priceCents,
      })
      .from(lessons)
      .where(and(inArray(lessons.classId, ids), publicLesson, gt(lessons.startAt, now)))
      .orderBy(lessons.classId, asc(lessons.startAt), asc(lessons.id)),
    ratingsOf(
      db,
      rows.map((row) => row.teacher.id),
    ),
  ]);
  const countById = new Map(counts.map((row) => [row.classId, Number(row.lessons)]));
  const nextById = new Map(upcoming.map((row) => [row.classId, row]));
  const found = new Map<number, ClassCard>();
  for (const row of rows) {
    const gradeLevel = grades.get(row.row.gradeLevelId);
    if (!gradeLevel) continue;
    const next = nextById.get(row.row.id);
    found.set(row.row.id, {
      ...row.row,
      subject: row.subject,
      gradeLevel,
      curriculum: row.curriculum,
      teacher: { ...row.teacher, user: row.user, rating: ratings.get(row.teacher.id) },
      lessonsCount: countById.get(row.row.id) ?? 0,
      nextLesson: next ? { code: next.code, startAt: next.startAt, priceCents: next.priceCents } : null,
    });
  }
  return inOrder(ids, found);
}

export async function teacherCards(db: Database, ids: number[], now = new Date()): Promise<TeacherCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ teacher: teacherColumns, user: publicUser, curriculum: curricula })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .leftJoin(curricula, eq(curricula.id, teachers.curriculumId))
    .where(inArray(teachers.id, ids));
  const [subjectRows, lessonCounts, classCounts, ratings] = await Promise.all([
    db
      .select({ teacherId: teacherSubjects.teacherId, subject: subjectColumns })
      .from(teacherSubjects)
      .innerJoin(subjects, eq(subjects.id, teacherSubjects.subjectId))
      .where(inArray(teacherSubjects.teacherId, ids))
      .orderBy(asc(subjects.name)),
    db
      .select({ teacherId: lessons.teacherId, total: count() })
      .from(lessons)
      .where(and(inArray(lessons.teacherId, ids), publicLesson, gt(lessons.startAt, now)))
      .groupBy(lessons.teacherId),
    db
      .select({ teacherId: classes.teacherId, total: count() })
      .from(classes)
      .where(and(inArray(classes.teacherId, ids), eq(classes.isApproved, true), gt(classes.endsAt, now)))
      .groupBy(classes.teacherId),
    ratingsOf(db, ids),
  ]);
  const lessonsById = new Map(lessonCounts.map((row) => [row.teacherId, Number(row.total)]));
  const classesById = new Map(classCounts.map((row) => [row.teacherId, Number(row.total)]));
  const found = new Map<number, TeacherCard>(
    rows.map((row) => [
      row.teacher.id,
      {
        ...row.teacher,
        user: row.user,
        rating: ratings.get(row.teacher.id),
        curriculum: row.curriculum,
        subjects: subjectRows.filter((link) => link.teacherId === row.teacher.id).map((link) => link.subject),
        lessonsCount: lessonsById.get(row.teacher.id) ?? 0,
        classesCount: classesById.get(row.teacher.id) ?? 0,
      },
    ]),
  );
  return inOrder(ids, found);
}

export async function questionCards(db: Database, ids: number[]): Promise<QuestionCard[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      question: columnsOf(questions),
      subject: subjectColumns,
      gradeLevel: gradeLevels,
      author: publicUser,
      answersCount:
        sql<number>`(select count(*) from "answers" a where a."question_id" = "questions"."id")`.mapWith(
          Number,
        ),
    })
    .from(questions)
    .innerJoin(users, eq(users.id, questions.userId))
    .leftJoin(subjects, eq(subjects.id, questions.subjectId))
    .leftJoin(gradeLevels, eq(gradeLevels.id, questions.gradeLevelId))
    .where(inArray(questions.id, ids));
  const found = new Map<number, QuestionCard>(
    rows.map((row) => [
      row.question.id,
      {
        ...row.question,
        subject: row.subject,
        gradeLevel: row.gradeLevel,
        author: row.author,
        answersCount: row.answersCount,
      },
    ]),
  );
  return inOrder(ids, found);
}
