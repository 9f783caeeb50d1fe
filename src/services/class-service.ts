// Public classes and the options of their filters (docs/catalogue-api.md).
import { CLASS_FILTER_KEYS } from '@/shared/routes';
import { initialDecoded, request } from './http';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeClass, decodeClassFilters, type ClassFilters, type LessonClass } from './schemas/web';


const classListQuery = (query: ListQuery) => pick(query, [...CLASS_FILTER_KEYS, 'page', 'per_page']);

export async function fetchClasses(query: ListQuery = {}): Promise<ListPage<LessonClass>> {
  const answer = await request('/api/web/classes', { query: classListQuery(query) });
  return decodePage(answer, decodeClass);
}

/** The classes page the page's HTML carries for this query, if any (src/services/http.ts `initialAnswer`). */
export function initialClasses(query: ListQuery = {}): ListPage<LessonClass> | undefined {
  return initialDecoded('/api/web/classes', classListQuery(query), (answer) => decodePage(answer, decodeClass));
}

export async function fetchClassFilters(): Promise<ClassFilters> {
  return decodeClassFilters(dataOf(await request('/api/web/filters')));
}
