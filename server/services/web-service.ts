// The public site (docs/catalogue-api.md "Public site"): lessons, classes, teachers, home, plans,
// FAQs and the newsletter. Lists pick ids with their filters, then hydrate one page.
import { and, asc, count, desc, eq, exists, gt, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  classes,
  faqs,
  lessons,
  newsletterSubscriptions,
  packageFeatureValues,
  packageFeatures,
  packages,
  programs,
  questions,
  subjects,
  teacherSubjects,
  teachers,
  topics,
  users,
  CLASS_TYPES,
} from '../db/schema';
import { notFound } from '../http/errors';
import { pageRequest, type PageRequest } from '../http/query';
import { curriculumSummary, gradeLevelSummary, subjectResource } from '../resources/catalogue-resource';
import { packageResource, type PackageDetails } from '../resources/commerce-resource';
import {
  classCard,
  classLessonResource,
  faqResource,
  gradeLevelRef,
  lessonCard,
  questionCard,
  teacherCard,
} from '../resources/web-resource';
import { curriculumTrees, escapeLike } from './catalogue-service';
import { publicLesson } from './lesson-service';
import { paged, pagedIds } from './paged';
import { classCards, lessonCards, questionCards, subjectColumns, teacherCards } from './public-view-service';
import { ratingsOf, ratingTotals, siteMean } from './rating-service';
import { teacherLevels, teacherReviews } from './teacher-profile-service';
import { REVIEWS_PER_PAGE } from '../../src/shared/review-pages';
import { TEACHER_SORTS } from '../../src/shared/teachers';
import { endOfDayIn, startOfDayIn } from '../../src/shared/calendar-days';
import { APP_TIME_ZONE } from '../../src/shared/time';

export { CLASS_TYPES };
export type ClassType = (typeof CLASS_TYPES)[number];

const total = (rows: Array<{ total: number }>) => Number(rows[0]?.total ?? 0);

// ---- Lessons ----

export type LessonFilters = { subjectId?: number; gradeLevelId?: number; curriculumId?: number };

/** Approved and not started: what a visitor may book. */
const upcomingLesson = (now: Date) => and(publicLesson, gt(lessons.startAt, now));

function lessonFilter(filters: LessonFilters, now: Date): SQL | undefined {
  return and(
    upcomingLesson(now),
    filters.subjectId === undefined
      ? undefined
      : sql`coalesce(${programs.subjectId}, ${topics.subjectId}) = ${filters.subjectId}`,
    filters.gradeLevelId === undefined
      ? undefined
      : sql`coalesce(${programs.gradeLevelId}, ${topics.gradeLevelId}) = ${filters.gradeLevelId}`,
    filters.curriculumId === undefined ? undefined : eq(programs.curriculumId, filters.curriculumId),
  );
}

export async function listLessons(db: Database, filters: LessonFilters, page: PageRequest, now = new Date()) {
  const where = lessonFilter(filters, now);
  const { rows, meta } = await paged(
    page,
    db
      .select({ id: lessons.id })
      .from(lessons)
      .leftJoin(programs, eq(programs.id, lessons.programId))
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .where(where)
      .orderBy(asc(lessons.startAt), asc(lessons.id)),
    db
      .select({ total: count() })
      .from(lessons)
      .leftJoin(programs, eq(programs.id, lessons.programId))
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .where(where),
  );
  const cards = await lessonCards(
    db,
    rows.map((row) => row.id),
  );
  return { data: cards.map((card) => lessonCard(card, { now })), meta };
}

export async function showLesson(db: Database, code: string, now = new Date()) {
  const [row] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.code, code), publicLesson));
  const [card] = row ? await lessonCards(db, [row.id]) : [];
  if (!card) throw notFound();
  return lessonCard(card, { withBiography: true, now });
}

// ---- Classes ----

export type ClassFilters = {
  curriculumId?: number;
  gradeLevelId?: number;
  subjectId?: number;
  type?: ClassType;
  /** Start of the first and end of the last Nairobi day asked for. */
  from?: Date;
  to?: Date;
  minPriceCents?: number;
  maxPriceCents?: number;
};

/** The first and the last instant of a Nairobi day (`YYYY-MM-DD`). */
export const nairobiDayStart = (day: string) => startOfDayIn(day, APP_TIME_ZONE);
export const nairobiDayEnd = (day: string) => endOfDayIn(day, APP_TIME_ZONE);

