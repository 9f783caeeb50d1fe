// A parent's children after profile completion (docs/learning-workspace.md), one function per call.
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import type { ChildValues } from './profile-service';
import { decodeParent, decodeStudent, type Student } from './schemas/user';
import { t } from '@/shared/messages';

export type ChildAnswer = { message: string; child: Student };

export async function fetchChildrenProfile(): Promise<Student[]> {
  return decodeParent(dataOf(await request('/api/parent/profile-data'))).students;
}

/** Adds a child (`id` null) or changes one of the parent's own children. */
export async function saveChild(id: number | null, values: ChildValues): Promise<ChildAnswer> {
  const answer = await request(id === null ? '/api/student/store' : `/api/student/update/${id}`, {
    method: 'POST',
    body: values,
  });
  return {
    message: messageOf(answer, t(id === null ? 'messages.created' : 'messages.updated', { name: 'Child' })),
    child: decodeStudent(dataOf(answer)),
  };
}

export async function deleteChild(id: number): Promise<{ message: string }> {
  const answer = await request(`/api/student/delete/${id}`, { method: 'DELETE' });
  return { message: messageOf(answer, t('messages.deleted', { name: 'Child' })) };
}
