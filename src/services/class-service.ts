// Public classes and the options of their filters (docs/catalogue-api.md).
import { CLASS_FILTER_KEYS } from '@/shared/routes';
import { request } from './http';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeClass, decodeClassFilters, type ClassFilters, type LessonClass } from './schemas/web';


export async function fetchClasses(query: ListQuery = {}): Promise<ListPage<LessonClass>> {
  const answer = await request('/api/web/classes', { query: pick(query, [...CLASS_FILTER_KEYS, 'page', 'per_page']) });
  return decodePage(answer, decodeClass);
}

export async function fetchClassFilters(): Promise<ClassFilters> {
  return decodeClassFilters(dataOf(await request('/api/web/filters')));
}
