// Minimal catalogue items, as the profile forms need them (fuller in the catalogue issue).
import { array, coerce, defaulted, number, string, type, type Infer } from 'superstruct';
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

// Catalogue pages (issue 4, docs/catalogue-api.md "Catalogue"). The shapes above stay as the
// profile forms read them; these add what the curricula, grade-level and subject pages show.
const count = defaulted(
  coerce(number(), string(), (value) => Number(value)),
  0,
);

export const SubjectRefStruct = type({ id, name: string(), slug: maybe(string()), color: maybe(string()) });
export type SubjectRef = Infer<typeof SubjectRefStruct>;

export const CurriculumRefStruct = type({
  id,
  name: string(),
  acronym: maybe(string()),
  slug: maybe(string()),
});
export type CurriculumRef = Infer<typeof CurriculumRefStruct>;

const NamedRef = type({ id, name: string(), slug: maybe(string()) });

export const GradeLevelRefStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  eduLevel: maybe(
    type({ id, name: string(), slug: maybe(string()), curriculum: maybe(CurriculumRefStruct) }),
  ),
});
export type GradeLevelRef = Infer<typeof GradeLevelRefStruct>;

export const CurriculumSummaryStruct = type({
  id,
  name: string(),
  acronym: maybe(string()),
  slug: maybe(string()),
  eduLevelCount: count,
  subjectsCount: count,
});
export type CurriculumSummary = Infer<typeof CurriculumSummaryStruct>;

const GradeLevelRowStruct = type({ id, name: string(), slug: maybe(string()), subjectsCount: count });
export type GradeLevelRow = Infer<typeof GradeLevelRowStruct>;

export const CurriculumDetailStruct = type({
  id,
  name: string(),
  acronym: maybe(string()),
  slug: maybe(string()),
  eduLevelCount: count,
  eduLevels: defaulted(
    array(
      type({
        id,
        name: string(),
        slug: maybe(string()),
        gradeLevels: defaulted(array(GradeLevelRowStruct), []),
      }),
    ),
    [],
  ),
  subjects: defaulted(array(SubjectRefStruct), []),
});
export type CurriculumDetail = Infer<typeof CurriculumDetailStruct>;

export const GradeLevelSummaryStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  subjectsCount: count,
  eduLevel: maybe(
    type({ id, name: string(), slug: maybe(string()), curriculum: maybe(CurriculumRefStruct) }),
  ),
});
export type GradeLevelSummary = Infer<typeof GradeLevelSummaryStruct>;

const TopicRowStruct = type({ id, name: string(), slug: maybe(string()), lessonsCount: count });
export type TopicRow = Infer<typeof TopicRowStruct>;

export const GradeLevelDetailStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  subjectsCount: count,
  eduLevel: maybe(
    type({ id, name: string(), slug: maybe(string()), curriculum: maybe(CurriculumRefStruct) }),
  ),
  subjects: defaulted(
    array(
      type({
        id,
        name: string(),
        slug: maybe(string()),
        color: maybe(string()),
        topics: defaulted(array(TopicRowStruct), []),
      }),
    ),
    [],
  ),
});
export type GradeLevelDetail = Infer<typeof GradeLevelDetailStruct>;

export const SubjectSummaryStruct = type({
  id,
  name: string(),
  slug: maybe(string()),
  color: maybe(string()),
  category: maybe(NamedRef),
  topicsCount: count,
});
export type SubjectSummary = Infer<typeof SubjectSummaryStruct>;

export const decodeCurriculumSummary = (raw: unknown): CurriculumSummary =>
  decodeWith(CurriculumSummaryStruct, raw);
export const decodeCurriculumDetail = (raw: unknown): CurriculumDetail =>
  decodeWith(CurriculumDetailStruct, raw);
export const decodeGradeLevelSummary = (raw: unknown): GradeLevelSummary =>
  decodeWith(GradeLevelSummaryStruct, raw);
export const decodeGradeLevelDetail = (raw: unknown): GradeLevelDetail =>
  decodeWith(GradeLevelDetailStruct, raw);
export const decodeSubjectSummary = (raw: unknown): SubjectSummary => decodeWith(SubjectSummaryStruct, raw);
export { NamedRef as NamedRefStruct, TopicRowStruct, count as countStruct };
