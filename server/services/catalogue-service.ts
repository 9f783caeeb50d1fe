// Read side of the curriculum catalogue that the profile forms need.
import { asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { curricula, educationLevels, gradeLevels, subjects } from '../db/schema';
import type { CurriculumTree } from '../resources/catalogue-resource';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';

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
