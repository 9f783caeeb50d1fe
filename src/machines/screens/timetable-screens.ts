// The timetable (src/views/pages/timetable) and "Add to calendar" (on the timetable and a booked
// lesson), each with its service bound.
import { fromPromise } from 'xstate';
import type { TimetableItem } from '@/services/schemas/timetable';
import {
  copyText,
  fetchCalendarFeed,
  fetchCalendarFile,
  fetchTimetable,
  initialTimetable,
  resetCalendarFeed,
  saveFile,
  type CalendarExport,
  type TimetableRange,
} from '@/services/timetable-service';
import { calendarExportMachine } from '../calendar-export-machine';
import { placeFromSearch, timetableRange, type TimetableSearch } from '@/shared/timetable-place';
import { timetableMachine } from '../timetable-machine';

export { timetableItemTitle } from '@/services/schemas/timetable';

/** The booked lessons of a week or a month. */
export const timetableScreen = timetableMachine.provide({
  actors: {
    fetchTimetable: fromPromise<TimetableItem[], TimetableRange>(({ input }) => fetchTimetable(input)),
  },
});

/**
 * The lessons of the range a page opening on `search` shows, when the page's HTML carries them
 * (signedin, issue 27): the timetable then starts from them (`TimetableInput.initial`).
 */
export function initialTimetableLessons(search: TimetableSearch, today: string): TimetableItem[] | null {
  const place = placeFromSearch(search, today);
  return (
    initialTimetable({ ...timetableRange(place.view, place.anchor), studentId: place.studentId }) ?? null
  );
}

/** Download a lesson or the timetable as `.ics`, or subscribe to the private feed. */
export const calendarExportScreen = calendarExportMachine.provide({
  actors: {
    downloadCalendar: fromPromise<string, CalendarExport>(async ({ input }) => {
      const file = await fetchCalendarFile(input);
      saveFile(file);
      return file.fileName;
    }),
    fetchCalendarFeed: fromPromise<string>(() => fetchCalendarFeed()),
    resetCalendarFeed: fromPromise<string>(() => resetCalendarFeed()),
    copyText: fromPromise<void, { text: string }>(({ input }) => copyText(input.text)),
  },
});