function classFilter(filters: ClassFilters, now: Date): SQL | undefined {
  const dated = filters.from !== undefined || filters.to !== undefined;
  return and(
    eq(classes.isApproved, true),
    filters.curriculumId === undefined ? undefined : eq(classes.curriculumId, filters.curriculumId),
    filters.gradeLevelId === undefined ? undefined : eq(classes.gradeLevelId, filters.gradeLevelId),
    filters.subjectId === undefined ? undefined : eq(classes.subjectId, filters.subjectId),
    filters.type === undefined ? undefined : eq(classes.type, filters.type),
    // Overlap of [starts_at, ends_at] with the asked days; without dates, classes that have not ended.
    dated ? undefined : gt(classes.endsAt, now),
    filters.from === undefined ? undefined : gte(classes.endsAt, filters.from),
    filters.to === undefined ? undefined : lte(classes.startsAt, filters.to),
    filters.minPriceCents === undefined ? undefined : gte(classes.priceCents, filters.minPriceCents),
    filters.maxPriceCents === undefined ? undefined : lte(classes.priceCents, filters.maxPriceCents),
  );
}

export async function listClasses(db: Database, filters: ClassFilters, page: PageRequest, now = new Date()) {
  const where = classFilter(filters, now);
  const { ids, meta } = await pagedIds(db, page, classes, where, [asc(classes.startsAt), asc(classes.id)]);
  const cards = await classCards(db, ids, now);
  return { data: cards.map(classCard), meta };
}

/**
 * One approved class for its public page (classpage, issue 24): its card and its lessons a visitor
 * may see (approved, not cancelled), by start, past ones included; 404 for an unknown or
 * unapproved class.
 */
export async function showClass(db: Database, classId: number, now = new Date()) {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, classId), eq(classes.isApproved, true)));
  const [card] = row ? await classCards(db, [row.id], now) : [];
  if (!card) throw notFound();
  const lessonRows = await db
    .select({
      id: lessons.id,
      code: lessons.code,
      startAt: lessons.startAt,
      endAt: lessons.endAt,
      priceCents: lessons.priceCents,
      topic: topics.name,
    })
    .from(lessons)
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(lessons.classId, card.id), publicLesson))
    .orderBy(asc(lessons.startAt), asc(lessons.id));
  // The course as planned prices a lesson's share (src/shared/class-purchase.ts classShareCents).
  const [planned] = await db
    .select({ total: count() })
    .from(lessons)
    .where(and(eq(lessons.classId, card.id), eq(lessons.isApproved, true)));
  return {
    ...classCard(card),
    lessons_planned: planned?.total ?? lessonRows.length,
    lessons: lessonRows.map(classLessonResource),
  };
}

/** Options of the class filters in one call: curricula, grade levels (with curriculum_id), subjects. */
export async function classFilterOptions(db: Database) {
  const [trees, subjectRows] = await Promise.all([
    curriculumTrees(db),
    db.select(subjectColumns).from(subjects).orderBy(asc(subjects.name)),
  ]);
  return {
    curricula: trees.map(curriculumSummary),
    grade_levels: trees.flatMap((curriculum) =>
      curriculum.eduLevels.flatMap((level) =>
        level.gradeLevels.map((grade) => ({
          ...gradeLevelSummary(grade),
          edu_level: {
            id: level.id,
            name: level.name,
            slug: level.slug,
            curriculum: curriculumSummary(curriculum),
          },
          curriculum_id: curriculum.id,
        })),
      ),
    ),
    subjects: subjectRows.map(subjectResource),
  };
}

// ---- Teachers ----

export { TEACHER_SORTS };
export type TeacherSort = (typeof TEACHER_SORTS)[number];

export type TeacherFilters = {
  q: string;
  subjectId?: number;
  curriculumId?: number;
  /** A grade level of their approved lessons or classes (the `level` filter). */
  gradeLevelId?: number;
  /** `name` (last, first) by default; `rating`: score desc, then count desc, then name. */
  sort?: TeacherSort;
};

const approvedTeacher = eq(teachers.status, 'approved');

