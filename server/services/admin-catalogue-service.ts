// Catalogue writes (docs/teaching-admin.md "Admin endpoints"): curricula, education levels, grade
// levels, subjects, topics and subtopics. Names are unique within their parent (422); slugs come from
// the name (after the parent's slug, as the seed makes them) and take -2, -3 … on a clash. A row that
// anything refers to is never deleted (409, SPEC §8): several foreign keys cascade, and an admin's
// delete must not take learners' placements, lessons or classes with it.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client';
import {
  classes,
  curricula,
  educationLevels,
  gradeLevelSubjects,
  gradeLevels,
  gradeSubjectTopics,
  lessons,
  programs,
  questions,
  students,
  subjects,
  subtopics,
  teacherSubjects,
  teachers,
  terms,
  topics,
} from '../db/schema';
import { HttpError, notFound, throwIfInvalid } from '../http/errors';
import { t } from '../../src/shared/messages';
import type { CatalogueKind } from '../../src/shared/teaching';
import type { FieldErrors } from '../../src/shared/validation';
import {
  curriculumDetail,
  eduLevelDetail,
  gradeLevelDetail,
  subjectDetail,
  topicDetail,
} from './catalogue-service';

export const NAME_MAX = 100;
const ACRONYM_MAX = 20;
const COLOR = /^#[0-9a-f]{6}$/i;

/** What a store or update body carries (snake_case on the wire); absent parents are null. */
export type CatalogueInput = {
  name: string;
  acronym?: string;
  color?: string;
  curriculumId?: number | null;
  eduLevelId?: number | null;
  subjectId?: number | null;
  gradeLevelId?: number | null;
  topicId?: number | null;
};

type Table =
  | typeof curricula
  | typeof educationLevels
  | typeof gradeLevels
  | typeof subjects
  | typeof topics
  | typeof subtopics;

/** A row's parent-independent columns; every catalogue table has them. */
type Row = { id: number; name: string; slug: string };

type Plan = {
  /** The slug before the name's part, e.g. `cbc-` for a CBC education level. */
  slugPrefix: string;
  /** Rows whose names must differ from this one's (same parent). */
  scope: SQL | undefined;
  /** Columns to write besides name and slug. */
  values: Record<string, unknown>;
};

type Kind = {
  label: string;
  /** For "This {name} already exists." */
  noun: string;
  table: Table;
  /** Checks the body against the current row (null when storing); errors go into `errors`. */
  plan(tx: Transaction, input: CatalogueInput, current: Row | null, errors: FieldErrors): Promise<Plan>;
  /** Whether anything refers to the row. */
  inUse(tx: Transaction, id: number): Promise<boolean>;
  /** The answer's `data`. */
  detail(db: Database, id: number): Promise<unknown>;
};

export const slugOf = (value: string) =>
  value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const required = () => [t('validation.required')];
const invalid = () => [t('validation.choice')];

/** Any row of `table` where `where` holds: one query that stops at the first. */
async function any(tx: Transaction, table: PgTable, where: SQL) {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(1);
  return Boolean(row);
}

async function anyOf(checks: Array<Promise<boolean>>) {
  return (await Promise.all(checks)).some(Boolean);
}

/** The parent row by id, or a 422 on the field: required when storing, kept when updating without it. */
async function parent<T extends { id: number; slug: string }>(
  tx: Transaction,
  field: string,
  wanted: number | null | undefined,
  kept: number | null,
  load: (id: number) => Promise<T | undefined>,
  errors: FieldErrors,
): Promise<T | null> {
  const id = wanted ?? kept;
  if (id === null) {
    errors[field] = required();
    return null;
  }
  const row = await load(id);
  if (!row) errors[field] = invalid();
  return row ?? null;
}

