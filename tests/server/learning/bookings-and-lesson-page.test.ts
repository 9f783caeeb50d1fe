// What a learner reads about their lessons (docs/learning-workspace.md): the bookings list per
// child, the lesson page with notes, assignments and files for those who booked it, and the files.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, lessons, notes } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import {
  ACHIENG,
  BARAKA,
  childIds,
  codesOf,
  lessonByCode,
  PARENT,
  signedIn,
  STUDENT,
  TEACHER,
  WANJIRU_PAST,
  WANJIRU_UPCOMING,
} from './learner';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('bookings', () => {
  it('lists the demo student’s seeded bookings: upcoming soonest first, past latest first', async () => {
    const student = await signedIn(server, STUDENT);
    const upcoming = await student.get('/api/lessons/bookings?filter=upcoming&per_page=100');
    expect(upcoming.status).toBe(200);
    const upcomingCodes = codesOf(upcoming.body);
    expect(upcomingCodes).toEqual(expect.arrayContaining(WANJIRU_UPCOMING));
    const starts = upcoming.body.data.map((item: Json) => item.start_at);
    expect(starts).toEqual([...starts].sort());
    for (const item of upcoming.body.data)
      expect(new Date(item.end_at).getTime()).toBeGreaterThan(Date.now());

    const past = await student.get('/api/lessons/bookings?filter=past&per_page=100');
    expect(codesOf(past.body)).toEqual(['SOM-0204', 'SOM-0203', 'SOM-0202', 'SOM-0201']);
    const all = await student.get('/api/lessons/bookings?per_page=100');
    expect(all.body.meta.total).toBe(upcoming.body.meta.total + past.body.meta.total);
    // Any page carries the list's total, a page past the last one too (it has no row to carry it).
    const second = await student.get('/api/lessons/bookings?per_page=2&page=2');
    expect(codesOf(second.body)).toEqual(codesOf(all.body).slice(2, 4));
    expect(second.body.meta).toMatchObject({ current_page: 2, per_page: 2, total: all.body.meta.total });
    const beyond = await student.get('/api/lessons/bookings?per_page=2&page=99');
    expect(beyond.body).toMatchObject({ data: [], meta: { current_page: 99, total: all.body.meta.total } });

    const item = upcoming.body.data.find((entry: Json) => entry.code === 'SOM-0206');
    expect(item).toMatchObject({
      code: 'SOM-0206',
      subject: { id: expect.any(Number), name: 'Mathematics' },
      grade_level: { id: expect.any(Number), name: 'Grade 7' },
      teacher: { name: 'Grace Mwangi' },
      topic: { name: 'Area of plane figures' },
      link: null,
      booking: {
        id: expect.any(Number),
        student_id: expect.any(Number),
        student_name: 'Wanjiru Kamau',
        created_at: expect.any(String),
      },
    });
  });

  it('shows a parent every child’s bookings, or one child’s with student_id', async () => {
    const parent = await signedIn(server, PARENT);
    const { achieng, baraka } = await childIds(server);
    const all = await parent.get('/api/lessons/bookings?per_page=100');
    const forWhom = (body: Json) =>
      body.data.map((item: Json) => `${item.code}:${item.booking.student_name}`).sort();
    expect(forWhom(all.body)).toEqual(
      expect.arrayContaining([
        'SOM-0209:Achieng Otieno',
        'SOM-0212:Baraka Otieno',
        'SOM-0215:Achieng Otieno',
        'SOM-0215:Baraka Otieno',
      ]),
    );
    const onlyAchieng = await parent.get(`/api/lessons/bookings?student_id=${achieng}&per_page=100`);
    expect(onlyAchieng.status).toBe(200);
    expect(codesOf(onlyAchieng.body)).toEqual(expect.arrayContaining(ACHIENG));
    for (const item of onlyAchieng.body.data) expect(item.booking.student_id).toBe(achieng);
    const onlyBaraka = await parent.get(`/api/lessons/bookings?student_id=${baraka}&filter=past`);
    expect(codesOf(onlyBaraka.body)).toEqual(['SOM-0212']);
    expect(BARAKA).toContain('SOM-0212');
  });

  it('answers 404 for someone else’s student_id, 422 for an unknown filter, 401 signed out', async () => {
    const { achieng } = await childIds(server);
    const student = await signedIn(server, STUDENT);
    const other = await student.get(`/api/lessons/bookings?student_id=${achieng}`);
    expect(other.status).toBe(404);
    const unknown = await student.get('/api/lessons/bookings?filter=someday');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ filter: ['Choose one of the options.'] });
    expect((await student.get('/api/lessons/bookings?student_id=abc')).status).toBe(422);
    expect((await server.browser().get('/api/lessons/bookings')).status).toBe(401);
  });
});

