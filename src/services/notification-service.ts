import { request } from './http';
import { listOf } from './envelope';
import { decodeNotification, type Notification } from './schemas/notification';

export async function fetchNotifications(): Promise<Notification[]> {
  return listOf(await request('/api/notifications')).map(decodeNotification);
}
