// The timetable and its calendar export (docs/learning-workspace.md): booked lessons for a range of
// days, iCalendar files for one lesson or the whole timetable, and the private calendar-feed link.
// Saving a file and copying a link are the browser's side of the export, kept here with the calls.
import { initialDecoded, request } from './http';
import { DecodeError } from './schemas/common';
import { decodeCalendarFeed, decodeTimetable, type TimetableItem } from './schemas/timetable';

export type TimetableRange = {
  /** `YYYY-MM-DD`, a day in Africa/Nairobi (the server's reading). */
  from: string;
  to: string;
  /** One of a parent's children; null for all of the caller's learners. */
  studentId: string | null;
};

const rangeQuery = (range: TimetableRange) => ({
  from: range.from,
  to: range.to,
  student_id: range.studentId,
});

export async function fetchTimetable(range: TimetableRange): Promise<TimetableItem[]> {
  return decodeTimetable(await request('/api/timetable', { query: rangeQuery(range) }));
}

/** The range's lessons a signed-in page's HTML carries, if any (signedin, issue 27). */
export function initialTimetable(range: TimetableRange): TimetableItem[] | undefined {
  return initialDecoded('/api/timetable', rangeQuery(range), decodeTimetable);
}

/** What is exported: one lesson by its code, else the caller's whole timetable (or one child's). */
export type CalendarExport = { code?: string | null; studentId?: string | null };
export type CalendarFile = { blob: Blob; fileName: string };

const ICS_TYPE = 'text/calendar';

/** `somesha-LSN-7K2Q9.ics` (the name the server gives it too), or `somesha-timetable.ics`. */
export function calendarFileName(what: CalendarExport): string {
  return what.code ? `somesha-${what.code.replace(/[^A-Za-z0-9-]/g, '_')}.ics` : 'somesha-timetable.ics';
}

/** The `.ics` file as a Blob (the client reads `text/calendar` as text; a JSON answer is no calendar). */
export async function fetchCalendarFile(what: CalendarExport): Promise<CalendarFile> {
  const answer = what.code
    ? await request(`/api/lessons/ics/${encodeURIComponent(what.code)}`)
    : await request('/api/timetable/ics', { query: { student_id: what.studentId ?? null } });
  if (typeof answer !== 'string' || !answer.includes('BEGIN:VCALENDAR')) {
    throw new DecodeError('The answer is not an iCalendar file.');
  }
  return { blob: new Blob([answer], { type: ICS_TYPE }), fileName: calendarFileName(what) };
}

/** Hands the file to the browser's downloads through an object URL (freed once the click is done). */
export function saveFile(file: CalendarFile): void {
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the URL after the click returns; free it a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
}

/** The caller's private feed URL, made on the first call. */
export async function fetchCalendarFeed(): Promise<string> {
  return decodeCalendarFeed(await request('/api/timetable/feed')).url;
}

/** A new secret link; the old one answers 404 from then on. */
export async function resetCalendarFeed(): Promise<string> {
  return decodeCalendarFeed(await request('/api/timetable/feed/reset', { method: 'POST' })).url;
}

/** The same feed for calendar apps on phones: `webcal://host/calendar/<token>.ics`. */
export function webcalUrl(url: string): string {
  return url.replace(/^https?:\/\//i, 'webcal://');
}

/** Google Calendar's "add by URL" page for the feed. */
export function googleCalendarUrl(url: string): string {
  return `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;
}

/**
 * Copies text: the Clipboard API first, then the older copy command on a hidden field. Rejects when
 * the browser allows neither (the view then selects the link for the person to copy).
 */
export async function copyText(text: string): Promise<void> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('No clipboard');
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Refused (no permission, not a secure page): try the copy command.
  }
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  let copied = false;
  try {
    copied = typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    copied = false;
  } finally {
    field.remove();
  }
  if (!copied) throw new Error('The browser did not allow copying.');
}
