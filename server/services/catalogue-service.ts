// Read side of the curriculum catalogue that the profile forms need.
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  categories,
  curricula,
  educationLevels,
  gradeLevelSubjects,
  gradeLevels,
  gradeSubjectTopics,
  subjects,
  subtopics,
  topics,
} from '../db/schema';
import { notFound, throwIfInvalid, ValidationError } from '../http/errors';
import type { PageRequest } from '../http/query';
import {
  curriculumSummary,
  eduLevelSummary,
  gradeLevelSummary,
  subjectResource,
  type CurriculumTree,
} from '../resources/catalogue-resource';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import { paged } from './paged';

export async function curriculumTrees(db: Database): Promise<CurriculumTree[]> {
  const [curriculumRows, levelRows, gradeRows] = await Promise.all([
    db.select().from(curricula).orderBy(asc(curricula.position), asc(curricula.id)),
    db.select().from(educationLevels).orderBy(asc(educationLevels.position), asc(educationLevels.id)),
    db.select().from(gradeLevels).orderBy(asc(gradeLevels.position), asc(gradeLevels.id)),
  ]);
  return curriculumRows.map((curriculum) => ({
    ...curriculum,
    eduLevels: levelRows
      .filter((level) => level.curriculumId === curriculum.id)
      .map((level) => ({
        ...level,
        gradeLevels: gradeRows.filter((grade) => grade.eduLevelId === level.id),
      })),
  }));
}

export async function curriculaWithLevelCounts(db: Database) {
  const rows = await db
    .select({ curriculum: curricula, eduLevelCount: count(educationLevels.id) })
    .from(curricula)
    .leftJoin(educationLevels, eq(educationLevels.curriculumId, curricula.id))
    .groupBy(curricula.id)
    .orderBy(asc(curricula.position), asc(curricula.id));
  return rows.map((row) => ({ curriculum: row.curriculum, eduLevelCount: Number(row.eduLevelCount) }));
}

export function allSubjects(db: Database) {
  return db.select().from(subjects).orderBy(asc(subjects.name));
}

export async function existingSubjectIds(db: Database, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: subjects.id }).from(subjects).where(inArray(subjects.id, ids));
  return new Set(rows.map((row) => row.id));
}

export type Placement = {
  curriculumId: number | null;
  eduLevelId: number | null;
  gradeLevelId?: number | null;
};

/**
 * Checks that the chosen curriculum, education level and (when asked) grade level exist and
 * belong together; errors are keyed by the wire field names.
 */
export async function placementErrors(
  db: Database,
  placement: Placement,
  withGrade: boolean,
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const required = t('validation.required');
  const invalid = t('validation.choice');
  if (placement.curriculumId === null) errors.curriculum_id = [required];
  if (placement.eduLevelId === null) errors.edu_level_id = [required];
  if (withGrade && (placement.gradeLevelId ?? null) === null) errors.grade_level_id = [required];
  if (placement.curriculumId !== null) {
    const [curriculum] = await db
      .select({ id: curricula.id })
      .from(curricula)
      .where(eq(curricula.id, placement.curriculumId));
    if (!curriculum) errors.curriculum_id = [invalid];
  }
  if (placement.eduLevelId !== null) {
    const [level] = await db
      .select()
      .from(educationLevels)
      .where(eq(educationLevels.id, placement.eduLevelId));
    if (!level || (placement.curriculumId !== null && level.curriculumId !== placement.curriculumId)) {
      errors.edu_level_id = [invalid];
    }
  }
  if (withGrade && placement.gradeLevelId) {
    const [grade] = await db.select().from(gradeLevels).where(eq(gradeLevels.id, placement.gradeLevelId));
    if (!grade || (placement.eduLevelId !== null && grade.eduLevelId !== placement.eduLevelId)) {
      errors.grade_level_id = [invalid];
    }
  }
  return errors;
}