describe('the lesson page', () => {
  it('gives a booked learner the notes, assignments and files, the classroom and the join window', async () => {
    const student = await signedIn(server, STUDENT);
    const page = await student.get('/api/lessons/show/SOM-0201');
    expect(page.status).toBe(200);
    const lesson = page.body.data;
    const row = await lessonByCode(server, 'SOM-0201');
    expect(lesson).toMatchObject({
      code: 'SOM-0201',
      is_booked: true,
      // Issue 22: a learner never reads a link; the way in is the join answer, inside the window.
      link: null,
      classroom: {
        provider: 'jitsi',
        opens_at: new Date(row.startAt.getTime() - 15 * 60_000).toISOString(),
        closes_at: row.endAt.toISOString(),
      },
      booked_for: [{ student_id: expect.any(Number), student_name: 'Wanjiru Kamau' }],
      notes_count: 1,
      assignments_count: 1,
      class: { title: 'Grade 7 Mathematics: fractions to equations' },
      subject: { name: 'Mathematics' },
      grade_level: { name: 'Grade 7' },
      join: {
        opens_at: new Date(row.startAt.getTime() - 15 * 60_000).toISOString(),
        closes_at: row.endAt.toISOString(),
      },
    });
    expect(lesson.notes).toEqual([
      {
        id: expect.any(Number),
        title: 'Fractions, decimals and percentages',
        desc: expect.any(String),
        created_at: expect.any(String),
        files: [
          {
            id: expect.any(Number),
            name: 'Fractions and decimals - notes.pdf',
            size: expect.any(Number),
            mime_type: 'application/pdf',
            url: expect.stringMatching(/^\/api\/files\/\d+$/),
          },
        ],
      },
    ]);
    expect(lesson.assignments).toEqual([
      expect.objectContaining({
        title: 'Ordering fractions',
        due_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        files: [expect.objectContaining({ name: 'ordering-fractions.txt', mime_type: 'text/plain' })],
      }),
    ]);
  });

  it('shows others the lesson with counts only: no notes, files or link', async () => {
    const stranger = await newBuyer(server);
    const page = await stranger.browser.get('/api/lessons/show/SOM-0201');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      is_booked: false,
      booked_for: [],
      link: null,
      classroom: null,
      notes: [],
      assignments: [],
      notes_count: 1,
      assignments_count: 1,
    });
    // A parent sees only their own children among those who booked.
    const parent = await signedIn(server, PARENT);
    const shared = await parent.get('/api/lessons/show/SOM-0215');
    expect(shared.body.data.booked_for.map((row: Json) => row.student_name)).toEqual([
      'Achieng Otieno',
      'Baraka Otieno',
    ]);
    expect((await parent.get('/api/lessons/show/SOM-0201')).body.data.booked_for).toEqual([]);
  });

  it('gives the teacher their own lesson’s materials, and hides an unapproved lesson from others', async () => {
    const teacher = await signedIn(server, TEACHER);
    const own = await teacher.get('/api/lessons/show/SOM-0202');
    expect(own.body.data).toMatchObject({ is_booked: false, notes_count: 1 });
    expect(own.body.data.notes).toHaveLength(1);

    const row = await lessonByCode(server, 'SOM-0208');
    await server.db.insert(lessons).values({
      code: 'LRN-DRAFT',
      teacherId: row.teacherId,
      objective: 'A draft not yet approved',
      priceCents: 10_000,
      startAt: row.startAt,
      endAt: row.endAt,
      isApproved: false,
    });
    expect((await teacher.get('/api/lessons/show/LRN-DRAFT')).status).toBe(200);
    expect((await (await signedIn(server, STUDENT)).get('/api/lessons/show/LRN-DRAFT')).status).toBe(404);
    expect((await server.browser().get('/api/lessons/show/SOM-0201')).status).toBe(401);
  });
});

