// The teacher's classes (docs/teaching-admin.md "Teacher endpoints"): the list by tab, one class with
// its lessons, and creating or editing a class (a new or edited class waits for approval).
import { dataOf, messageOf } from './envelope';
import { request } from './http';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeTeacherClass, type TeacherClass } from './schemas/teaching';
import { decodeTeacherClassDetail, type TeacherClassDetail } from './schemas/teaching-materials';
import { t } from '@/shared/messages';
import { TEACHER_CLASS_FILTERS } from '@/shared/teaching';
import type { ClassValues } from '@/shared/teaching-validation';

export type TeacherClassFilter = (typeof TEACHER_CLASS_FILTERS)[number];

export async function fetchTeacherClasses(query: ListQuery = {}): Promise<ListPage<TeacherClass>> {
  const answer = await request('/api/teacher/classes', { query: pick(query, ['filter', 'page', 'per_page']) });
  return decodePage(answer, decodeTeacherClass);
}

export async function fetchTeacherClass(id: string): Promise<TeacherClassDetail> {
  return decodeTeacherClassDetail(dataOf(await request(`/api/teacher/classes/show/${encodeURIComponent(id)}`)));
}

export type ClassAnswer = { message: string; lessonClass: TeacherClass };

/** `POST /api/teacher/classes/store`, or `…/update/{id}` for an existing class. */
export async function saveClass(id: number | null, values: ClassValues): Promise<ClassAnswer> {
  const body = {
    title: values.title.trim(),
    description: values.description.trim(),
    subjectId: values.subjectId === null ? null : Number(values.subjectId),
    gradeLevelId: values.gradeLevelId === null ? null : Number(values.gradeLevelId),
    curriculumId: values.curriculumId === null ? null : Number(values.curriculumId),
    type: values.type,
    frequency: values.frequency,
    price: values.price.trim() === '' ? null : Number(values.price),
    startsOn: values.startsOn,
    endsOn: values.endsOn,
  };
  const path = id === null ? '/api/teacher/classes/store' : `/api/teacher/classes/update/${id}`;
  const answer = await request(path, { method: 'POST', body });
  return {
    message: messageOf(answer, t(id === null ? 'messages.created' : 'messages.updated', { name: 'Class' })),
    lessonClass: decodeTeacherClass(dataOf(answer)),
  };
}
