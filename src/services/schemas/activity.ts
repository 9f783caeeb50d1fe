// An activity of the feed (`GET /api/activities`, docs/learning-workspace.md): `{id, type, text, url, created_at}`.
import { coerce, number, string, type, type Infer } from 'superstruct';
import { decodeWith, maybe, oneOf } from './common';
import { decodePage, type ListPage } from './page';
import { NotificationStruct } from './notification';

import { ACTIVITY_TYPES } from '@/shared/activities';

export { ACTIVITY_TYPES };
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ActivityStruct = type({
  id: coerce(string(), number(), (value) => String(value)),
  /** An unknown type reads as null (shown with a neutral icon). */
  type: oneOf(ACTIVITY_TYPES),
  text: string(),
  url: maybe(string()),
  createdAt: NotificationStruct.schema.createdAt,
});
export type Activity = Infer<typeof ActivityStruct>;

export const decodeActivity = (raw: unknown): Activity => decodeWith(ActivityStruct, raw);
export const decodeActivityPage = (raw: unknown): ListPage<Activity> => decodePage(raw, decodeActivity);