describe('file downloads', () => {
  const fileOf = async (name: string) => {
    const [row] = await server.db.select().from(files).where(eq(files.name, name));
    if (!row) throw new Error(`No file ${name}`);
    return row;
  };
  const storedBytes = (key: string) => readFile(path.join(server.filesDir, ...key.split('/')));

  it('sends a booked learner the exact bytes the seed stored, as an attachment', async () => {
    const file = await fileOf('Fractions and decimals - notes.pdf');
    const student = await signedIn(server, STUDENT);
    const response = await fetch(`${server.baseUrl}${`/api/files/${file.id}`}`, {
      headers: { cookie: [...student.cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(await storedBytes(file.storageKey))).toBe(true);
    expect(bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(bytes.length).toBe(file.sizeBytes);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-length')).toBe(String(file.sizeBytes));
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Fractions and decimals - notes.pdf"; filename*=UTF-8''Fractions%20and%20decimals%20-%20notes.pdf`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toMatch(/^private/);
  });

  it('lets the parent of a booked child, the teacher and an admin download; anyone else gets 404', async () => {
    const file = await fileOf('Past-paper quadratics.pdf');
    const text = (await storedBytes(file.storageKey)).toString('latin1');
    const parent = await signedIn(server, PARENT);
    const byParent = await parent.get(`/api/files/${file.id}`);
    expect(byParent.status).toBe(200);
    expect(byParent.text).toBe(text);
    expect(
      (await (await signedIn(server, 'david.kariuki@example.com')).get(`/api/files/${file.id}`)).status,
    ).toBe(200);
    expect((await (await signedIn(server, 'admin@example.com')).get(`/api/files/${file.id}`)).status).toBe(
      200,
    );

    expect((await (await signedIn(server, STUDENT)).get(`/api/files/${file.id}`)).status).toBe(404);
    expect((await (await signedIn(server, TEACHER)).get(`/api/files/${file.id}`)).status).toBe(404);
    expect(
      (await (await newBuyer(server, { role: 'parent' })).browser.get(`/api/files/${file.id}`)).status,
    ).toBe(404);
    expect((await server.browser().get(`/api/files/${file.id}`)).status).toBe(401);
    expect((await parent.get('/api/files/999999')).status).toBe(404);
    expect((await parent.get('/api/files/abc')).status).toBe(422);
  });

  it('answers 404 for a photo and for a file whose bytes are missing', async () => {
    const note = await server.db.select().from(notes).limit(1);
    const owner = await newBuyer(server);
    const [photo] = await server.db
      .insert(files)
      .values({
        ownerUserId: owner.userId,
        purpose: 'photo',
        name: 'me.png',
        sizeBytes: 10,
        mimeType: 'image/png',
        storageKey: `photos/test-${owner.userId}.png`,
      })
      .returning();
    expect((await owner.browser.get(`/api/files/${photo?.id}`)).status).toBe(404);
    const [missing] = await server.db
      .insert(files)
      .values({
        ownerUserId: owner.userId,
        purpose: 'note',
        noteId: note[0]?.id ?? null,
        name: 'gone.pdf',
        sizeBytes: 10,
        mimeType: 'application/pdf',
        storageKey: `notes/missing-${owner.userId}.pdf`,
      })
      .returning();
    expect((await owner.browser.get(`/api/files/${missing?.id}`)).status).toBe(404);
  });
});

describe('the seed', () => {
  it('booked the demo learners past and upcoming lessons, with a lesson starting about now', async () => {
    const student = await signedIn(server, STUDENT);
    const all = codesOf((await student.get('/api/lessons/bookings?per_page=100')).body);
    expect(all).toEqual(expect.arrayContaining([...WANJIRU_PAST, 'SOM-0205', ...WANJIRU_UPCOMING]));
  });
});
