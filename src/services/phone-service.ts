// Verified phones and notification choices (issue 26, docs/messaging.md "Phones and choices"): one
// call each, every answer decoded. The code itself never comes back: it goes by SMS.
import type { UserAnswer } from './auth-service';
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeNotificationChoices, type NotificationChoices } from './schemas/notification-settings';
import { decodeUser } from './schemas/user';
import { t } from '@/shared/messages';
import type { NotificationSettings } from '@/shared/notification-channels';
import { displayPhone } from '@/shared/validation';

/** `POST /api/user/phone/verify/send`: a 6-digit code by SMS to `phone`; the answer says where. */
export async function sendPhoneCode(phone: string): Promise<{ message: string }> {
  const answer = await request('/api/user/phone/verify/send', { method: 'POST', body: { phone } });
  return { message: messageOf(answer, t('phone.codeSent', { phone: displayPhone(phone) })) };
}

/** `POST /api/user/phone/verify`: the user with the number verified. */
export async function verifyPhone(phone: string, code: string): Promise<UserAnswer> {
  const answer = await request('/api/user/phone/verify', { method: 'POST', body: { phone, code } });
  return { message: messageOf(answer, t('phone.verified')), user: decodeUser(dataOf(answer)) };
}

export async function fetchNotificationChoices(): Promise<NotificationChoices> {
  return decodeNotificationChoices(dataOf(await request('/api/user/notification-settings')));
}

export async function saveNotificationChoices(
  settings: NotificationSettings,
): Promise<{ message: string; choices: NotificationChoices }> {
  const answer = await request('/api/user/notification-settings', { method: 'POST', body: { settings } });
  return {
    message: messageOf(answer, t('phone.settingsSaved')),
    choices: decodeNotificationChoices(dataOf(answer)),
  };
}
