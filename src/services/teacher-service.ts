// Public teachers: approved ones only, never private fields (docs/catalogue-api.md).
import { TEACHER_LIST_KEYS } from '@/shared/teachers';
import { request } from './http';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeTeacher, type Teacher } from './schemas/web';

export async function fetchTeachers(query: ListQuery = {}): Promise<ListPage<Teacher>> {
  const answer = await request('/api/web/teachers', { query: pick(query, TEACHER_LIST_KEYS) });
  return decodePage(answer, decodeTeacher);
}
