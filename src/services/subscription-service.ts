// The learner's own plans (GET /api/subscriptions).
import { request } from './http';
import { decodePage, type ListPage } from './schemas/page';
import { decodePlan, type Plan } from './schemas/plan';

export async function fetchPlans(): Promise<ListPage<Plan>> {
  return decodePage(await request('/api/subscriptions'), decodePlan);
}
