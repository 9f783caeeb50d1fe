// The timetable's place (issue 9): which range of days the page shows for its query. The timetable
// machine reads it, and so does the server, which answers the page's first range request inside its
// HTML (signedin, issue 27). Days are calendar days (`YYYY-MM-DD`) in the learner's zone (Nairobi).
import { dayMs, dayOf, isCalendarDay } from './calendar-days';

export const TIMETABLE_VIEWS = ['week', 'month'] as const;
export type TimetableView = (typeof TIMETABLE_VIEWS)[number];

/** The URL keys of the timetable: `view` (week is the default, left out), `date`, `student_id`. */
export type TimetableSearch = Record<string, string>;

export type TimetablePlace = { view: TimetableView; anchor: string; studentId: string | null };

const DAY_MS = 86_400_000;

/** The Monday of the day's week (weeks run Monday to Sunday, as in Kenya). */
export function weekStart(day: string): string {
  const ms = dayMs(day) ?? 0;
  const weekday = (new Date(ms).getUTCDay() + 6) % 7;
  return dayOf(ms - weekday * DAY_MS);
}

/** The days a view shows around the anchor: Monday to Sunday, or the first to the last of the month. */
export function timetableRange(view: TimetableView, anchor: string): { from: string; to: string } {
  if (view === 'week') {
    const from = weekStart(anchor);
    return { from, to: dayOf((dayMs(from) ?? 0) + 6 * DAY_MS) };
  }
  const date = new Date(dayMs(anchor) ?? 0);
  const [year, month] = [date.getUTCFullYear(), date.getUTCMonth()];
  return { from: dayOf(Date.UTC(year, month, 1)), to: dayOf(Date.UTC(year, month + 1, 0)) };
}

/** Reads the URL's query; anything unreadable falls back (week, today, all learners). */
export function placeFromSearch(search: TimetableSearch, today: string): TimetablePlace {
  const view = (TIMETABLE_VIEWS as readonly string[]).includes(search.view ?? '')
    ? (search.view as TimetableView)
    : 'week';
  const anchor = isCalendarDay(search.date) ? search.date : today;
  const studentId = /^[1-9]\d{0,9}$/.test(search.student_id ?? '') ? (search.student_id as string) : null;
  return { view, anchor, studentId };
}

/** The query of `GET /api/timetable` for a place (src/services/timetable-service.ts `fetchTimetable`). */
export function timetableQuery(place: TimetablePlace): Record<string, string> {
  const { from, to } = timetableRange(place.view, place.anchor);
  return place.studentId ? { from, to, student_id: place.studentId } : { from, to };
}
