import { initialDecoded, request } from './http';
import { pick, type ListPage, type ListQuery } from './schemas/page';
import { decodeActivityPage, type Activity } from './schemas/activity';

/** `GET /api/activities?page=`: the signed-in user's activities, newest first. */
export async function fetchActivities(query: ListQuery = {}): Promise<ListPage<Activity>> {
  return decodeActivityPage(await request('/api/activities', { query: pick(query, ['page']) }));
}

/** The feed page a signed-in page's HTML carries for this query, if any (signedin, issue 27). */
export function initialActivities(query: ListQuery = {}): ListPage<Activity> | undefined {
  return initialDecoded('/api/activities', pick(query, ['page']), decodeActivityPage);
}
