// A teacher's time (docs/teaching-admin.md "Scheduling"): the slot grid of a Nairobi day, the free
// slots around the teacher's lessons (with the gap), and the occurrences of a series with the first
// one that cannot be scheduled. Africa/Nairobi has no daylight saving, but the arithmetic goes
// through dayjs' time zone plugin anyway so nothing here assumes it.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { and, eq, gt, isNull, lt, ne, or } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { lessons } from '../db/schema';
import { day, withRule, piece } from '../../src/shared/request-schemas';
import { t } from '../../src/shared/messages';
import {
  LESSON_GAP_MINUTES,
  LESSON_LENGTH_MINUTES,
  SCHEDULE_MAX_DAYS_AHEAD,
  SLOT_DAY_END,
  SLOT_DAY_START,
  SLOT_MIN_NOTICE_MINUTES,
  SLOT_STEP_MINUTES,
  type SeriesFrequency,
} from '../../src/shared/teaching';
import { clockIn, dayIn, todayIn } from '../../src/shared/calendar-days';
import { APP_TIME_ZONE, formatTime } from '../../src/shared/time';
import { nairobiWhen } from './activity-service';

dayjs.extend(utc);
dayjs.extend(timezone);

const ZONE = APP_TIME_ZONE;
const MINUTE_MS = 60_000;
const LENGTH_MS = LESSON_LENGTH_MINUTES * MINUTE_MS;
const GAP_MS = LESSON_GAP_MINUTES * MINUTE_MS;

type Db = Database | Transaction;

const minutesOf = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "07:00" … "20:00": every start whose lesson ends by the end of the day. */
export const SLOT_TIMES: readonly string[] = (() => {
  const times: string[] = [];
  const last = minutesOf(SLOT_DAY_END) - LESSON_LENGTH_MINUTES;
  for (let at = minutesOf(SLOT_DAY_START); at <= last; at += SLOT_STEP_MINUTES) times.push(timeOf(at));
  return times;
})();

/** The instant a Nairobi day and "HH:mm" name. */
export const nairobiAt = (date: string, time: string): Date => dayjs.tz(`${date} ${time}`, ZONE).toDate();

/** Today in Nairobi, `YYYY-MM-DD`. */
export const nairobiToday = (now = new Date()) => todayIn(ZONE, now);

/** The last day a lesson may be put on. */
export const lastSchedulableDay = (now = new Date()) =>
  dayjs(now).tz(ZONE).add(SCHEDULE_MAX_DAYS_AHEAD, 'day').format('YYYY-MM-DD');

/** The Nairobi day and time of an instant: the form's `date` and `time` of a lesson. */
export const nairobiDateTime = (at: Date) => ({ date: dayIn(at, ZONE), time: clockIn(at, ZONE) });

/** "9:00 AM". */
const slotLabel = (at: Date) => formatTime(at, ZONE);

/**
 * A day a lesson may be put on: a real `YYYY-MM-DD` from today (Nairobi) to 365 days ahead, with
 * SPEC §5's "Date must be between {minDate} and {maxDate}." otherwise.
 */
export function scheduleDay() {
  return withRule(day(), 'scheduleDay', (value) => {
    const now = new Date();
    const [minDate, maxDate] = [nairobiToday(now), lastSchedulableDay(now)];
    return value < minDate || value > maxDate ? t('validation.dateBetween', { minDate, maxDate }) : null;
  });
}

/** A slot's start, "HH:mm" (an "H:mm" is read as such), on the half-hour grid of the day. */
export function slotTime() {
  return piece<string>(
    'slotTime',
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return /^\d:\d{2}$/.test(trimmed) ? `0${trimmed}` : trimmed;
    },
    (value) => {
      if (value === undefined || value === null || value === '') return t('validation.required');
      return typeof value === 'string' && SLOT_TIMES.includes(value) ? null : t('teaching.slotOffGrid');
    },
  );
}

type Busy = { id: number; startAt: Date; endAt: Date };

/**
 * The teacher's lessons that hold time between `from` and `to`: not cancelled and not rejected
 * (a pending lesson holds its slot until an admin rejects it).
 */
