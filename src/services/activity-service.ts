import { request } from './http';
import { pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeActivityPage, type Activity } from './schemas/activity';

/** `GET /api/activities?page=`: the signed-in user's activities, newest first. */
export async function fetchActivities(query: ListQuery = {}): Promise<ListPage<Activity>> {
  return decodeActivityPage(await request('/api/activities', { query: pick(query, ['page']) }));
}
