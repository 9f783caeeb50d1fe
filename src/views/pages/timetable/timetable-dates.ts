// The timetable's days and times: the learner's zone, the range's title and the lessons of each day.
// The formats themselves are the app's (src/shared/time.ts).
import type { TimetableView } from '@/machines/timetable-machine';
import type { TimetableItem } from '@/services/schemas/timetable';
import { dayIn, monthTitle, shortDay } from '@/shared/calendar-days';
import { APP_TIME_ZONE, formatDate } from '@/shared/time';

export { daysFrom, shortDay, todayIn, weekdayName } from '@/shared/calendar-days';
export { formatTime as timeIn } from '@/shared/time';

/**
 * Every learner's days are the app's (Nairobi) days: the profile has no time zone yet. When it has
 * one, it goes here (`learnerTimeZone(user)`), and the server's `from`/`to` follow it.
 */
export function learnerTimeZone(): string {
  return APP_TIME_ZONE;
}

/** SPEC §9 short date: "Nov 23, 2026". */
export function fullDay(day: string): string {
  return formatDate(day);
}

const yearOf = (day: string) => day.slice(0, 4);
const monthOf = (day: string) => day.slice(0, 7);

/** "Nov 23 – 29, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027"; a month: "November 2026". */
export function rangeTitle(view: TimetableView, range: { from: string; to: string }): string {
  const { from, to } = range;
  if (view === 'month') return monthTitle(from);
  if (yearOf(from) !== yearOf(to)) return `${fullDay(from)} – ${fullDay(to)}`;
  if (monthOf(from) !== monthOf(to)) return `${shortDay(from)} – ${fullDay(to)}`;
  return `${shortDay(from)} – ${Number(to.slice(8))}, ${yearOf(to)}`;
}

/** The lessons of each day in the zone, each day's in starting order. */
export function lessonsByDay(lessons: TimetableItem[], zone: string): Map<string, TimetableItem[]> {
  const byDay = new Map<string, TimetableItem[]>();
  const sorted = [...lessons]
    .filter((lesson) => lesson.startAt)
    .sort((a, b) => Date.parse(a.startAt as string) - Date.parse(b.startAt as string));
  for (const lesson of sorted) {
    const day = dayIn(lesson.startAt as string, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), lesson]);
  }
  return byDay;
}
