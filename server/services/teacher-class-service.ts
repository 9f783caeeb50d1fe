// A teacher's own classes (docs/teaching-admin.md): lists by state, a class with its lessons, and
// creating or editing one; a new or edited class waits for an admin (pending) before it is public.
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { classes, educationLevels, gradeLevels, lessons, teacherSubjects, curricula } from '../db/schema';
import { notFound, throwIfInvalid } from '../http/errors';
import type { PageRequest } from '../http/query';
import { teacherClassResource } from '../resources/teaching-resource';
import { isGradeOfCurriculum } from '../../src/shared/catalogue';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import type { CLASS_FREQUENCIES, CLASS_TYPES, TEACHER_CLASS_FILTERS } from '../../src/shared/teaching';
import { classRows } from './learner-class-service';
import { pagedIds } from './paged';
import { nairobiAt } from './scheduling';
import { requireApproved, teacherLessons, type TeacherRow } from './teacher-lesson-service';

type Db = Database | Transaction;
export type TeacherClassFilter = (typeof TEACHER_CLASS_FILTERS)[number];

function filterOf(filter: TeacherClassFilter, now: Date): { where: SQL | undefined; order: SQL[] } {
  const approved = eq(classes.isApproved, true);
  switch (filter) {
    case 'upcoming':
      return {
        where: and(approved, gt(classes.startsAt, now)),
        order: [asc(classes.startsAt), asc(classes.id)],
      };
    case 'ongoing':
      return {
        where: and(approved, lte(classes.startsAt, now), gt(classes.endsAt, now)),
        order: [asc(classes.endsAt), asc(classes.id)],
      };
    case 'past':
      return {
        where: and(approved, lte(classes.endsAt, now)),
        order: [desc(classes.endsAt), desc(classes.id)],
      };
    case 'pending':
      return {
        where: and(eq(classes.isApproved, false), isNull(classes.rejectionComment)),
        order: [asc(classes.startsAt), asc(classes.id)],
      };
    case 'rejected':
      return {
        where: and(eq(classes.isApproved, false), isNotNull(classes.rejectionComment)),
        order: [desc(classes.updatedAt), desc(classes.id)],
      };
  }
}

/** Lessons of each class that are not cancelled (the teacher's count, whatever their approval). */
async function ownLessonCounts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ classId: lessons.classId, total: count() })
    .from(lessons)
    .where(and(inArray(lessons.classId, ids), isNull(lessons.cancelledAt)))
    .groupBy(lessons.classId);
  return new Map(rows.map((row) => [row.classId ?? 0, Number(row.total)]));
}

/**
 * TeacherClasses for `ids`, in that order (also the admin's AdminClass: the Class names its teacher).
 * `withLink`: the class's own meeting link, for its teacher.
 */
export async function teacherClasses(db: Database, ids: number[], { withLink = false } = {}) {
  const [rows, counts, links] = await Promise.all([
    classRows(db, ids, []),
    ownLessonCounts(db, ids),
    withLink && ids.length
      ? db.select({ id: classes.id, link: classes.link }).from(classes).where(inArray(classes.id, ids))
      : Promise.resolve([]),
  ]);
  const linkOf = new Map(links.map((row) => [row.id, row.link]));
  return rows.map((row) =>
    teacherClassResource(row, counts.get(row.id) ?? 0, withLink ? (linkOf.get(row.id) ?? null) : undefined),
  );
}

/** `GET /api/teacher/classes?filter=`. */
export async function listClasses(
  db: Database,
  teacherId: number,
  filter: TeacherClassFilter,
  page: PageRequest,
  now = new Date(),
) {
  const { where: state, order } = filterOf(filter, now);
  const where = and(eq(classes.teacherId, teacherId), state);
  const { ids, meta } = await pagedIds(db, page, classes, where, order);
  return {
    data: await teacherClasses(db, ids, { withLink: true }),
    meta,
  };
}

async function ownClassId(db: Db, teacherId: number, id: number): Promise<number> {
  const [row] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.id, id), eq(classes.teacherId, teacherId)));
  if (!row) throw notFound();
  return row.id;
}

