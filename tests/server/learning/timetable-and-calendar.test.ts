// The timetable, iCalendar exports and the private calendar feed (docs/learning-workspace.md),
// with every .ics read back by ical.js.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { childIds, lessonByCode, PARENT, signedIn, STUDENT, TEACHER } from './learner';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { appUrl: 'https://somesha.test' } });
});
afterAll(() => server.close());

const nairobiDay = (offsetDays: number) =>
  new Date(Date.now() + 3 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

type ParsedEvent = { uid: string; start: string; end: string; summary: string; url: string; status: string };

/** The VEVENTs of an iCalendar text, read with ical.js; DTSTART/DTEND as written (UTC). */
function parseCalendar(text: string): { name: string; events: ParsedEvent[]; component: ICAL.Component } {
  const component = new ICAL.Component(ICAL.parse(text));
  const events = component.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      summary: event.summary,
      url: String(vevent.getFirstPropertyValue('url')),
      status: String(vevent.getFirstPropertyValue('status')),
    };
  });
  return { name: String(component.getFirstPropertyValue('x-wr-calname')), events, component };
}

describe('the timetable', () => {
  it('lists booked lessons starting within the Nairobi days asked for', async () => {
    const student = await signedIn(server, STUDENT);
    const week = await student.get(`/api/timetable?from=${nairobiDay(0)}&to=${nairobiDay(6)}`);
    expect(week.status).toBe(200);
    const codes = week.body.data.map((item: Json) => item.code);
    expect(codes).toEqual(expect.arrayContaining(['SOM-0206', 'SOM-0207']));
    expect(codes).not.toContain('SOM-0208');
    expect(week.body.data.find((item: Json) => item.code === 'SOM-0206')).toMatchObject({
      booking: { student_name: 'Wanjiru Kamau' },
      subject: { name: 'Mathematics' },
    });
    const starts = week.body.data.map((item: Json) => item.start_at);
    expect(starts).toEqual([...starts].sort());
    const start = new Date(`${nairobiDay(0)}T00:00:00+03:00`).getTime();
    for (const item of week.body.data)
      expect(new Date(item.start_at).getTime()).toBeGreaterThanOrEqual(start);

    const lastMonth = await student.get(`/api/timetable?from=${nairobiDay(-30)}&to=${nairobiDay(-1)}`);
    expect(lastMonth.body.data.map((item: Json) => item.code)).toEqual([
      'SOM-0201',
      'SOM-0202',
      'SOM-0203',
      'SOM-0204',
    ]);
    // Without a range: the week from today.
    const defaultWeek = await student.get('/api/timetable');
    expect(defaultWeek.body.data.map((item: Json) => item.code)).toEqual(codes);
  });

  it('narrows a parent to one child, and refuses others’ children, long or backwards ranges', async () => {
    const parent = await signedIn(server, PARENT);
    const { achieng } = await childIds(server);
    const range = `from=${nairobiDay(0)}&to=${nairobiDay(7)}`;
    const both = await parent.get(`/api/timetable?${range}`);
    const shared = both.body.data.filter((item: Json) => item.code === 'SOM-0215');
    expect(shared.map((item: Json) => item.booking.student_name)).toEqual([
      'Achieng Otieno',
      'Baraka Otieno',
    ]);
    const one = await parent.get(`/api/timetable?${range}&student_id=${achieng}`);
    expect(one.body.data.map((item: Json) => item.code)).toEqual(['SOM-0210', 'SOM-0215', 'SOM-0211']);

    const student = await signedIn(server, STUDENT);
    expect((await student.get(`/api/timetable?${range}&student_id=${achieng}`)).status).toBe(404);
    const long = await student.get(`/api/timetable?from=${nairobiDay(0)}&to=${nairobiDay(62)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ to: ['Choose at most 62 days.'] });
    expect((await student.get(`/api/timetable?from=${nairobiDay(0)}&to=${nairobiDay(61)}`)).status).toBe(200);
    const backwards = await student.get(`/api/timetable?from=${nairobiDay(3)}&to=${nairobiDay(1)}`);
    expect(backwards.body.errors).toEqual({ to: ['The end date must not be before the start date.'] });
    expect((await student.get('/api/timetable?from=2026-13-01')).status).toBe(422);
    expect((await server.browser().get('/api/timetable')).status).toBe(401);
  });
});

describe('iCalendar', () => {
  it('exports one booked lesson with its UID, UTC times, summary, description and URL', async () => {
    const student = await signedIn(server, STUDENT);
    const response = await student.get('/api/lessons/ics/SOM-0206');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="somesha-SOM-0206.ics"');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = response.text;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toMatch(
      /^BEGIN:VCALENDAR\r\nPRODID:[^\r]+\r\nVERSION:2\.0\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\n/,
    );
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);

    const lesson = await lessonByCode(server, 'SOM-0206');
    const { events, component } = parseCalendar(text);
    expect(events).toEqual([
      {
        uid: `lesson-${lesson.id}@somesha`,
        start: lesson.startAt.toISOString(),
        end: lesson.endAt.toISOString(),
        summary: 'Area of plane figures (Mathematics) with Grace Mwangi',
        url: 'https://somesha.test/lessons/show/SOM-0206',
        status: 'CONFIRMED',
      },
    ]);
    const vevent = component.getFirstSubcomponent('vevent');
    expect(vevent?.getFirstProperty('dtstart')?.getFirstValue()?.toString()).toMatch(/Z$/);
    expect(String(vevent?.getFirstPropertyValue('description'))).toContain(lesson.objective);
  });

  it('answers 404 for a lesson the caller did not book (the teacher gets their own), 401 signed out', async () => {
    const stranger = await newBuyer(server);
    expect((await stranger.browser.get('/api/lessons/ics/SOM-0206')).status).toBe(404);
    expect((await stranger.browser.get('/api/lessons/ics/NO-SUCH')).status).toBe(404);
    const teacher = await signedIn(server, TEACHER);
    const own = await teacher.get('/api/lessons/ics/SOM-0206');
    expect(own.status).toBe(200);
    expect(parseCalendar(own.text).events).toHaveLength(1);
    expect((await server.browser().get('/api/lessons/ics/SOM-0206')).status).toBe(401);
  });

  it('exports the whole timetable from 30 days ago; a lesson booked for two children is two events', async () => {
    const student = await signedIn(server, STUDENT);
    const response = await student.get('/api/timetable/ics');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="somesha-timetable.ics"');
    const calendar = parseCalendar(response.text);
    expect(calendar.name).toBe('Somesha lessons');
    const urls = calendar.events.map((event) => event.url);
    for (const code of ['SOM-0201', 'SOM-0204', 'SOM-0206', 'SOM-0208'])
      expect(urls).toContain(`https://somesha.test/lessons/show/${code}`);
    for (const event of calendar.events) expect(event.uid).toMatch(/^lesson-\d+@somesha$/);

    const parent = await signedIn(server, PARENT);
    const family = parseCalendar((await parent.get('/api/timetable/ics')).text);
    const shared = await lessonByCode(server, 'SOM-0215');
    const { achieng, baraka } = await childIds(server);
    expect(
      family.events.filter((event) => event.url.endsWith('/SOM-0215')).map((event) => event.uid),
    ).toEqual([`lesson-${shared.id}-${achieng}@somesha`, `lesson-${shared.id}-${baraka}@somesha`]);
    const uids = family.events.map((event) => event.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const one = parseCalendar((await parent.get(`/api/timetable/ics?student_id=${achieng}`)).text);
    expect(one.events.find((event) => event.url.endsWith('/SOM-0215'))?.uid).toBe(
      `lesson-${shared.id}@somesha`,
    );
    expect((await student.get(`/api/timetable/ics?student_id=${achieng}`)).status).toBe(404);
  });
});

describe('the private calendar feed', () => {
  it('gives a stable secret URL that serves the calendar without a session, until it is reset', async () => {
    const student = await signedIn(server, STUDENT);
    const first = await student.get('/api/timetable/feed');
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/somesha\.test\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await student.get('/api/timetable/feed')).body).toEqual(first.body);

    const path = new URL(first.body.url).pathname;
    const feed = await server.browser().get(path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('content-disposition')).toBeNull();
    const calendar = parseCalendar(feed.text);
    expect(calendar.events.map((event) => event.url)).toContain('https://somesha.test/lessons/show/SOM-0206');
    expect(feed.text).toContain('REFRESH-INTERVAL;VALUE=DURATION:PT1H');

    const reset = await student.post('/api/timetable/feed/reset');
    expect(reset.status).toBe(200);
    expect(reset.body.url).not.toBe(first.body.url);
    expect((await server.browser().get(path)).status).toBe(404);
    expect((await server.browser().get(new URL(reset.body.url).pathname)).status).toBe(200);
    expect((await student.get('/api/timetable/feed')).body).toEqual(reset.body);
  });

  it('answers 404 for a malformed or unknown token, keeps users’ feeds apart, and needs sign-in to manage', async () => {
    expect((await server.browser().get('/calendar/not-a-token.ics')).status).toBe(404);
    expect((await server.browser().get(`/calendar/${'A'.repeat(43)}.ics`)).status).toBe(404);
    expect((await server.browser().get(`/calendar/${'A'.repeat(43)}`)).status).toBe(404);
    const parent = await signedIn(server, PARENT);
    const student = await signedIn(server, STUDENT);
    expect((await parent.get('/api/timetable/feed')).body.url).not.toBe(
      (await student.get('/api/timetable/feed')).body.url,
    );
    expect((await server.browser().get('/api/timetable/feed')).status).toBe(401);
    expect((await server.browser().post('/api/timetable/feed/reset')).status).toBe(401);
  });
});
