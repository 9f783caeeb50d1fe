// Issue 24, teachers: the TSC number is optional, a national ID is one teacher's, vetting documents
// reach admins only, an admin decides a whole series at once, and a teacher's timetable shows the
// lessons they teach.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, teachers } from '../../../server/db/schema';
import { t } from '@/shared/messages';
import { signedIn } from '../admin/support';
import { newAccount } from '../support/accounts';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { download, JPEG, PDF, sendForm, TEXT } from '../teaching-materials/support';
import { approve, buyLesson, dayAhead, newTeacher, storeLessons } from '../teaching/support';

let server: TestServer;
let admin: Browser;
beforeAll(async () => {
  server = await startTestServer();
  admin = await signedIn(server, 'admin@example.com');
});
afterAll(() => server.close());

let nextId = 0;
/** A national ID no other test teacher has. */
const freshId = () => String(40_000_000 + process.pid * 100 + (nextId += 1));

async function profileBody(browser: Browser, overrides: Record<string, unknown> = {}) {
  const data = (await browser.get('/api/teacher/update-data')).body.data;
  return {
    biography: 'I tutor mathematics privately.',
    current_workplace: 'Private tutor',
    qualification_level: 'Degree',
    curriculum_id: data.curricula[0].id,
    edu_level_id: data.curricula[0].edu_levels[0].id,
    subject_ids: [data.subjects[0].id],
    id_number: freshId(),
    ...overrides,
  };
}

describe('a teacher’s profile numbers', () => {
  it('saves and submits a profile without a TSC number (a private tutor has none)', async () => {
    const browser = await newAccount(server, 'teacher', 'mkufunzi_binafsi');
    const saved = await browser.post('/api/teacher/update', await profileBody(browser));
    expect(saved.status).toBe(200);
    expect(saved.body.data.teacher).toMatchObject({ has_id_number: true, has_tsc_number: false });
    const submitted = await browser.post('/api/teacher/submit-profile');
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.teacher.status).toBe('pending');
  });

  it('refuses a national ID another teacher has (any letter case) with 422, and keeps the teacher’s own', async () => {
    const first = await newAccount(server, 'teacher', 'mwalimu_wa_kwanza');
    const second = await newAccount(server, 'teacher', 'mwalimu_wa_pili');
    const passport = `AB${freshId()}`.slice(0, 12);
    expect(
      (await first.post('/api/teacher/update', await profileBody(first, { id_number: passport }))).status,
    ).toBe(200);
    // Saving again with one's own number is no clash.
    expect(
      (await first.post('/api/teacher/update', await profileBody(first, { id_number: passport }))).status,
    ).toBe(200);
    const taken = await second.post(
      '/api/teacher/update',
      await profileBody(second, { id_number: passport.toLowerCase() }),
    );
    expect(taken).toMatchObject({ status: 422, body: { errors: { id_number: [t('teach.idNumberTaken')] } } });
    expect(
      (await second.post('/api/teacher/update', await profileBody(second, { id_number: freshId() }))).status,
    ).toBe(200);
  });

  it('the database itself refuses a second teacher with the same national ID', async () => {
    const one = await newTeacher(server);
    const other = await newTeacher(server);
    const number = freshId();
    await server.db.update(teachers).set({ idNumber: number }).where(eq(teachers.id, one.teacherId));
    await expect(
      server.db.update(teachers).set({ idNumber: number }).where(eq(teachers.id, other.teacherId)),
    ).rejects.toThrow();
  });
});

