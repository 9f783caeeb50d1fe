// Footer newsletter sign-up: the same 200 for a new and a repeated address (docs/catalogue-api.md).
import { request } from './http';
import { messageOf } from './envelope';
import { ensureSession } from './lesson-service';
import { t } from '@/shared/messages';

export async function subscribeToNewsletter(email: string): Promise<{ message: string }> {
  await ensureSession();
  const answer = await request('/api/web/newsletter', { method: 'POST', body: { email: email.trim() } });
  return { message: messageOf(answer, t('newsletter.subscribed')) };
}
