// Rules of the catalogue and its search that the SPA and the server share.

/** Fewer characters than this are not searched: the search page asks for more. */
export const SEARCH_MIN_LENGTH = 2;

export type SearchResultKind = 'lesson' | 'class' | 'teacher' | 'question' | 'subject';

/** Where a search result opens in the SPA (docs/catalogue-api.md "Search result"). */
export function searchResultPath(result: {
  kind: SearchResultKind;
  id: number;
  code?: string | null;
  slug?: string | null;
}): string {
  switch (result.kind) {
    case 'lesson':
      return result.code ? `/lessons/view/${encodeURIComponent(result.code)}` : '/search';
    case 'class':
      if (result.code) return `/lessons/view/${encodeURIComponent(result.code)}`;
      return result.slug ? `/classes?subject=${encodeURIComponent(result.slug)}` : '/classes';
    case 'teacher':
      return `/teachers?teacher=${result.id}`;
    case 'question':
      return `/questions/show/${result.id}`;
    case 'subject':
      return result.slug ? `/classes?subject=${encodeURIComponent(result.slug)}` : '/classes';
  }
}

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