// ---- Catalogue pages (issue 4, docs/catalogue-api.md "Catalogue") ----

type SluggedTable =
  typeof curricula | typeof educationLevels | typeof gradeLevels | typeof subjects | typeof topics;

/**
 * A catalogue item named by id or slug. Filters treat an unknown slug as "matches nothing" (-1),
 * show routes as a 404 (null).
 */
async function findRef(db: Database, table: SluggedTable, value: string): Promise<number | null> {
  if (value === '') return null;
  const where = /^\d+$/.test(value) ? eq(table.id, Number(value)) : eq(table.slug, value);
  const [row] = await db.select({ id: table.id }).from(table).where(where).limit(1);
  return row?.id ?? null;
}

/** For list filters: undefined = no filter, -1 = an unknown item (an empty list, not an error). */
async function filterRef(db: Database, table: SluggedTable, value: string): Promise<number | undefined> {
  if (value === '') return undefined;
  return (await findRef(db, table, value)) ?? -1;
}

/** The catalogue items a list may be filtered by, as query keys name them. */
const REF_TABLES = {
  curriculum: curricula,
  eduLevel: educationLevels,
  gradeLevel: gradeLevels,
  subject: subjects,
} as const;
export type RefKind = keyof typeof REF_TABLES;

/** A list filter by id or slug (`?subject=mathematics`): absent → no filter, unknown → -1. */
export function filterBy(
  db: Database,
  kind: RefKind,
  value: string | undefined,
): Promise<number | undefined> {
  return filterRef(db, REF_TABLES[kind], value ?? '');
}

/** The catalogue filters of a list's query, by id or slug (`?grade_level=cbc-grade-7`). */
export type CatalogueFilterQuery = {
  curriculum?: string;
  edu_level?: string;
  grade_level?: string;
  subject?: string;
};

/** Every catalogue filter of a list's query at once, each as `filterBy` reads it. */
export async function catalogueFilters(db: Database, query: CatalogueFilterQuery) {
  const [curriculumId, eduLevelId, gradeLevelId, subjectId] = await Promise.all([
    filterBy(db, 'curriculum', query.curriculum),
    filterBy(db, 'eduLevel', query.edu_level),
    filterBy(db, 'gradeLevel', query.grade_level),
    filterBy(db, 'subject', query.subject),
  ]);
  return { curriculumId, eduLevelId, gradeLevelId, subjectId };
}

// Correlated subqueries name their tables in full: drizzle leaves columns unqualified in a
// single-table select, where a bare "id" would mean the subquery's own row.
const subjectsPerGrade = sql<number>`(select count(*) from "grade_level_subjects" gls
  where gls."grade_level_id" = "grade_levels"."id")`.mapWith(Number);

const gradeRow = (grade: typeof gradeLevels.$inferSelect, subjectsCount: number) => ({
  ...gradeLevelSummary(grade),
  subjects_count: subjectsCount,
});

/** Upcoming approved lessons per topic: the "lessons_count" of a topic row. */
const topicLessonsCount = sql<number>`(select count(*) from "lessons" l where l."topic_id" = "topics"."id"
  and l."is_approved" and l."cancelled_at" is null and l."start_at" > now())`.mapWith(Number);

const topicRow = (topic: typeof topics.$inferSelect, lessonsCount: number) => ({
  id: topic.id,
  name: topic.name,
  slug: topic.slug,
  subject_id: topic.subjectId,
  lessons_count: lessonsCount,
});

