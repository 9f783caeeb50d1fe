// POST /api/user/photo: multipart field `photo`; the answer is the user with its new photo URL.
import type { UserAnswer } from './auth-service';
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeUser } from './schemas/user';
import { t } from '@/shared/messages';

export async function uploadPhoto(file: File): Promise<UserAnswer> {
  const form = new FormData();
  form.append('photo', file, file.name);
  const answer = await request('/api/user/photo', { method: 'POST', body: form });
  return { message: messageOf(answer, t('photo.updated')), user: decodeUser(dataOf(answer)) };
}
