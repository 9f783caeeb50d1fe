// Rules of the catalogue that the SPA and the server share: which grade levels belong to a
// curriculum, which topics and programmes to a subject and grade, and what a filtered list applies.

/** What the site search finds (docs/catalogue-api.md "Search result"); the search's own rules are in search.ts. */
export const SEARCH_KINDS = ['lesson', 'class', 'teacher', 'question', 'subject'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** An id as a form or a URL holds it (a number, its digits, or nothing chosen). */
type ChosenId = number | string | null | undefined;

const isChosen = (id: number, chosen: ChosenId) =>
  chosen !== null && chosen !== undefined && chosen !== '' && String(id) === String(chosen);

/** The item a URL names by its slug or its id (`?curriculum=cbc` or `?curriculum=3`). */
export function bySlugOrId<T extends { id: number; slug: string | null }>(
  items: readonly T[],
  value: string | null | undefined,
): T | undefined {
  if (!value) return undefined;
  return items.find((item) => item.slug === value || String(item.id) === value);
}

/** A grade level belongs to a curriculum when its education level does; one that names none fits every curriculum. */
export function isGradeOfCurriculum(grade: { curriculumId: number | null }, curriculumId: ChosenId): boolean {
  return grade.curriculumId === null || isChosen(grade.curriculumId, curriculumId);
}

/**
 * The grade levels to offer under a curriculum filter: those of the chosen curriculum, or every
 * grade while none is chosen (the class and lesson filters).
 */
export function gradeLevelsOfCurriculum<T extends { curriculumId: number | null }>(
  grades: readonly T[],
  curriculumId: ChosenId,
): T[] {
  if (curriculumId === null || curriculumId === undefined || curriculumId === '') return [...grades];
  return grades.filter((grade) => isGradeOfCurriculum(grade, curriculumId));
}

/**
 * A topic or programme belongs to a subject and a grade when it names that subject (or none) and
 * that grade (or none): what a teacher may pick for a lesson, and what the API accepts.
 */
export function fitsSubjectAndGrade(
  item: { subjectId: number | null; gradeLevelId: number | null },
  subjectId: ChosenId,
  gradeLevelId: ChosenId,
): boolean {
  return (
    (item.subjectId === null || isChosen(item.subjectId, subjectId)) &&
    (item.gradeLevelId === null || isChosen(item.gradeLevelId, gradeLevelId))
  );
}

/** The topics (or programmes) of a subject and grade, in their order. */
export function ofSubjectAndGrade<T extends { subjectId: number | null; gradeLevelId: number | null }>(
  items: readonly T[],
  subjectId: ChosenId,
  gradeLevelId: ChosenId,
): T[] {
  return items.filter((item) => fitsSubjectAndGrade(item, subjectId, gradeLevelId));
}

/** How many filters a list's query applies: every key but its page and page size. */
export function activeFilterCount(query: Readonly<Record<string, string | undefined>>): number {
  return Object.keys(query).filter((key) => key !== 'page' && key !== 'per_page' && query[key]).length;
}

/** The public classes of a subject: `/classes?subject=` its slug (else its id). */
export function subjectClassesPath(subject: { id: number; slug: string | null }): string {
  return `/classes?subject=${encodeURIComponent(subject.slug ?? String(subject.id))}`;
}

/**
 * A teacher's public profile, `/teachers/3/grace-mwangi` (issue 25): the slug (the name in lower
 * case, dashes between words) is for people; the id finds the teacher.
 */
export const teacherPath = (id: number, name: string) =>
  `/teachers/${id}/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/** A lesson's public page (the learner's and the visitor's view of one lesson, by its code). */
export function lessonPath(code: string): string {
  return `/lessons/view/${encodeURIComponent(code)}`;
}

/** A class's public page (classpage, issue 24): what the public class cards and search results open. */
export function classViewPath(id: number | string): string {
  return `/classes/view/${encodeURIComponent(String(id))}`;
}
