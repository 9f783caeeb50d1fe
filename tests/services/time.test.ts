// The app's time (src/shared/time.ts) and calendar days (src/shared/calendar-days.ts): the zone, the
// 12-hour clock and the day formats, checked by hand on the SPEC §9 examples and against dayjs with
// its zone plugin (what the timetable and the server used before) around the clock and the calendar.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockIn,
  dayIn,
  daysFrom,
  endOfDayIn,
  isCalendarDay,
  monthTitle,
  shortDay,
  startOfDayIn,
  todayIn,
  weekdayName,
} from '@/shared/calendar-days';
import {
  APP_TIME_ZONE,
  formatClock,
  formatDate,
  formatDateOrdinal,
  formatDateTime,
  formatTime,
} from '@/shared/time';

dayjs.extend(utc);
dayjs.extend(timezone);

const NAIROBI = 'Africa/Nairobi';

/** Every 701 minutes over two years: every hour of the day, many minutes, month ends, a leap day. */
const instants = Array.from({ length: 1_500 }, (_, i) => new Date(Date.UTC(2027, 11, 31) - i * 701 * 60_000));

describe('the app time', () => {
  it('is Nairobi time', () => {
    expect(APP_TIME_ZONE).toBe(NAIROBI);
  });

  it('says a Nairobi evening in UTC on its Nairobi day, with the 12-hour clock', () => {
    const at = '2026-11-23T19:30:00.000Z'; // 10:30 PM in Nairobi, still the 23rd
    expect(formatTime(at, APP_TIME_ZONE)).toBe('10:30 PM');
    expect(formatDate(at, APP_TIME_ZONE)).toBe('Nov 23, 2026');
    expect(formatDateOrdinal(at, APP_TIME_ZONE)).toBe('23rd November 2026');
    expect(formatDateTime(at, APP_TIME_ZONE)).toBe('Nov 23, 2026 at 10:30 PM');
    const late = '2026-11-23T21:05:00.000Z'; // 12:05 AM on the 24th
    expect(formatTime(late, APP_TIME_ZONE)).toBe('12:05 AM');
    expect(dayIn(late)).toBe('2026-11-24');
    expect(clockIn(late)).toBe('00:05');
  });

  it('reads a plain YYYY-MM-DD as that day in every zone', () => {
    expect(formatDate('2026-11-21', APP_TIME_ZONE)).toBe('Nov 21, 2026');
    expect(formatDate('2026-11-21', 'America/Los_Angeles')).toBe('Nov 21, 2026');
    expect(formatDateOrdinal('2026-11-21', 'Pacific/Kiritimati')).toBe('21st November 2026');
  });

  it('gives "" for what is no date', () => {
    expect(formatDate('garbage')).toBe('');
    expect(formatTime('garbage', APP_TIME_ZONE)).toBe('');
    expect(formatDateTime('garbage')).toBe('');
    expect(dayIn('garbage')).toBe('');
    expect(clockIn(Number.NaN)).toBe('');
  });

  it('formats every instant as dayjs does in Nairobi: day, 12-hour time, 24-hour clock, short date', () => {
    for (const at of instants) {
      const there = dayjs(at).tz(NAIROBI);
      expect(dayIn(at)).toBe(there.format('YYYY-MM-DD'));
      expect(formatTime(at, NAIROBI)).toBe(there.format('h:mm A'));
      expect(clockIn(at)).toBe(there.format('HH:mm'));
      expect(formatDateTime(at, NAIROBI)).toBe(there.format('MMM D, YYYY [at] h:mm A'));
    }
  });

  it('knows today in a zone from the instant given', () => {
    expect(todayIn(NAIROBI, Date.parse('2026-12-31T20:59:59.999Z'))).toBe('2026-12-31');
    expect(todayIn(NAIROBI, Date.parse('2026-12-31T21:00:00.000Z'))).toBe('2027-01-01');
    expect(todayIn('America/Los_Angeles', Date.parse('2027-01-01T05:00:00.000Z'))).toBe('2026-12-31');
  });

  it('puts the first and last instant of a day at its midnights in the zone, also across a daylight change', () => {
    expect(startOfDayIn('2026-11-23').toISOString()).toBe('2026-11-22T21:00:00.000Z');
    expect(endOfDayIn('2026-11-23').toISOString()).toBe('2026-11-23T20:59:59.999Z');
    for (const day of ['2026-03-08', '2026-03-09', '2026-11-01', '2026-07-04']) {
      const zone = 'America/New_York';
      expect(startOfDayIn(day, zone).getTime()).toBe(dayjs.tz(`${day} 00:00`, zone).valueOf());
      expect(endOfDayIn(day, zone).getTime()).toBe(dayjs.tz(`${addDays(day, 1)} 00:00`, zone).valueOf() - 1);
    }
    expect(Number.isNaN(startOfDayIn('2026-02-30').getTime())).toBe(true);
    expect(Number.isNaN(endOfDayIn('soon').getTime())).toBe(true);
  });

  it('puts lesson times of the 24-hour form on the 12-hour clock', () => {
    expect(formatClock('00:00')).toBe('12:00 AM');
    expect(formatClock('09:30')).toBe('9:30 AM');
    expect(formatClock('12:00')).toBe('12:00 PM');
    expect(formatClock('20:45')).toBe('8:45 PM');
    expect(formatClock('24:00')).toBe('24:00');
    expect(formatClock('later')).toBe('later');
  });
});

describe('calendar days', () => {
  it('knows a real day from a date-like string', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay(20261101)).toBe(false);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysFrom('2026-11-30', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    expect(daysFrom('2026-12-02', '2026-11-30')).toEqual([]);
    expect(daysFrom('2026-01-01', '2026-12-31')).toHaveLength(62);
  });

  it('names each day and month as dayjs does', () => {
    for (let day = '2026-01-01'; day <= '2028-12-31'; day = addDays(day, 1)) {
      expect(weekdayName(day)).toBe(dayjs(day).format('dddd'));
      expect(shortDay(day)).toBe(dayjs(day).format('MMM D'));
      expect(formatDate(day)).toBe(dayjs(day).format('MMM D, YYYY'));
      expect(monthTitle(day)).toBe(dayjs(day).format('MMMM YYYY'));
    }
  });
});