describe('vetting documents', () => {
  it('a teacher uploads an ID and certificates; only admins list them, and only admins (and the owner) download them', async () => {
    const teacher = await newTeacher(server, 'pending');
    const id = await sendForm(server, teacher.browser, '/api/teacher/documents', { kind: 'id_document' }, [
      { bytes: JPEG, name: 'national-id.jpg', type: 'image/jpeg' },
    ]);
    expect(id.status).toBe(201);
    expect(id.body).toMatchObject({
      message: t('teach.documentUploaded'),
      data: [{ kind: 'id_document', name: 'national-id.jpg', mime_type: 'image/jpeg', size: JPEG.length }],
    });
    const certificates = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/documents',
      { kind: 'certificate' },
      [
        { bytes: PDF, name: 'degree.pdf', type: 'application/pdf' },
        { bytes: PDF, name: 'kcse.pdf', type: 'application/pdf' },
      ],
    );
    expect(certificates.status).toBe(201);

    const listed = await admin.get(`/api/admin/teachers/documents/${teacher.teacherId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((row: Json) => [row.kind, row.name])).toEqual([
      ['id_document', 'national-id.jpg'],
      ['certificate', 'degree.pdf'],
      ['certificate', 'kcse.pdf'],
    ]);
    const file = listed.body.data[1] as Json;
    expect(file.url).toBe(`/api/files/${file.id}`);
    const fetched = await download(server, admin, file.id);
    expect(fetched.status).toBe(200);
    expect(fetched.bytes).toEqual(PDF);

    // Anyone else: 403 on the list (not an admin), 404 on the file (as for a file that does not exist).
    const learner = await newAccount(server, 'student', 'mdadisi_hati');
    const otherTeacher = await newTeacher(server);
    for (const browser of [learner, otherTeacher.browser, teacher.browser]) {
      expect((await browser.get(`/api/admin/teachers/documents/${teacher.teacherId}`)).status).toBe(403);
    }
    for (const browser of [learner, otherTeacher.browser]) {
      expect((await download(server, browser, file.id)).status).toBe(404);
    }
    expect((await download(server, teacher.browser, file.id)).status).toBe(200);
    expect((await admin.get('/api/admin/teachers/documents/999999999')).status).toBe(404);
    // Not in the public view of the teacher, nor sent anywhere else.
    expect(JSON.stringify((await teacher.browser.get('/api/user')).body)).not.toContain('degree.pdf');
  });

  it('refuses what is not a PDF or an image, a missing kind and no file, with 422s', async () => {
    const teacher = await newTeacher(server, 'pending');
    const text = await sendForm(server, teacher.browser, '/api/teacher/documents', { kind: 'certificate' }, [
      { bytes: TEXT, name: 'cv.txt', type: 'text/plain' },
    ]);
    expect(text).toMatchObject({ status: 422, body: { errors: { files: [t('teach.documentType')] } } });
    const noKind = await sendForm(server, teacher.browser, '/api/teacher/documents', {}, [
      { bytes: PDF, name: 'degree.pdf', type: 'application/pdf' },
    ]);
    expect(noKind.status).toBe(422);
    expect(noKind.body.errors.kind).toBeDefined();
    const none = await sendForm(server, teacher.browser, '/api/teacher/documents', { kind: 'certificate' });
    expect(none.status).toBe(422);
    expect(none.body.errors.files).toBeDefined();
    expect((await admin.get(`/api/admin/teachers/documents/${teacher.teacherId}`)).body.data).toEqual([]);
    const learner = await newAccount(server, 'student', 'mwanafunzi_hati');
    const refused = await sendForm(server, learner, '/api/teacher/documents', { kind: 'certificate' }, [
      { bytes: PDF, name: 'degree.pdf', type: 'application/pdf' },
    ]);
    expect(refused.status).toBe(403);
  });
});

describe('a teacher’s own vetting documents', () => {
  it('GET /api/teacher/documents lists the caller’s own documents, oldest first, and nobody else’s', async () => {
    const teacher = await newTeacher(server, 'new');
    const other = await newTeacher(server, 'new');
    expect(await teacher.browser.get('/api/teacher/documents')).toMatchObject({
      status: 200,
      body: { data: [] },
    });
    await sendForm(server, teacher.browser, '/api/teacher/documents', { kind: 'certificate' }, [
      { bytes: PDF, name: 'diploma.pdf', type: 'application/pdf' },
    ]);
    await sendForm(server, teacher.browser, '/api/teacher/documents', { kind: 'id_document' }, [
      { bytes: JPEG, name: 'kitambulisho.jpg', type: 'image/jpeg' },
    ]);
    await sendForm(server, other.browser, '/api/teacher/documents', { kind: 'certificate' }, [
      { bytes: PDF, name: 'someone-else.pdf', type: 'application/pdf' },
    ]);

    const own = await teacher.browser.get('/api/teacher/documents');
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([
      expect.objectContaining({
        kind: 'certificate',
        name: 'diploma.pdf',
        mime_type: 'application/pdf',
        size: PDF.length,
      }),
      expect.objectContaining({ kind: 'id_document', name: 'kitambulisho.jpg', mime_type: 'image/jpeg' }),
    ]);
    const first = own.body.data[0] as Json;
    expect(first.url).toBe(`/api/files/${first.id}`);
    expect((await download(server, teacher.browser, first.id)).status).toBe(200);
    expect(
      (await other.browser.get('/api/teacher/documents')).body.data.map((row: Json) => row.name),
    ).toEqual(['someone-else.pdf']);
  });

  it('is for teachers only; a query cannot name another teacher', async () => {
    const learner = await newAccount(server, 'student', 'mwanafunzi_orodha');
    expect((await learner.get('/api/teacher/documents')).status).toBe(403);
    expect((await admin.get('/api/teacher/documents')).status).toBe(403);
    const owner = await newTeacher(server, 'new');
    await sendForm(server, owner.browser, '/api/teacher/documents', { kind: 'certificate' }, [
      { bytes: PDF, name: 'not-yours.pdf', type: 'application/pdf' },
    ]);
    const teacher = await newTeacher(server, 'new');
    const asked = await teacher.browser.get(`/api/teacher/documents?teacher_id=${owner.teacherId}`);
    expect(asked.status).toBe(200);
    expect(asked.body.data).toEqual([]);
  });
});

describe('a series decided in one step', () => {
  it('approves every waiting lesson of the series and tells the teacher once; the admin list counts the series', async () => {
    const teacher = await newTeacher(server);
    const series = await storeLessons(teacher, {
      date: dayAhead(60),
      time: '08:00',
      lessons_count: 3,
      frequency: 'weekly',
    });
    const single = await storeLessons(teacher, { date: dayAhead(61), time: '08:00' });
    const queue = await admin.get('/api/admin/lessons?per_page=100');
    const row = queue.body.data.find((item: Json) => item.id === series[1]!.id);
    expect(row.series_pending).toBe(3);
    expect(queue.body.data.find((item: Json) => item.id === single[0]!.id).series_pending).toBe(1);

    const answer = await admin.post(`/api/admin/lessons/approve-series/${series[1]!.id}`);
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(t('teach.seriesApproved', { count: 3 }));
    expect(answer.body.data.map((lesson: Json) => [lesson.id, lesson.status])).toEqual(
      series.map((lesson) => [lesson.id, 'approved']),
    );
    // The other store is another series: still waiting.
    const [other] = await server.db.select().from(lessons).where(eq(lessons.id, single[0]!.id));
    expect(other?.isApproved).toBe(false);
    const feed = await teacher.browser.get('/api/notifications');
    const texts = JSON.stringify(feed.body);
    expect(texts.match(/3 lessons from/g)).toHaveLength(1);

    const again = await admin.post(`/api/admin/lessons/approve-series/${series[0]!.id}`);
    expect(again).toMatchObject({ status: 409, body: { message: t('teach.seriesNothing') } });
  });

  it('rejects the waiting rest of a series with the comment; an empty comment is a 422; others get 403, unknown 404', async () => {
    const teacher = await newTeacher(server);
    const series = await storeLessons(teacher, {
      date: dayAhead(70),
      time: '09:00',
      lessons_count: 3,
      frequency: 'daily',
    });
    await approve(server, series[0]!.id);
    const empty = await admin.post(`/api/admin/lessons/reject-series/${series[1]!.id}`, { comment: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.comment).toBeDefined();
    expect(
      (await teacher.browser.post(`/api/admin/lessons/reject-series/${series[1]!.id}`, { comment: 'No.' }))
        .status,
    ).toBe(403);
    expect((await admin.post('/api/admin/lessons/approve-series/999999999')).status).toBe(404);

    const answer = await admin.post(`/api/admin/lessons/reject-series/${series[2]!.id}`, {
      comment: 'Please add an objective for each lesson.',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe(t('teach.seriesRejected', { count: 2 }));
    const rows = await server.db
      .select()
      .from(lessons)
      .where(eq(lessons.seriesId, await seriesOf(series[0]!.id)));
    expect(rows.map((lesson) => [lesson.id, lesson.isApproved, lesson.rejectionComment]).sort()).toEqual(
      [
        [series[0]!.id, true, null],
        [series[1]!.id, false, 'Please add an objective for each lesson.'],
        [series[2]!.id, false, 'Please add an objective for each lesson.'],
      ].sort(),
    );
  });
});

async function seriesOf(lessonId: number): Promise<string> {
  const [row] = await server.db
    .select({ seriesId: lessons.seriesId })
    .from(lessons)
    .where(eq(lessons.id, lessonId));
  return row?.seriesId ?? '';
}

describe('a teacher’s timetable', () => {
  it('shows the approved lessons they teach, with no booking, beside the ones they booked', async () => {
    const teacher = await newTeacher(server);
    const [taught, pending, cancelled] = await Promise.all([
      storeLessons(teacher, { date: dayAhead(3), time: '14:00' }),
      storeLessons(teacher, { date: dayAhead(4), time: '14:00' }),
      storeLessons(teacher, { date: dayAhead(5), time: '14:00' }),
    ]).then((stored) => stored.map((lessons) => lessons[0]!));
    await approve(server, taught!.id, cancelled!.id);
    await server.db.update(lessons).set({ cancelledAt: new Date() }).where(eq(lessons.id, cancelled!.id));
    await buyLesson(server, taught!.id);

    const answer = await teacher.browser.get(`/api/timetable?from=${dayAhead(0)}&to=${dayAhead(6)}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      expect.objectContaining({
        id: taught!.id,
        code: taught!.code,
        teaching: true,
        booking: null,
        bookings_count: 1,
      }),
    ]);
    expect(answer.body.data.map((item: Json) => item.id)).not.toContain(pending!.id);

    // A learner's timetable is as it was.
    const learner = await newAccount(server, 'student', 'mwanafunzi_ratiba');
    expect((await learner.get(`/api/timetable?from=${dayAhead(0)}&to=${dayAhead(6)}`)).body.data).toEqual([]);
  });
});
