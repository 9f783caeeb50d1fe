import type { curricula, educationLevels, gradeLevels, subjects } from '../db/schema';

type Curriculum = typeof curricula.$inferSelect;
type EducationLevel = typeof educationLevels.$inferSelect;
type GradeLevel = typeof gradeLevels.$inferSelect;
type Subject = typeof subjects.$inferSelect;

export const curriculumSummary = (row: Curriculum) => ({
  id: row.id,
  name: row.name,
  acronym: row.acronym,
  slug: row.slug,
});

export const eduLevelSummary = (row: EducationLevel) => ({ id: row.id, name: row.name, slug: row.slug });

export const gradeLevelSummary = (row: GradeLevel) => ({ id: row.id, name: row.name, slug: row.slug });

export const subjectResource = (row: Pick<Subject, 'id' | 'name' | 'slug' | 'color'>) => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  color: row.color,
});

export type CurriculumTree = Curriculum & {
  eduLevels: Array<EducationLevel & { gradeLevels: GradeLevel[] }>;
};

/** The nested choice list the profile forms use (curriculum → education level → grade level). */
export const curriculumTreeResource = (tree: CurriculumTree) => ({
  ...curriculumSummary(tree),
  edu_levels: tree.eduLevels.map((level) => ({
    ...eduLevelSummary(level),
    grade_levels: level.gradeLevels.map(gradeLevelSummary),
  })),
});

export const curriculumListItem = (row: Curriculum, eduLevelCount: number) => ({
  ...curriculumSummary(row),
  edu_level_count: eduLevelCount,
});
