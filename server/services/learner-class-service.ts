// Classes as learners see them (docs/learning-workspace.md): the classes a student's or parent's
// learners have bookings in, by state, and a class's lessons with what the caller has booked.
import {
  and,
  asc,
  count,
  countDistinct,
  desc,
  eq,
  exists,
  gt,
  inArray,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  bookings,
  classes,
  educationLevels,
  gradeLevels,
  lessons,
  subjects,
  teachers,
  users,
} from '../db/schema';
import { notFound } from '../http/errors';
import { pageMeta, type PageRequest } from '../http/query';
import { bookedLessonIds, learnerIds, loadLessons, publicLesson } from './lesson-service';
import { pagedIds } from './paged';
import { bookedBy, lessonsOfClasses, saleOf } from './class-sale-service';

export const LEARNER_CLASS_FILTERS = ['upcoming', 'ongoing', 'past', 'rejected'] as const;
export type LearnerClassFilter = (typeof LEARNER_CLASS_FILTERS)[number];

export type LearnerClass = Omit<typeof classes.$inferSelect, 'search' | 'link'> & {
  subject: { id: number; name: string };
  gradeLevel: { id: number; name: string; eduLevel: { id: number; name: string } };
  teacher: { id: number; name: string; photo: string | null };
  lessonsCount: number;
  bookedLessonsCount: number;
};

function stateOf(filter: LearnerClassFilter, now: Date): SQL | undefined {
  switch (filter) {
    case 'upcoming':
      return and(eq(classes.isApproved, true), gt(classes.startsAt, now));
    case 'ongoing':
      return and(eq(classes.isApproved, true), lte(classes.startsAt, now), gt(classes.endsAt, now));
    case 'past':
      return and(eq(classes.isApproved, true), lte(classes.endsAt, now));
    case 'rejected':
      return eq(classes.isApproved, false);
  }
}

const ORDER = {
  upcoming: [asc(classes.startsAt), asc(classes.id)],
  ongoing: [asc(classes.endsAt), asc(classes.id)],
  past: [desc(classes.endsAt), desc(classes.id)],
  rejected: [desc(classes.updatedAt), desc(classes.id)],
} as const;

/** `GET /api/student/classes`: classes with at least one lesson booked by one of `learners`. */
export async function learnerClasses(
  db: Database,
  learners: number[],
  filter: LearnerClassFilter,
  page: PageRequest,
  now = new Date(),
) {
  if (learners.length === 0) return { rows: [], meta: pageMeta(page, 0) };
  const bookedIn = exists(
    db
      .select({ one: bookings.id })
      .from(bookings)
      .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
      .where(and(eq(lessons.classId, classes.id), inArray(bookings.studentId, learners))),
  );
  const where = and(bookedIn, stateOf(filter, now));
  const { ids, meta } = await pagedIds(db, page, classes, where, ORDER[filter]);
  const rows = await classRows(db, ids, learners);
  return { rows, meta };
}