const KINDS: Record<CatalogueKind, Kind> = {
  curricula: {
    label: 'Curriculum',
    noun: 'curriculum',
    table: curricula,
    async plan(tx, input, current, errors) {
      const [row] = current ? await tx.select().from(curricula).where(eq(curricula.id, current.id)) : [];
      const acronym = input.acronym || row?.acronym || '';
      if (!acronym) errors.acronym = required();
      else if (acronym.length > ACRONYM_MAX)
        errors.acronym = [t('validation.maxLength', { max: ACRONYM_MAX })];
      return { slugPrefix: '', scope: undefined, values: { acronym } };
    },
    inUse: (tx, id) =>
      anyOf([
        any(tx, educationLevels, eq(educationLevels.curriculumId, id)),
        any(tx, programs, eq(programs.curriculumId, id)),
        any(tx, terms, eq(terms.curriculumId, id)),
        any(tx, classes, eq(classes.curriculumId, id)),
        any(tx, students, eq(students.curriculumId, id)),
        any(tx, teachers, eq(teachers.curriculumId, id)),
      ]),
    detail: (db, id) => curriculumDetail(db, String(id)),
  },
  'edu-levels': {
    label: 'Education level',
    noun: 'education level',
    table: educationLevels,
    async plan(tx, input, current, errors) {
      const [row] = current
        ? await tx.select().from(educationLevels).where(eq(educationLevels.id, current.id))
        : [];
      const curriculum = await parent(
        tx,
        'curriculum_id',
        input.curriculumId,
        row?.curriculumId ?? null,
        async (id) => (await tx.select().from(curricula).where(eq(curricula.id, id)))[0],
        errors,
      );
      return {
        slugPrefix: curriculum ? `${curriculum.slug}-` : '',
        scope: curriculum ? eq(educationLevels.curriculumId, curriculum.id) : undefined,
        values: curriculum ? { curriculumId: curriculum.id } : {},
      };
    },
    inUse: (tx, id) =>
      anyOf([
        any(tx, gradeLevels, eq(gradeLevels.eduLevelId, id)),
        any(tx, students, eq(students.eduLevelId, id)),
        any(tx, teachers, eq(teachers.eduLevelId, id)),
      ]),
    detail: (db, id) => eduLevelDetail(db, String(id)),
  },
  'grade-levels': {
    label: 'Grade level',
    noun: 'grade level',
    table: gradeLevels,
    async plan(tx, input, current, errors) {
      const [row] = current ? await tx.select().from(gradeLevels).where(eq(gradeLevels.id, current.id)) : [];
      // Grade slugs name the curriculum (`cbc-grade-9`), as the seed's do.
      const level = await parent(
        tx,
        'edu_level_id',
        input.eduLevelId,
        row?.eduLevelId ?? null,
        async (id) =>
          (
            await tx
              .select({ id: educationLevels.id, slug: curricula.slug })
              .from(educationLevels)
              .innerJoin(curricula, eq(curricula.id, educationLevels.curriculumId))
              .where(eq(educationLevels.id, id))
          )[0],
        errors,
      );
      return {
        slugPrefix: level ? `${level.slug}-` : '',
        scope: level ? eq(gradeLevels.eduLevelId, level.id) : undefined,
        values: level ? { eduLevelId: level.id } : {},
      };
    },
    inUse: (tx, id) =>
      anyOf([
        any(tx, gradeLevelSubjects, eq(gradeLevelSubjects.gradeLevelId, id)),
        any(tx, gradeSubjectTopics, eq(gradeSubjectTopics.gradeLevelId, id)),
        any(tx, topics, eq(topics.gradeLevelId, id)),
        any(tx, programs, eq(programs.gradeLevelId, id)),
        any(tx, classes, eq(classes.gradeLevelId, id)),
        any(tx, students, eq(students.gradeLevelId, id)),
        any(tx, questions, eq(questions.gradeLevelId, id)),
      ]),
    detail: (db, id) => gradeLevelDetail(db, String(id)),
  },
  subjects: {
    label: 'Subject',
    noun: 'subject',
    table: subjects,
    async plan(tx, input, current, errors) {
      const [row] = current ? await tx.select().from(subjects).where(eq(subjects.id, current.id)) : [];
      const color = input.color || row?.color || '';
      if (!color) errors.color = required();
      else if (!COLOR.test(color)) errors.color = [t('admin.colorFormat')];
      return { slugPrefix: '', scope: undefined, values: { color: color.toUpperCase() } };
    },
    inUse: (tx, id) =>
      anyOf([
        any(tx, topics, eq(topics.subjectId, id)),
        any(tx, gradeLevelSubjects, eq(gradeLevelSubjects.subjectId, id)),
        any(tx, teacherSubjects, eq(teacherSubjects.subjectId, id)),
        any(tx, classes, eq(classes.subjectId, id)),
        any(tx, programs, eq(programs.subjectId, id)),
        any(tx, questions, eq(questions.subjectId, id)),
      ]),
    detail: (db, id) => subjectDetail(db, String(id)),
  },
  topics: {
    label: 'Topic',
    noun: 'topic',
    table: topics,
    async plan(tx, input, current, errors) {
      const [row] = current ? await tx.select().from(topics).where(eq(topics.id, current.id)) : [];
      const subject = await parent(
        tx,
        'subject_id',
        input.subjectId,
        row?.subjectId ?? null,
        async (id) => (await tx.select().from(subjects).where(eq(subjects.id, id)))[0],
        errors,
      );
      // A topic may belong to no grade: the body's grade_level_id is taken as sent (null = none).
      const gradeLevelId = input.gradeLevelId ?? null;
      const [grade] =
        gradeLevelId === null
          ? []
          : await tx.select().from(gradeLevels).where(eq(gradeLevels.id, gradeLevelId));
      if (gradeLevelId !== null && !grade) errors.grade_level_id = invalid();
      return {
        slugPrefix: subject ? `${grade?.slug ?? 'general'}-${subject.slug}-` : '',
        scope: subject
          ? and(
              eq(topics.subjectId, subject.id),
              grade ? eq(topics.gradeLevelId, grade.id) : sql`${topics.gradeLevelId} is null`,
            )
          : undefined,
        values: subject ? { subjectId: subject.id, gradeLevelId: grade?.id ?? null } : {},
      };
    },
    inUse: (tx, id) =>
      anyOf([any(tx, subtopics, eq(subtopics.topicId, id)), any(tx, lessons, eq(lessons.topicId, id))]),
    detail: (db, id) => topicDetail(db, String(id)),
  },
  subtopics: {
    label: 'Subtopic',
    noun: 'subtopic',
    table: subtopics,
    async plan(tx, input, current, errors) {
      const [row] = current ? await tx.select().from(subtopics).where(eq(subtopics.id, current.id)) : [];
      const topic = await parent(
        tx,
        'topic_id',
        input.topicId,
        row?.topicId ?? null,
        async (id) => (await tx.select().from(topics).where(eq(topics.id, id)))[0],
        errors,
      );
      return {
        slugPrefix: topic ? `${topic.slug}-` : '',
        scope: topic ? eq(subtopics.topicId, topic.id) : undefined,
        values: topic ? { topicId: topic.id } : {},
      };
    },
    // Nothing refers to a subtopic.
    inUse: async () => false,
    detail: async (db, id) => {
      const [row] = await db
        .select({ subtopic: subtopics, topic: { id: topics.id, name: topics.name, slug: topics.slug } })
        .from(subtopics)
        .innerJoin(topics, eq(topics.id, subtopics.topicId))
        .where(eq(subtopics.id, id));
      if (!row) throw notFound();
      return { id: row.subtopic.id, name: row.subtopic.name, slug: row.subtopic.slug, topic: row.topic };
    },
  },
};

