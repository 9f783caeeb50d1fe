// The timetable's wire shapes (docs/learning-workspace.md): booking items for a range of days, and
// the private calendar-feed link.
import { array, boolean, string, type, type Infer } from 'superstruct';
import { decodeWith, id, maybe } from './common';

/**
 * A booked (or, for its teacher, taught) lesson on the timetable: the lesson (as in commerce) plus who it was booked for. Only what
 * the timetable shows is read, so a change to the rest of the lesson never empties the timetable.
 */
export const TimetableItemStruct = type({
  id,
  code: string(),
  startAt: maybe(string()),
  endAt: maybe(string()),
  topic: maybe(type({ name: string() })),
  /** Null on a lesson the user teaches (issue 24). */
  booking: maybe(
    type({ id, studentId: maybe(id), studentName: maybe(string()), createdAt: maybe(string()) }),
  ),
  /** The user teaches it: a teacher's timetable shows their own lessons beside those they booked. */
  teaching: maybe(boolean()),
});
export type TimetableItem = Infer<typeof TimetableItemStruct>;

export function decodeTimetable(raw: unknown): TimetableItem[] {
  return decodeWith(type({ data: array(TimetableItemStruct) }), raw).data;
}

export const CalendarFeedStruct = type({ url: string() });
export type CalendarFeed = Infer<typeof CalendarFeedStruct>;

export function decodeCalendarFeed(raw: unknown): CalendarFeed {
  return decodeWith(CalendarFeedStruct, raw);
}

/** What a lesson is called on the timetable: its topic, else its code. */
export function timetableItemTitle(item: Pick<TimetableItem, 'topic' | 'code'>): string {
  return item.topic?.name || item.code;
}
