// The timetable's days and times in the learner's time zone (dayjs with its zone plugin), loaded
// with the timetable page only.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { TimetableView } from '@/machines/timetable-machine';
import type { TimetableItem } from '@/services/schemas/timetable';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Every learner's days are Nairobi days: the product is Kenyan and the profile has no time zone yet.
 * When it has one, it goes here (`learnerTimeZone(user)`), and the server's `from`/`to` follow it.
 */
export const DEFAULT_TIME_ZONE = 'Africa/Nairobi';

export function learnerTimeZone(): string {
  return DEFAULT_TIME_ZONE;
}

/** Today as `YYYY-MM-DD` in the zone. */
export function todayIn(zone: string): string {
  return dayjs().tz(zone).format('YYYY-MM-DD');
}

/** The day (`YYYY-MM-DD`) an instant falls on in the zone. */
export function dayIn(iso: string, zone: string): string {
  return dayjs(iso).tz(zone).format('YYYY-MM-DD');
}

/** SPEC §9: 12-hour time with AM or PM, "3:05 PM", in the zone. */
export function timeIn(iso: string, zone: string): string {
  return dayjs(iso).tz(zone).format('h:mm A');
}

/** Every calendar day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  const last = dayjs(to);
  for (let day = dayjs(from); !day.isAfter(last, 'day') && days.length < 62; day = day.add(1, 'day')) {
    days.push(day.format('YYYY-MM-DD'));
  }
  return days;
}

/** "Monday". */
export function weekdayName(day: string): string {
  return dayjs(day).format('dddd');
}

/** "Nov 23" (the year is in the range title). */
export function shortDay(day: string): string {
  return dayjs(day).format('MMM D');
}

/** SPEC §9 short date: "Nov 23, 2026". */
export function fullDay(day: string): string {
  return dayjs(day).format('MMM D, YYYY');
}

/** "Nov 23 – 29, 2026", "Nov 30 – Dec 6, 2026", "Dec 28, 2026 – Jan 3, 2027"; a month: "November 2026". */
export function rangeTitle(view: TimetableView, range: { from: string; to: string }): string {
  const from = dayjs(range.from);
  const to = dayjs(range.to);
  if (view === 'month') return from.format('MMMM YYYY');
  if (from.year() !== to.year()) return `${from.format('MMM D, YYYY')} – ${to.format('MMM D, YYYY')}`;
  if (from.month() !== to.month()) return `${from.format('MMM D')} – ${to.format('MMM D, YYYY')}`;
  return `${from.format('MMM D')} – ${to.format('D, YYYY')}`;
}

/** The lessons of each day in the zone, each day's in starting order. */
export function lessonsByDay(lessons: TimetableItem[], zone: string): Map<string, TimetableItem[]> {
  const byDay = new Map<string, TimetableItem[]>();
  const sorted = [...lessons]
    .filter((lesson) => lesson.startAt)
    .sort((a, b) => dayjs(a.startAt).valueOf() - dayjs(b.startAt).valueOf());
  for (const lesson of sorted) {
    const day = dayIn(lesson.startAt as string, zone);
    byDay.set(day, [...(byDay.get(day) ?? []), lesson]);
  }
  return byDay;
}