export async function listTeachers(
  db: Database,
  filters: TeacherFilters,
  page: PageRequest,
  now = new Date(),
) {
  const pattern = `%${escapeLike(filters.q)}%`;
  const where = and(
    approvedTeacher,
    filters.q
      ? or(
          ilike(users.firstName, pattern),
          ilike(users.lastName, pattern),
          ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern),
        )
      : undefined,
    filters.subjectId === undefined
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(teacherSubjects)
            .where(
              and(
                eq(teacherSubjects.teacherId, teachers.id),
                eq(teacherSubjects.subjectId, filters.subjectId),
              ),
            ),
        ),
    filters.curriculumId === undefined ? undefined : eq(teachers.curriculumId, filters.curriculumId),
    filters.gradeLevelId === undefined ? undefined : teachesGrade(db, filters.gradeLevelId),
  );
  const byName = [asc(users.lastName), asc(users.firstName), asc(teachers.id)];
  const rating = filters.sort === 'rating' ? ratingTotals(db, await siteMean(db)) : null;
  const ids = db.select({ id: teachers.id }).from(teachers).innerJoin(users, eq(users.id, teachers.userId));
  const { rows, meta } = await paged(
    page,
    rating
      ? ids
          .leftJoin(rating.totals, eq(rating.totals.teacherId, teachers.id))
          .where(where)
          .orderBy(sql`${rating.score} desc nulls last`, desc(rating.count), ...byName)
      : ids.where(where).orderBy(...byName),
    db.select({ total: count() }).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(where),
  );
  const cards = await teacherCards(
    db,
    rows.map((row) => row.id),
    now,
  );
  return { data: cards.map(teacherCard), meta };
}

/** The teacher has an approved lesson or class of this grade level. */
function teachesGrade(db: Database, gradeLevelId: number) {
  return or(
    exists(
      db
        .select({ one: sql`1` })
        .from(lessons)
        .leftJoin(programs, eq(programs.id, lessons.programId))
        .leftJoin(topics, eq(topics.id, lessons.topicId))
        .where(
          and(
            eq(lessons.teacherId, teachers.id),
            publicLesson,
            sql`coalesce(${programs.gradeLevelId}, ${topics.gradeLevelId}) = ${gradeLevelId}`,
          ),
        ),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(classes)
        .where(
          and(
            eq(classes.teacherId, teachers.id),
            eq(classes.isApproved, true),
            eq(classes.gradeLevelId, gradeLevelId),
          ),
        ),
    ),
  );
}

/** An approved teacher's id and the user behind them, or 404 (any other status or id). */
async function approvedTeacherRow(db: Database, teacherId: number) {
  const [row] = await db
    .select({ id: teachers.id, userId: users.id, joinedAt: users.createdAt })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(and(eq(teachers.id, teacherId), approvedTeacher));
  if (!row) throw notFound();
  return row;
}

/** `GET /api/web/teachers/{id}/reviews`: a page of an approved teacher's shown reviews. */
export async function listTeacherReviews(db: Database, teacherId: number, page: PageRequest) {
  await approvedTeacherRow(db, teacherId);
  return teacherReviews(db, teacherId, page);
}

export async function showTeacher(db: Database, teacherId: number, now = new Date()) {
  const row = await approvedTeacherRow(db, teacherId);
  const [[card], levels, ratings, firstReviews] = await Promise.all([
    teacherCards(db, [row.id], now),
    teacherLevels(db, row.id),
    ratingsOf(db, [row.id]),
    teacherReviews(db, row.id, pageRequest({}, REVIEWS_PER_PAGE)),
  ]);
  if (!card) throw notFound();
  const [lessonIds, classIds] = await Promise.all([
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(eq(lessons.teacherId, teacherId), upcomingLesson(now)))
      .orderBy(asc(lessons.startAt), asc(lessons.id))
      .limit(6),
    db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.teacherId, teacherId), eq(classes.isApproved, true), gt(classes.endsAt, now)))
      .orderBy(asc(classes.startsAt), asc(classes.id))
      .limit(6),
  ]);
  const [lessonRows, classRows] = await Promise.all([
    lessonCards(
      db,
      lessonIds.map((lesson) => lesson.id),
    ),
    classCards(
      db,
      classIds.map((item) => item.id),
      now,
    ),
  ]);
  return {
    ...teacherCard(card),
    user_id: row.userId,
    joined_at: row.joinedAt.toISOString().slice(0, 10),
    levels: levels.map(gradeLevelRef),
    rating: ratings.get(row.id),
    reviews: firstReviews,
    upcoming_lessons: lessonRows.map((lesson) => lessonCard(lesson, { now })),
    classes: classRows.map(classCard),
  };
}

