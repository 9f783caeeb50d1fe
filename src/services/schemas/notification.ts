import {
  coerce,
  date,
  defaulted,
  nullable,
  number,
  record,
  string,
  type,
  union,
  unknown,
  type Infer,
} from 'superstruct';
import { decodeWith } from './common';

/** ISO instant → Date; missing or unreadable → null. */
const instant = defaulted(
  coerce(nullable(date()), union([string(), number()]), (value) => {
    const parsed = new Date(value);
    return Number.isNaN(parsed.getTime()) ? null : parsed;
  }),
  null,
);

export const NotificationStruct = type({
  id: coerce(string(), number(), (value) => String(value)),
  type: string(),
  data: defaulted(record(string(), unknown()), {}),
  readAt: instant,
  createdAt: instant,
  updatedAt: instant,
});
export type Notification = Infer<typeof NotificationStruct>;

export const decodeNotification = (raw: unknown): Notification => decodeWith(NotificationStruct, raw);