/** `GET /api/teacher/classes/show/{id}`: TeacherClass + its lessons (every state), in date order. */
export async function showClass(db: Database, teacherId: number, id: number, now = new Date()) {
  await ownClassId(db, teacherId, id);
  const [[resource], lessonIds] = await Promise.all([
    teacherClasses(db, [id], { withLink: true }),
    db
      .select({ id: lessons.id })
      .from(lessons)
      .where(eq(lessons.classId, id))
      .orderBy(asc(lessons.startAt), asc(lessons.id)),
  ]);
  if (!resource) throw notFound();
  return {
    ...resource,
    lessons: await teacherLessons(
      db,
      lessonIds.map((row) => row.id),
      now,
    ),
  };
}

export type ClassInput = {
  title: string;
  description: string;
  subjectId: number;
  gradeLevelId: number;
  curriculumId: number;
  type: (typeof CLASS_TYPES)[number];
  frequency: (typeof CLASS_FREQUENCIES)[number];
  priceCents: number;
  startsOn: string;
  endsOn: string;
};

/** One of the teacher's subjects, and a grade of the chosen curriculum. */
async function refProblems(db: Db, teacherId: number, input: ClassInput): Promise<FieldErrors> {
  const [[subject], [grade], [curriculum]] = await Promise.all([
    db
      .select({ id: teacherSubjects.subjectId })
      .from(teacherSubjects)
      .where(and(eq(teacherSubjects.teacherId, teacherId), eq(teacherSubjects.subjectId, input.subjectId))),
    db
      .select({ curriculumId: educationLevels.curriculumId })
      .from(gradeLevels)
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .where(eq(gradeLevels.id, input.gradeLevelId)),
    db.select({ id: curricula.id }).from(curricula).where(eq(curricula.id, input.curriculumId)),
  ]);
  const errors: FieldErrors = {};
  if (!subject) errors.subject_id = [t('teaching.ownSubject')];
  if (!curriculum) errors.curriculum_id = [t('validation.choice')];
  if (!grade) errors.grade_level_id = [t('validation.choice')];
  else if (curriculum && !isGradeOfCurriculum(grade, curriculum.id))
    errors.grade_level_id = [t('teaching.gradeOfCurriculum')];
  return errors;
}

const slugify = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80) || 'class';

/** The title's slug, with `-2`, `-3` … when taken by another class. */
async function freeSlug(db: Db, title: string, exceptId?: number): Promise<string> {
  const base = slugify(title);
  for (let n = 1; ; n += 1) {
    const slug = n === 1 ? base : `${base}-${n}`;
    const [taken] = await db
      .select({ id: classes.id })
      .from(classes)
      .where(and(eq(classes.slug, slug), exceptId === undefined ? undefined : ne(classes.id, exceptId)));
    if (!taken) return slug;
  }
}

const fields = (input: ClassInput) => ({
  title: input.title,
  description: input.description,
  subjectId: input.subjectId,
  gradeLevelId: input.gradeLevelId,
  curriculumId: input.curriculumId,
  type: input.type,
  frequency: input.frequency,
  priceCents: input.priceCents,
  startsAt: nairobiAt(input.startsOn, '00:00'),
  endsAt: new Date(nairobiAt(input.endsOn, '00:00').getTime() + 24 * 60 * 60 * 1000 - 1),
  // Waits for an admin, like a new lesson.
  isApproved: false,
  rejectionComment: null,
});

/** `POST /api/teacher/classes/store`: a pending class. */
export async function storeClass(db: Database, teacher: TeacherRow, input: ClassInput) {
  requireApproved(teacher);
  throwIfInvalid(await refProblems(db, teacher.id, input));
  const [row] = await db
    .insert(classes)
    .values({ ...fields(input), teacherId: teacher.id, slug: await freeSlug(db, input.title) })
    .returning({ id: classes.id });
  if (!row) throw new Error('Class insert returned no row');
  const [resource] = await teacherClasses(db, [row.id], { withLink: true });
  return resource;
}

/** `POST /api/teacher/classes/update/{id}`: the teacher's class, pending again. */
export async function updateClass(db: Database, teacher: TeacherRow, id: number, input: ClassInput) {
  await ownClassId(db, teacher.id, id);
  throwIfInvalid(await refProblems(db, teacher.id, input));
  await db
    .update(classes)
    .set({ ...fields(input), slug: await freeSlug(db, input.title, id), updatedAt: new Date() })
    .where(eq(classes.id, id));
  const [resource] = await teacherClasses(db, [id], { withLink: true });
  return resource;
}