async function busyLessons(db: Db, teacherId: number, from: Date, to: Date, exceptId?: number) {
  return db
    .select({ id: lessons.id, startAt: lessons.startAt, endAt: lessons.endAt })
    .from(lessons)
    .where(
      and(
        eq(lessons.teacherId, teacherId),
        isNull(lessons.cancelledAt),
        or(eq(lessons.isApproved, true), isNull(lessons.rejectionComment)),
        lt(lessons.startAt, new Date(to.getTime() + GAP_MS)),
        gt(lessons.endAt, new Date(from.getTime() - GAP_MS)),
        exceptId === undefined ? undefined : ne(lessons.id, exceptId),
      ),
    );
}

/** `[start − gap, end + gap)` overlaps none of `busy`. */
const isFree = (start: Date, busy: Busy[]) => {
  const from = start.getTime() - GAP_MS;
  const to = start.getTime() + LENGTH_MS + GAP_MS;
  return busy.every((lesson) => lesson.endAt.getTime() <= from || lesson.startAt.getTime() >= to);
};

const earliestStart = (now: Date) => now.getTime() + SLOT_MIN_NOTICE_MINUTES * MINUTE_MS;

export type Slot = { start_at: string; end_at: string; time: string; label: string };

/** `GET /api/teacher/available-slots?date=`: the free slots of a Nairobi day, earliest first. */
export async function availableSlots(
  db: Database,
  teacherId: number,
  date: string,
  now = new Date(),
): Promise<Slot[]> {
  const starts = SLOT_TIMES.map((time) => ({ time, at: nairobiAt(date, time) }));
  const first = starts[0]?.at ?? nairobiAt(date, SLOT_DAY_START);
  const busy = await busyLessons(db, teacherId, first, nairobiAt(date, SLOT_DAY_END));
  return starts
    .filter(({ at }) => at.getTime() >= earliestStart(now) && isFree(at, busy))
    .map(({ time, at }) => ({
      start_at: at.toISOString(),
      end_at: new Date(at.getTime() + LENGTH_MS).toISOString(),
      time,
      label: slotLabel(at),
    }));
}

const SERIES_UNIT = { daily: 'day', weekly: 'week', monthly: 'month' } as const;

/** The starts of a series: the chosen day and time, then every day, week or month after it. */
export function seriesStarts(date: string, time: string, count: number, frequency: SeriesFrequency): Date[] {
  return Array.from({ length: count }, (_, index) =>
    nairobiAt(dayjs(date).add(index, SERIES_UNIT[frequency]).format('YYYY-MM-DD'), time),
  );
}

export const lessonEnd = (start: Date) => new Date(start.getTime() + LENGTH_MS);

/**
 * Why the lessons starting at `starts` cannot all be scheduled, naming the first that cannot
 * (too soon, too far ahead, or clashing with the teacher's other lessons or an earlier one of the
 * same series); null when they can. `exceptId`: the lesson being moved.
 */
export async function scheduleProblem(
  db: Db,
  teacherId: number,
  starts: Date[],
  { now = new Date(), exceptId }: { now?: Date; exceptId?: number } = {},
): Promise<string | null> {
  if (starts.length === 0) return null;
  const times = starts.map((start) => start.getTime());
  const busy = await busyLessons(
    db,
    teacherId,
    new Date(Math.min(...times)),
    new Date(Math.max(...times) + LENGTH_MS),
    exceptId,
  );
  const latest = dayjs(now).add(SCHEDULE_MAX_DAYS_AHEAD, 'day').valueOf();
  const taken: Busy[] = [...busy];
  for (const [index, start] of starts.entries()) {
    const params = { number: index + 1, when: nairobiWhen(start) };
    if (start.getTime() < earliestStart(now))
      return t('teaching.slotTooSoon', { ...params, minutes: SLOT_MIN_NOTICE_MINUTES });
    if (start.getTime() > latest)
      return t('teaching.slotTooFar', { ...params, days: SCHEDULE_MAX_DAYS_AHEAD });
    if (!isFree(start, taken)) return t('teaching.slotClash', params);
    taken.push({ id: -1, startAt: start, endAt: lessonEnd(start) });
  }
  return null;
}
