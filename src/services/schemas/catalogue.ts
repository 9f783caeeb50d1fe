// Minimal catalogue items, as the profile forms need them (fuller in the catalogue issue).
import { array, defaulted, string, type, type Infer } from 'superstruct';
import { decodeWith, id, maybe } from './common';

export const GradeLevelStruct = type({ id, name: string(), slug: maybe(string()) });
export type GradeLevel = Infer<typeof GradeLevelStruct>;

export const EducationLevelStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  gradeLevels: defaulted(array(GradeLevelStruct), []),
});
export type EducationLevel = Infer<typeof EducationLevelStruct>;

export const CurriculumStruct = type({
  id,
  name: string(),
  acronym: maybe(string()),
  slug: maybe(string()),
  eduLevelCount: maybe(id),
  eduLevels: defaulted(array(EducationLevelStruct), []),
});
export type Curriculum = Infer<typeof CurriculumStruct>;

export const SubjectStruct = type({ id, name: string(), slug: maybe(string()), color: maybe(string()) });
export type Subject = Infer<typeof SubjectStruct>;

export const decodeGradeLevel = (raw: unknown): GradeLevel => decodeWith(GradeLevelStruct, raw);
export const decodeEducationLevel = (raw: unknown): EducationLevel => decodeWith(EducationLevelStruct, raw);
export const decodeCurriculum = (raw: unknown): Curriculum => decodeWith(CurriculumStruct, raw);
export const decodeSubject = (raw: unknown): Subject => decodeWith(SubjectStruct, raw);