export async function curriculumList(db: Database, page: PageRequest) {
  const { rows, meta } = await paged(
    page,
    db
      .select({
        curriculum: curricula,
        eduLevelCount: sql<number>`(select count(*) from "education_levels" e
          where e."curriculum_id" = "curricula"."id")`.mapWith(Number),
        subjectsCount: sql<number>`(select count(distinct gls."subject_id") from "grade_level_subjects" gls
          join "grade_levels" g on g."id" = gls."grade_level_id"
          join "education_levels" e on e."id" = g."edu_level_id"
          where e."curriculum_id" = "curricula"."id")`.mapWith(Number),
      })
      .from(curricula)
      .orderBy(asc(curricula.name), asc(curricula.id)),
    db.select({ total: count() }).from(curricula),
  );
  return {
    data: rows.map((row) => ({
      ...curriculumSummary(row.curriculum),
      edu_level_count: row.eduLevelCount,
      subjects_count: row.subjectsCount,
    })),
    meta,
  };
}

async function subjectsOfGrades(db: Database, gradeIds: number[]) {
  if (gradeIds.length === 0) return [];
  return db
    .selectDistinct({ id: subjects.id, name: subjects.name, slug: subjects.slug, color: subjects.color })
    .from(subjects)
    .innerJoin(gradeLevelSubjects, eq(gradeLevelSubjects.subjectId, subjects.id))
    .where(inArray(gradeLevelSubjects.gradeLevelId, gradeIds))
    .orderBy(asc(subjects.name));
}

export async function curriculumDetail(db: Database, ref: string) {
  const curriculumId = await findRef(db, curricula, ref);
  if (curriculumId === null) throw notFound();
  const [curriculum] = await db.select().from(curricula).where(eq(curricula.id, curriculumId));
  if (!curriculum) throw notFound();
  const levels = await db
    .select()
    .from(educationLevels)
    .where(eq(educationLevels.curriculumId, curriculumId))
    .orderBy(asc(educationLevels.position), asc(educationLevels.id));
  const grades = levels.length
    ? await db
        .select({ grade: gradeLevels, subjectsCount: subjectsPerGrade })
        .from(gradeLevels)
        .where(
          inArray(
            gradeLevels.eduLevelId,
            levels.map((level) => level.id),
          ),
        )
        .orderBy(asc(gradeLevels.position), asc(gradeLevels.id))
    : [];
  const subjectRows = await subjectsOfGrades(
    db,
    grades.map((row) => row.grade.id),
  );
  return {
    ...curriculumSummary(curriculum),
    edu_level_count: levels.length,
    edu_levels: levels.map((level) => ({
      ...eduLevelSummary(level),
      grade_levels: grades
        .filter((row) => row.grade.eduLevelId === level.id)
        .map((row) => gradeRow(row.grade, row.subjectsCount)),
    })),
    subjects: subjectRows.map(subjectResource),
  };
}

export async function curriculumSubjects(db: Database, ref: string) {
  const curriculumId = await findRef(db, curricula, ref);
  if (curriculumId === null) throw notFound();
  const grades = await db
    .select({ id: gradeLevels.id })
    .from(gradeLevels)
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .where(eq(educationLevels.curriculumId, curriculumId));
  return (
    await subjectsOfGrades(
      db,
      grades.map((grade) => grade.id),
    )
  ).map(subjectResource);
}

async function eduLevelResources(db: Database, levelRows: Array<typeof educationLevels.$inferSelect>) {
  if (levelRows.length === 0) return [];
  const [curriculumRows, grades] = await Promise.all([
    db
      .select()
      .from(curricula)
      .where(inArray(curricula.id, [...new Set(levelRows.map((level) => level.curriculumId))])),
    db
      .select({ grade: gradeLevels, subjectsCount: subjectsPerGrade })
      .from(gradeLevels)
      .where(
        inArray(
          gradeLevels.eduLevelId,
          levelRows.map((level) => level.id),
        ),
      )
      .orderBy(asc(gradeLevels.position), asc(gradeLevels.id)),
  ]);
  return levelRows.map((level) => {
    const curriculum = curriculumRows.find((row) => row.id === level.curriculumId);
    return {
      ...eduLevelSummary(level),
      curriculum: curriculum ? curriculumSummary(curriculum) : null,
      grade_levels: grades
        .filter((row) => row.grade.eduLevelId === level.id)
        .map((row) => gradeRow(row.grade, row.subjectsCount)),
    };
  });
}

