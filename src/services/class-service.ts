// Public classes and the options of their filters (docs/catalogue-api.md).
import { CLASS_FILTER_KEYS } from '@/shared/routes';
import { isMissingAnswer } from '@/shared/boot-data';
import { initialAnswer, initialDecoded, isApiError, request } from './http';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import {
  decodeClass,
  decodeClassDetail,
  decodeClassFilters,
  type ClassDetail,
  type ClassFilters,
  type LessonClass,
} from './schemas/web';

const classListQuery = (query: ListQuery) => pick(query, [...CLASS_FILTER_KEYS, 'page', 'per_page']);

export async function fetchClasses(query: ListQuery = {}): Promise<ListPage<LessonClass>> {
  const answer = await request('/api/web/classes', { query: classListQuery(query) });
  return decodePage(answer, decodeClass);
}

/** The classes page the page's HTML carries for this query, if any (src/services/http.ts `initialAnswer`). */
export function initialClasses(query: ListQuery = {}): ListPage<LessonClass> | undefined {
  return initialDecoded('/api/web/classes', classListQuery(query), (answer) =>
    decodePage(answer, decodeClass),
  );
}

export async function fetchClassFilters(): Promise<ClassFilters> {
  return decodeClassFilters(dataOf(await request('/api/web/filters')));
}

/** A public class with its lessons, or `found: false` when no approved class has this id (404). */
export type PublicClassLookup = { found: true; lessonClass: ClassDetail } | { found: false };

const publicClassPath = (id: string) => `/api/web/classes/${encodeURIComponent(id)}`;

export async function fetchPublicClass(id: string): Promise<PublicClassLookup> {
  try {
    return { found: true, lessonClass: decodeClassDetail(dataOf(await request(publicClassPath(id)))) };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return { found: false };
    throw error;
  }
}

/** The class the page's HTML carries, if any (src/services/http.ts `initialAnswer`). */
export function initialPublicClass(id: string): PublicClassLookup | undefined {
  const path = publicClassPath(id);
  if (isMissingAnswer(initialAnswer(path))) return { found: false };
  const lessonClass = initialDecoded(path, undefined, (answer) => decodeClassDetail(dataOf(answer)));
  return lessonClass === undefined ? undefined : { found: true, lessonClass };
}