/** Classes by id, in that order, with their counts; `booked…` counts lessons booked by `learners`. */
export async function classRows(db: Database, ids: number[], learners: number[]): Promise<LearnerClass[]> {
  if (ids.length === 0) return [];
  const [rows, lessonCounts, bookedCounts] = await Promise.all([
    db
      .select({
        row: {
          id: classes.id,
          slug: classes.slug,
          title: classes.title,
          description: classes.description,
          teacherId: classes.teacherId,
          subjectId: classes.subjectId,
          gradeLevelId: classes.gradeLevelId,
          curriculumId: classes.curriculumId,
          type: classes.type,
          frequency: classes.frequency,
          priceCents: classes.priceCents,
          startsAt: classes.startsAt,
          endsAt: classes.endsAt,
          isApproved: classes.isApproved,
          rejectionComment: classes.rejectionComment,
          createdAt: classes.createdAt,
          updatedAt: classes.updatedAt,
        },
        subject: { id: subjects.id, name: subjects.name },
        grade: { id: gradeLevels.id, name: gradeLevels.name },
        level: { id: educationLevels.id, name: educationLevels.name },
        teacher: { firstName: users.firstName, lastName: users.lastName, photo: users.photo },
      })
      .from(classes)
      .innerJoin(subjects, eq(subjects.id, classes.subjectId))
      .innerJoin(gradeLevels, eq(gradeLevels.id, classes.gradeLevelId))
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .innerJoin(teachers, eq(teachers.id, classes.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(inArray(classes.id, ids)),
    db
      .select({ classId: lessons.classId, total: count() })
      .from(lessons)
      .where(and(inArray(lessons.classId, ids), publicLesson))
      .groupBy(lessons.classId),
    learners.length
      ? db
          .select({ classId: lessons.classId, total: countDistinct(bookings.lessonId) })
          .from(bookings)
          .innerJoin(lessons, eq(lessons.id, bookings.lessonId))
          .where(and(inArray(lessons.classId, ids), inArray(bookings.studentId, learners)))
          .groupBy(lessons.classId)
      : Promise.resolve([]),
  ]);
  const lessonsBy = new Map(lessonCounts.map((row) => [row.classId, Number(row.total)]));
  const bookedBy = new Map(bookedCounts.map((row) => [row.classId, Number(row.total)]));
  const found = new Map(
    rows.map((row): [number, LearnerClass] => [
      row.row.id,
      {
        ...row.row,
        subject: row.subject,
        gradeLevel: { ...row.grade, eduLevel: row.level },
        teacher: {
          id: row.row.teacherId,
          name: `${row.teacher.firstName} ${row.teacher.lastName}`,
          photo: row.teacher.photo,
        },
        lessonsCount: lessonsBy.get(row.row.id) ?? 0,
        bookedLessonsCount: bookedBy.get(row.row.id) ?? 0,
      },
    ]),
  );
  return ids.flatMap((id) => {
    const row = found.get(id);
    return row ? [row] : [];
  });
}

export const CLASS_LESSON_FILTERS = ['all', 'upcoming', 'past'] as const;
export type ClassLessonFilter = (typeof CLASS_LESSON_FILTERS)[number];

/**
 * `GET /api/student/lessons/{class id or slug}`: an approved class (or the caller's own, as its
 * teacher) and one page of its lessons, each with whether the caller's learners booked it.
 * upcoming: not ended yet (soonest first); past: ended (latest first); all: in date order.
 */
export async function classLessons(
  db: Database,
  userId: number,
  ref: string,
  filter: ClassLessonFilter,
  page: PageRequest,
  now = new Date(),
) {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  const named = /^\d+$/.test(ref) ? eq(classes.id, Number(ref)) : eq(classes.slug, ref);
  const visible = teacher
    ? or(eq(classes.isApproved, true), eq(classes.teacherId, teacher.id))
    : eq(classes.isApproved, true);
  const [found] = await db
    .select({ id: classes.id, teacherId: classes.teacherId })
    .from(classes)
    .where(and(named, visible));
  if (!found) throw notFound();
  const own = teacher?.id === found.teacherId;
  const when =
    filter === 'upcoming' ? gt(lessons.endAt, now) : filter === 'past' ? lte(lessons.endAt, now) : undefined;
  const where = and(eq(lessons.classId, found.id), own ? undefined : publicLesson, when);
  const order =
    filter === 'past' ? [desc(lessons.startAt), desc(lessons.id)] : [asc(lessons.startAt), asc(lessons.id)];
  const learners = await learnerIds(db, userId);
  const [{ ids, meta }, [classRow]] = await Promise.all([
    pagedIds(db, page, lessons, where, order),
    classRows(db, [found.id], learners),
  ]);
  if (!classRow) throw notFound();
  const [details, booked] = await Promise.all([loadLessons(db, ids), bookedLessonIds(db, ids, learners)]);
  const rows = ids.flatMap((id) => {
    const lesson = details.get(id);
    return lesson ? [{ lesson, booked: booked.has(id) }] : [];
  });
  return { rows, meta, class: classRow, purchase: await wholeClassOffer(db, classRow, learners, now) };
}

/**
 * What buying the whole class would buy for the caller's learners now (docs/class-purchase.md): its
 * price and lessons left, or null when nothing is left or the class is not approved.
 */
async function wholeClassOffer(db: Database, cls: LearnerClass, learners: number[], now: Date) {
  if (!cls.isApproved) return null;
  const classLessons = await lessonsOfClasses(db, [cls.id]);
  const booked = await bookedBy(
    db,
    classLessons.map((lesson) => lesson.id),
    learners,
  );
  const sale = saleOf(cls, classLessons, booked, now);
  return sale.lessons.length ? { priceCents: sale.totalCents, lessonsCount: sale.lessons.length } : null;
}