export async function eduLevelList(db: Database, curriculumId: number | undefined, page: PageRequest) {
  const where = curriculumId === undefined ? undefined : eq(educationLevels.curriculumId, curriculumId);
  const { rows, meta } = await paged(
    page,
    db
      .select({ level: educationLevels })
      .from(educationLevels)
      .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId))
      .where(where)
      .orderBy(asc(curricula.position), asc(educationLevels.position), asc(educationLevels.id)),
    db.select({ total: count() }).from(educationLevels).where(where),
  );
  return {
    data: await eduLevelResources(
      db,
      rows.map((row) => row.level),
    ),
    meta,
  };
}

export async function eduLevelDetail(db: Database, ref: string) {
  const levelId = await findRef(db, educationLevels, ref);
  const rows =
    levelId === null ? [] : await db.select().from(educationLevels).where(eq(educationLevels.id, levelId));
  const [resource] = await eduLevelResources(db, rows);
  if (!resource) throw notFound();
  return resource;
}

const gradeWithLevel = (row: {
  grade: typeof gradeLevels.$inferSelect;
  subjectsCount: number;
  level: typeof educationLevels.$inferSelect;
  curriculum: typeof curricula.$inferSelect;
}) => ({
  ...gradeRow(row.grade, row.subjectsCount),
  edu_level: { ...eduLevelSummary(row.level), curriculum: curriculumSummary(row.curriculum) },
});

function gradeQuery(db: Database) {
  return db
    .select({
      grade: gradeLevels,
      subjectsCount: subjectsPerGrade,
      level: educationLevels,
      curriculum: curricula,
    })
    .from(gradeLevels)
    .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
    .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId));
}

export async function gradeLevelList(
  db: Database,
  filters: { curriculumId?: number; eduLevelId?: number },
  page: PageRequest,
) {
  const where = and(
    filters.curriculumId === undefined ? undefined : eq(educationLevels.curriculumId, filters.curriculumId),
    filters.eduLevelId === undefined ? undefined : eq(gradeLevels.eduLevelId, filters.eduLevelId),
  );
  const { rows, meta } = await paged(
    page,
    gradeQuery(db)
      .where(where)
      .orderBy(
        asc(curricula.position),
        asc(educationLevels.position),
        asc(gradeLevels.position),
        asc(gradeLevels.id),
      ),
    db
      .select({ total: count() })
      .from(gradeLevels)
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .where(where),
  );
  return { data: rows.map(gradeWithLevel), meta };
}

export async function gradeLevelDetail(db: Database, ref: string) {
  const gradeId = await findRef(db, gradeLevels, ref);
  const [row] = gradeId === null ? [] : await gradeQuery(db).where(eq(gradeLevels.id, gradeId));
  if (!row || gradeId === null) throw notFound();
  const subjectRows = await subjectsOfGrades(db, [gradeId]);
  const topicRows = await db
    .select({ topic: topics, lessonsCount: topicLessonsCount })
    .from(topics)
    .where(eq(topics.gradeLevelId, gradeId))
    .orderBy(asc(topics.name));
  return {
    ...gradeWithLevel(row),
    subjects: subjectRows.map((subject) => ({
      ...subjectResource(subject),
      topics: topicRows
        .filter((topic) => topic.topic.subjectId === subject.id)
        .map((topic) => topicRow(topic.topic, topic.lessonsCount)),
    })),
  };
}

export async function subjectsOfGradeLevel(db: Database, ref: string) {
  const gradeId = await findRef(db, gradeLevels, ref);
  if (gradeId === null) throw notFound();
  return (await subjectsOfGrades(db, [gradeId])).map(subjectResource);
}

const subjectTopicsCount = sql<number>`(select count(*) from "topics" t
  where t."subject_id" = "subjects"."id")`.mapWith(Number);