// ---- Plans, FAQs, newsletter ----

export async function listPackages(db: Database) {
  const [planRows, featureRows] = await Promise.all([
    db.select().from(packages).orderBy(asc(packages.priceCents), asc(packages.position), asc(packages.id)),
    db
      .select({ feature: packageFeatures, value: packageFeatureValues })
      .from(packageFeatureValues)
      .innerJoin(packageFeatures, eq(packageFeatures.id, packageFeatureValues.featureId))
      .orderBy(asc(packageFeatures.position), asc(packageFeatures.id)),
  ]);
  return planRows.map((plan) => {
    const details: PackageDetails = {
      ...plan,
      features: featureRows
        .filter((row) => row.value.packageId === plan.id)
        .map((row) => ({ ...row.feature, value: row.value.value, displayValue: row.value.displayValue })),
    };
    return packageResource(details);
  });
}

export async function listFaqs(db: Database) {
  const rows = await db.select().from(faqs).orderBy(asc(faqs.position), asc(faqs.id));
  return rows.map(faqResource);
}

/** One row per address (compared case-insensitively): signing up again is not an error. */
export async function subscribeToNewsletter(db: Database, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email: email.toLowerCase() }).onConflictDoNothing();
}

// ---- Home ----

export async function home(db: Database, now = new Date()) {
  const upcomingBy = <T extends typeof lessons.teacherId | typeof lessons.programId>(
    column: T,
    name: string,
  ) =>
    db
      .select({ key: column, total: count().as('total') })
      .from(lessons)
      .where(upcomingLesson(now))
      .groupBy(column)
      .as(name);
  const byTeacher = upcomingBy(lessons.teacherId, 'upcoming_by_teacher');
  const byProgram = upcomingBy(lessons.programId, 'upcoming_by_program');
  const subjectCount = sql<number>`coalesce(sum(${byProgram.total}), 0)`.mapWith(Number);
  const [classIds, lessonIds, teacherIds, subjectRows, questionIds, plans, stats] = await Promise.all([
    db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.isApproved, true), gt(classes.endsAt, now)))
      .orderBy(asc(classes.startsAt), asc(classes.id))
      .limit(6),
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(upcomingLesson(now))
      .orderBy(asc(lessons.startAt), asc(lessons.id))
      .limit(6),
    // Teachers with the most upcoming lessons first: the ones a visitor can book now. The lessons
    // are counted per teacher before the join (one pass over them, issue 12).
    db
      .select({ id: teachers.id })
      .from(teachers)
      .leftJoin(byTeacher, eq(byTeacher.key, teachers.id))
      .where(approvedTeacher)
      .orderBy(desc(sql`coalesce(${byTeacher.total}, 0)`), asc(teachers.id))
      .limit(8),
    db
      .select({ subject: subjectColumns, lessonsCount: subjectCount })
      .from(subjects)
      .leftJoin(programs, eq(programs.subjectId, subjects.id))
      .leftJoin(byProgram, eq(byProgram.key, programs.id))
      .groupBy(subjects.id)
      .orderBy(desc(subjectCount), asc(subjects.name))
      .limit(12),
    db
      .select({ id: questions.id })
      .from(questions)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(5),
    listPackages(db),
    Promise.all([
      db.select({ total: count() }).from(teachers).where(approvedTeacher),
      db.select({ total: count() }).from(lessons).where(upcomingLesson(now)),
      db.select({ total: count() }).from(subjects),
    ]),
  ]);
  const [classRows, lessonRows, teacherRows, questionRows] = await Promise.all([
    classCards(
      db,
      classIds.map((row) => row.id),
      now,
    ),
    lessonCards(
      db,
      lessonIds.map((row) => row.id),
    ),
    teacherCards(
      db,
      teacherIds.map((row) => row.id),
      now,
    ),
    questionCards(
      db,
      questionIds.map((row) => row.id),
    ),
  ]);
  return {
    classes: classRows.map(classCard),
    lessons: lessonRows.map((lesson) => lessonCard(lesson, { now })),
    teachers: teacherRows.map(teacherCard),
    subjects: subjectRows.map((row) => ({
      ...subjectResource(row.subject),
      lessons_count: row.lessonsCount,
    })),
    questions: questionRows.map(questionCard),
    packages: plans,
    stats: { teachers: total(stats[0]), lessons: total(stats[1]), subjects: total(stats[2]) },
  };
}
