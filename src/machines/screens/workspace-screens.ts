// The workspace's own lists: the activity feed (the workspace home), every notification, and the
// learner's plans on the wallet page (src/views/pages/workspace/*, src/views/components/profile/*).
import { listLoader, type ListQuery, type Loaded } from '@/machines/load-machine';
import { fetchActivities, initialActivities } from '@/services/activity-service';
import { fetchNotificationPage } from '@/services/notification-service';
import type { Activity } from '@/services/schemas/activity';
import type { Notification } from '@/services/schemas/notification';
import type { Plan } from '@/services/schemas/plan';
import { fetchPlans } from '@/services/subscription-service';

export const activityFeedLoader = listLoader<Activity>((query) => fetchActivities(query));

/** The feed page the page's HTML carries for this query (signedin, issue 27): shown with no call. */
export function initialActivityFeed(query: ListQuery): Loaded | undefined {
  const page = initialActivities(query);
  return page && { kind: 'list', items: page.items, meta: page.meta };
}

/** Only the page: the unread count of each answer is the bell's business (the notifications machine). */
export const notificationsLoader = listLoader<Notification>(({ page }) =>
  fetchNotificationPage({ page: page ?? '1' }),
);

export const plansLoader = listLoader<Plan>(() => fetchPlans());