function subjectListQuery(db: Database) {
  return db
    .select({
      subject: { id: subjects.id, name: subjects.name, slug: subjects.slug, color: subjects.color },
      category: categories,
      topicsCount: subjectTopicsCount,
    })
    .from(subjects)
    .leftJoin(categories, eq(categories.id, subjects.categoryId));
}

const subjectSummary = (
  row: Awaited<ReturnType<ReturnType<typeof subjectListQuery>['execute']>>[number],
) => ({
  ...subjectResource(row.subject),
  category: row.category ? { id: row.category.id, name: row.category.name, slug: row.category.slug } : null,
  topics_count: row.topicsCount,
});

export async function subjectList(
  db: Database,
  filters: { q: string; curriculumId?: number; gradeLevelId?: number },
  page: PageRequest,
) {
  const taughtIn = (gradeCondition: SQL) =>
    sql`exists (select 1 from "grade_level_subjects" gls join "grade_levels" g on g."id" = gls."grade_level_id"
      join "education_levels" e on e."id" = g."edu_level_id" where gls."subject_id" = "subjects"."id" and ${gradeCondition})`;
  const where = and(
    filters.q ? ilike(subjects.name, `%${escapeLike(filters.q)}%`) : undefined,
    filters.curriculumId === undefined ? undefined : taughtIn(sql`e.curriculum_id = ${filters.curriculumId}`),
    filters.gradeLevelId === undefined ? undefined : taughtIn(sql`g.id = ${filters.gradeLevelId}`),
  );
  const { rows, meta } = await paged(
    page,
    subjectListQuery(db).where(where).orderBy(asc(subjects.name), asc(subjects.id)),
    db.select({ total: count() }).from(subjects).where(where),
  );
  return { data: rows.map(subjectSummary), meta };
}

export async function subjectDetail(db: Database, ref: string) {
  const subjectId = await findRef(db, subjects, ref);
  const [row] = subjectId === null ? [] : await subjectListQuery(db).where(eq(subjects.id, subjectId));
  if (!row || subjectId === null) throw notFound();
  const [topicRows, subtopicRows, gradeRows] = await Promise.all([
    db
      .select({ topic: topics, lessonsCount: topicLessonsCount, grade: gradeLevels })
      .from(topics)
      .leftJoin(gradeLevels, eq(gradeLevels.id, topics.gradeLevelId))
      .where(eq(topics.subjectId, subjectId))
      .orderBy(asc(topics.name)),
    db
      .select({ subtopic: subtopics })
      .from(subtopics)
      .innerJoin(topics, eq(topics.id, subtopics.topicId))
      .where(eq(topics.subjectId, subjectId))
      .orderBy(asc(subtopics.name)),
    db
      .select({ grade: gradeLevels })
      .from(gradeLevels)
      .innerJoin(gradeLevelSubjects, eq(gradeLevelSubjects.gradeLevelId, gradeLevels.id))
      .innerJoin(educationLevels, eq(educationLevels.id, gradeLevels.eduLevelId))
      .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId))
      .where(eq(gradeLevelSubjects.subjectId, subjectId))
      .orderBy(asc(curricula.position), asc(educationLevels.position), asc(gradeLevels.position)),
  ]);
  return {
    ...subjectSummary(row),
    topics: topicRows.map((topic) => ({
      ...topicRow(topic.topic, topic.lessonsCount),
      grade_level: topic.grade ? gradeLevelSummary(topic.grade) : null,
      subtopics: subtopicRows
        .filter((sub) => sub.subtopic.topicId === topic.topic.id)
        .map((sub) => ({ id: sub.subtopic.id, name: sub.subtopic.name, slug: sub.subtopic.slug })),
    })),
    grade_levels: gradeRows.map((grade) => gradeLevelSummary(grade.grade)),
  };
}