export const catalogueLabel = (kind: CatalogueKind) => KINDS[kind].label;

/**
 * Catalogue writes of one kind run one at a time (a transaction-scoped advisory lock): the name check
 * and the free slug stay true until the row is written.
 */
async function serialise(tx: Transaction, kind: CatalogueKind) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`catalogue:${kind}`}))`);
}

/** `base`, else `base-2`, `base-3` … : the first slug no other row of the table has. */
async function freeSlug(tx: Transaction, table: Table, base: string, ownId: number | null) {
  const rows = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        sql`(${table.slug} = ${base} or ${table.slug} like ${`${base.replace(/[\\%_]/g, '\\$&')}-%`})`,
        ownId === null ? undefined : ne(table.id, ownId),
      ),
    );
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
}

async function nameTaken(
  tx: Transaction,
  table: Table,
  name: string,
  scope: SQL | undefined,
  ownId: number | null,
) {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(
      and(
        sql`lower(${table.name}) = lower(${name})`,
        scope,
        ownId === null ? undefined : ne(table.id, ownId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

function nameErrors(name: string): FieldErrors {
  if (!name) return { name: required() };
  if (name.length > NAME_MAX) return { name: [t('validation.maxLength', { max: NAME_MAX })] };
  return {};
}

/** Writes the row (a new one when `id` is null) and answers its detail. */
async function save(db: Database, kind: CatalogueKind, id: number | null, input: CatalogueInput) {
  const spec = KINDS[kind];
  const { table } = spec;
  const savedId = await db.transaction(async (tx) => {
    await serialise(tx, kind);
    const [current] =
      id === null
        ? [null]
        : await tx
            .select({ id: table.id, name: table.name, slug: table.slug })
            .from(table)
            .where(eq(table.id, id));
    if (current === undefined) throw notFound();
    const errors = nameErrors(input.name);
    const plan = await spec.plan(tx, input, current, errors);
    throwIfInvalid(errors);
    if (await nameTaken(tx, table, input.name, plan.scope, id))
      throwIfInvalid({ name: [t('validation.taken', { name: spec.noun })] });
    // The slug follows the name; a rename keeps links working when neither name nor parent changed.
    const base = `${plan.slugPrefix}${slugOf(input.name) || spec.noun.replace(/ /g, '-')}`;
    const suffix = current?.slug.startsWith(`${base}-`) ? current.slug.slice(base.length + 1) : null;
    const keep = current && (current.slug === base || (suffix !== null && /^\d+$/.test(suffix)));
    const slug = keep ? current.slug : await freeSlug(tx, table, base, id);
    const values = { ...plan.values, name: input.name, slug, updatedAt: new Date() };
    const written =
      id === null
        ? await tx
            .insert(table)
            .values(values as never)
            .returning({ id: table.id })
        : await tx.update(table).set(values).where(eq(table.id, id)).returning({ id: table.id });
    const savedRow = written[0];
    if (!savedRow) throw notFound();
    if (kind === 'topics') await linkTopic(tx, savedRow.id);
    return savedRow.id;
  });
  return spec.detail(db, savedId);
}

/** A topic with a grade is listed under its subject in that grade (`grade_subject_topics`). */
async function linkTopic(tx: Transaction, topicId: number) {
  const [topic] = await tx.select().from(topics).where(eq(topics.id, topicId));
  if (!topic) return;
  await tx.delete(gradeSubjectTopics).where(eq(gradeSubjectTopics.topicId, topicId));
  if (topic.gradeLevelId !== null)
    await tx
      .insert(gradeSubjectTopics)
      .values({ gradeLevelId: topic.gradeLevelId, subjectId: topic.subjectId, topicId })
      .onConflictDoNothing();
}

export const storeItem = (db: Database, kind: CatalogueKind, input: CatalogueInput) =>
  save(db, kind, null, input);

export const updateItem = (db: Database, kind: CatalogueKind, id: number, input: CatalogueInput) =>
  save(db, kind, id, input);

/**
 * Deletes a row nothing refers to. The row is locked first: a concurrent insert that would refer to
 * it waits for this transaction (its foreign key check), and one that came first is seen.
 */
export async function deleteItem(db: Database, kind: CatalogueKind, id: number): Promise<void> {
  const spec = KINDS[kind];
  const { table } = spec;
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: table.id, name: table.name })
      .from(table)
      .where(eq(table.id, id))
      .for('update');
    if (!row) throw notFound();
    if (await spec.inUse(tx, id)) throw new HttpError(409, t('messages.deleteFailed', { name: row.name }));
    // A topic's own grade link is part of the topic, not a use of it.
    if (kind === 'topics') await tx.delete(gradeSubjectTopics).where(eq(gradeSubjectTopics.topicId, id));
    await tx.delete(table).where(eq(table.id, id));
  });
}
