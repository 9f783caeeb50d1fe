// Free slots (docs/teaching-admin.md "Scheduling"): the half-hour grid of a Nairobi day, minus the
// teacher's lessons with 15 minutes either side, and nothing within the hour.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { dayAhead, nairobi, newTeacher, storeLessons } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const GRID = Array.from({ length: 27 }, (_, index) => {
  const minutes = 7 * 60 + index * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

const times = (body: Json) => (body.data as Array<{ time: string }>).map((slot) => slot.time);

describe('available slots', () => {
  it('offers every half hour from 7:00 AM to 8:00 PM on a free day, in Nairobi time', async () => {
    const teacher = await newTeacher(server);
    const date = dayAhead(20);
    const response = await teacher.browser.get(`/api/teacher/available-slots?date=${date}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ date, length_minutes: 60 });
    expect(times(response.body)).toEqual(GRID);
    expect(response.body.data[0]).toEqual({
      start_at: nairobi(date, '07:00').toISOString(),
      end_at: nairobi(date, '08:00').toISOString(),
      time: '07:00',
      label: '7:00 AM',
    });
    expect(response.body.data.at(-1)).toMatchObject({ time: '20:00', label: '8:00 PM' });
  });

  it('leaves out the slots within 15 minutes of a lesson, and frees them when it is cancelled', async () => {
    const teacher = await newTeacher(server);
    const date = dayAhead(21);
    const [lesson] = await storeLessons(teacher, { date, time: '10:00' });
    const busy = await teacher.browser.get(`/api/teacher/available-slots?date=${date}`);
    // 9:00–10:00 ends within the gap before 10:00; 11:00 starts within the gap after 11:00.
    expect(times(busy.body)).toEqual(
      GRID.filter((time) => !['09:00', '09:30', '10:00', '10:30', '11:00'].includes(time)),
    );
    expect(times(busy.body)).toContain('08:30');
    expect(times(busy.body)).toContain('11:30');

    // Another teacher's lesson takes none of this teacher's time.
    const other = await newTeacher(server);
    expect(times((await other.browser.get(`/api/teacher/available-slots?date=${date}`)).body)).toEqual(GRID);

    const cancelled = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(times((await teacher.browser.get(`/api/teacher/available-slots?date=${date}`)).body)).toEqual(
      GRID,
    );
  });

  it('frees the time of a rejected lesson but not of a pending one', async () => {
    const teacher = await newTeacher(server);
    const date = dayAhead(22);
    const [pending] = await storeLessons(teacher, { date, time: '14:00' });
    expect(
      times((await teacher.browser.get(`/api/teacher/available-slots?date=${date}`)).body),
    ).not.toContain('14:00');
    await server.db.update(lessons).set({ rejectionComment: 'Too short' }).where(eq(lessons.id, pending.id));
    expect(times((await teacher.browser.get(`/api/teacher/available-slots?date=${date}`)).body)).toContain(
      '14:00',
    );
  });

  it('starts today at least an hour from now', async () => {
    const teacher = await newTeacher(server);
    const response = await teacher.browser.get(`/api/teacher/available-slots?date=${dayAhead(0)}`);
    expect(response.status).toBe(200);
    for (const slot of response.body.data as Array<{ start_at: string }>)
      expect(new Date(slot.start_at).getTime()).toBeGreaterThanOrEqual(Date.now() + 59 * 60_000);
  });

  it('refuses a bad, past or too distant date with 422', async () => {
    const teacher = await newTeacher(server);
    const bad = await teacher.browser.get('/api/teacher/available-slots?date=2026-02-30');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.date).toEqual(['Enter a date as YYYY-MM-DD.']);
    const between = `Date must be between ${dayAhead(0)} and ${dayAhead(365)}.`;
    const past = await teacher.browser.get(`/api/teacher/available-slots?date=${dayAhead(-1)}`);
    expect(past.status).toBe(422);
    expect(past.body.errors.date).toEqual([between]);
    const far = await teacher.browser.get(`/api/teacher/available-slots?date=${dayAhead(366)}`);
    expect(far.body.errors.date).toEqual([between]);
    const missing = await teacher.browser.get('/api/teacher/available-slots');
    expect(missing.body.errors.date).toEqual(['This field is required.']);
  });

  it('is for teachers only', async () => {
    const student = await newBuyer(server);
    expect((await student.browser.get(`/api/teacher/available-slots?date=${dayAhead(3)}`)).status).toBe(403);
    expect((await server.browser().get(`/api/teacher/available-slots?date=${dayAhead(3)}`)).status).toBe(401);
  });
});
