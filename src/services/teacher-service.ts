// Public teachers: approved ones only, never private fields (docs/catalogue-api.md).
import { request } from './http';
import { dataOf } from './envelope';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeTeacher, decodeTeacherProfile, type Teacher, type TeacherProfile } from './schemas/web';

export async function fetchTeachers(query: ListQuery = {}): Promise<ListPage<Teacher>> {
  const answer = await request('/api/web/teachers', { query: pick(query, ['q', 'subject', 'curriculum', 'page', 'per_page']) });
  return decodePage(answer, decodeTeacher);
}

export async function fetchTeacher(id: number | string): Promise<TeacherProfile> {
  return decodeTeacherProfile(dataOf(await request(`/api/web/teachers/${encodeURIComponent(String(id))}`)));
}