function topicQuery(db: Database) {
  return db
    .select({
      topic: topics,
      lessonsCount: topicLessonsCount,
      subject: { id: subjects.id, name: subjects.name, slug: subjects.slug, color: subjects.color },
      grade: gradeLevels,
    })
    .from(topics)
    .innerJoin(subjects, eq(subjects.id, topics.subjectId))
    .leftJoin(gradeLevels, eq(gradeLevels.id, topics.gradeLevelId));
}

const topicResource = (row: Awaited<ReturnType<ReturnType<typeof topicQuery>['execute']>>[number]) => ({
  ...topicRow(row.topic, row.lessonsCount),
  subject: subjectResource(row.subject),
  grade_level: row.grade ? gradeLevelSummary(row.grade) : null,
});

export async function topicList(
  db: Database,
  filters: { subjectId?: number; gradeLevelId?: number },
  page: PageRequest,
) {
  const where = and(
    filters.subjectId === undefined ? undefined : eq(topics.subjectId, filters.subjectId),
    filters.gradeLevelId === undefined ? undefined : eq(topics.gradeLevelId, filters.gradeLevelId),
  );
  const { rows, meta } = await paged(
    page,
    topicQuery(db).where(where).orderBy(asc(subjects.name), asc(topics.name), asc(topics.id)),
    db.select({ total: count() }).from(topics).where(where),
  );
  return { data: rows.map(topicResource), meta };
}

export async function topicDetail(db: Database, ref: string) {
  const topicId = await findRef(db, topics, ref);
  const [row] = topicId === null ? [] : await topicQuery(db).where(eq(topics.id, topicId));
  if (!row || topicId === null) throw notFound();
  const subtopicRows = await db
    .select()
    .from(subtopics)
    .where(eq(subtopics.topicId, topicId))
    .orderBy(asc(subtopics.name));
  return {
    ...topicResource(row),
    subtopics: subtopicRows.map((sub) => ({ id: sub.id, name: sub.name, slug: sub.slug })),
  };
}

/** `%` and `_` in a visitor's text are literal characters, not wildcards. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

// ---- Admin writes (CONTRACT "Catalogue": subjects add-topic; the rest in admin-catalogue-service.ts) ----

const slugOf = (value: string) =>
  value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function nameProblem(name: string): FieldErrors {
  if (!name) return { name: [t('validation.required')] };
  if (name.length > 100) return { name: [t('validation.maxLength', { max: 100 })] };
  return {};
}

export async function addTopic(
  db: Database,
  subjectRef: string,
  input: { name: string; gradeLevelId: number | null },
) {
  const subjectId = await findRef(db, subjects, subjectRef);
  if (subjectId === null) throw notFound();
  const errors = nameProblem(input.name);
  let gradeSlug = 'general';
  if (input.gradeLevelId !== null) {
    const [grade] = await db.select().from(gradeLevels).where(eq(gradeLevels.id, input.gradeLevelId));
    if (!grade) errors.grade_level_id = [t('validation.choice')];
    else gradeSlug = grade.slug;
  }
  throwIfInvalid(errors);
  const [subject] = await db.select({ slug: subjects.slug }).from(subjects).where(eq(subjects.id, subjectId));
  const slug = `${gradeSlug}-${subject?.slug ?? 'subject'}-${slugOf(input.name)}`;
  const [taken] = await db.select({ id: topics.id }).from(topics).where(eq(topics.slug, slug));
  if (taken) throw ValidationError.field('name', t('validation.taken', { name: 'topic' }));
  const [row] = await db
    .insert(topics)
    .values({ name: input.name, slug, subjectId, gradeLevelId: input.gradeLevelId })
    .returning();
  if (!row) throw new Error('Topic not stored');
  if (row.gradeLevelId !== null)
    await db
      .insert(gradeSubjectTopics)
      .values({ gradeLevelId: row.gradeLevelId, subjectId, topicId: row.id })
      .onConflictDoNothing();
  return topicDetail(db, String(row.id));
}
