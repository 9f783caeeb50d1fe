// A teacher's notes and assignments over HTTP (docs/teaching-admin.md, issue 10): adding, editing
// and deleting them on their own lessons, the due-date rule, who may touch them, and the learners
// (or their parents) hearing of a new one.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, assignments, files, lessons, notes, notifications } from '../../../server/db/schema';
import { formatDate } from '../../../src/shared/format';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  AFTER_TODAY,
  book,
  COUNT,
  del,
  download,
  lessonOf,
  nairobiDate,
  newTeacher,
  PDF,
  PNG,
  sendForm,
  storedKeys,
  storedMaterials,
  TEXT,
  type Teacher,
} from './support';

let server: TestServer;
let teacher: Teacher;
beforeAll(async () => {
  server = await startTestServer();
  teacher = await newTeacher(server);
});
afterAll(async () => {
  await server.close();
});

const pdf = { bytes: PDF, name: 'Fractions worksheet.pdf', type: 'application/pdf' };
const txt = { bytes: TEXT, name: 'notes.txt', type: 'text/plain' };

describe('notes', () => {
  it('adds a note with its files to the teacher own lesson and shows it on the lesson page', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const response = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Fractions', description: 'Read before the lesson.' },
      [pdf, txt],
    );
    expect(response.status).toBe(201);
    expect(response.body.message).toBe('Note created');
    const note = response.body.data;
    expect(note).toMatchObject({ title: 'Fractions', desc: 'Read before the lesson.' });
    expect(note.created_at).toEqual(expect.any(String));
    expect(note.files).toEqual([
      {
        id: expect.any(Number),
        name: 'Fractions worksheet.pdf',
        size: PDF.length,
        mime_type: 'application/pdf',
        url: `/api/files/${note.files[0].id}`,
      },
      {
        id: expect.any(Number),
        name: 'notes.txt',
        size: TEXT.length,
        mime_type: 'text/plain',
        url: expect.any(String),
      },
    ]);

    const page = await teacher.browser.get(`/api/lessons/show/${lesson.code}`);
    expect(page.body.data.notes.map((row: { id: number }) => row.id)).toEqual([note.id]);
    expect(page.body.data.notes[0].files).toHaveLength(2);

    const file = await download(server, teacher.browser, note.files[1].id);
    expect(file.status).toBe(200);
    expect(file.bytes.equals(TEXT)).toBe(true);
  });

  it('refuses a note on a cancelled lesson with 409 and stores nothing', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    await server.db.update(lessons).set({ cancelledAt: new Date() }).where(eq(lessons.id, lesson.id));
    const response = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Too late', description: '' },
      [pdf],
    );
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      'This lesson was cancelled, so no notes or assignments can be added to it.',
    );
    expect(await server.db.select().from(notes).where(eq(notes.lessonId, lesson.id))).toEqual([]);
  });

  it('a title is required; the description is optional; the lesson id must be an id', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const before = (await storedMaterials(server)).length;
    const missing = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id },
      [pdf],
    );
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ title: ['This field is required.'] });
    const badId = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: 'abc', title: 'x' },
      [pdf],
    );
    expect(badId.status).toBe(422);
    expect(badId.body.errors).toEqual({ lesson_id: ['Enter a whole number.'] });
    const long = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'x'.repeat(151), description: 'y'.repeat(5001) },
      [pdf],
    );
    expect(long.body.errors).toEqual({
      title: ['Use at most 150 characters.'],
      description: ['Use at most 5000 characters.'],
    });
    // Nothing of a refused form is kept.
    expect((await storedMaterials(server)).length).toBe(before);
    const ok = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Short' },
      [pdf],
    );
    expect(ok.status).toBe(201);
    expect(ok.body.data.desc).toBe('');
  });

  it('edits the title and description and adds files, up to 5 in all', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const created = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Draft', description: 'Old' },
      [pdf, txt],
    );
    const id = created.body.data.id as number;
    const updated = await sendForm(
      server,
      teacher.browser,
      `/api/teacher/notes/update/${id}`,
      { title: 'Final', description: 'New' },
      [{ bytes: PNG, name: 'diagram.png', type: 'image/png' }],
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Note updated');
    expect(updated.body.data).toMatchObject({ id, title: 'Final', desc: 'New' });
    expect(updated.body.data.files.map((file: { name: string }) => file.name)).toEqual([
      'Fractions worksheet.pdf',
      'notes.txt',
      'diagram.png',
    ]);

    // 3 kept + 3 new is one too many: refused, nothing stored, nothing changed.
    const before = await storedMaterials(server);
    const tooMany = await sendForm(
      server,
      teacher.browser,
      `/api/teacher/notes/update/${id}`,
      { title: 'Changed' },
      [txt, txt, txt],
    );
    expect(tooMany.status).toBe(422);
    expect(tooMany.body).toEqual({ message: COUNT, errors: { files: [COUNT] } });
    expect(await storedMaterials(server)).toEqual(before);
    const [row] = await server.db.select().from(notes).where(eq(notes.id, id));
    expect(row?.title).toBe('Final');

    // Text only, no new file: fine.
    const textOnly = await sendForm(server, teacher.browser, `/api/teacher/notes/update/${id}`, {
      title: 'Text only',
    });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body.data.files).toHaveLength(3);
    const two = await sendForm(
      server,
      teacher.browser,
      `/api/teacher/notes/update/${id}`,
      { title: 'Five' },
      [txt, pdf],
    );
    expect(two.body.data.files).toHaveLength(5);
  });

  it('deletes a note with its files: the rows and the stored bytes go', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const created = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Temp' },
      [pdf, txt],
    );
    const id = created.body.data.id as number;
    const fileIds = (created.body.data.files as Array<{ id: number }>).map((file) => file.id);
    const keys = await storedKeys(server, { noteId: id });
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(await storedMaterials(server)).toContain(key.replace('materials/', ''));

    const response = await del(server, teacher.browser, `/api/teacher/notes/delete/${id}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Note deleted' });
    expect(await server.db.select().from(notes).where(eq(notes.id, id))).toEqual([]);
    expect(await server.db.select().from(files).where(eq(files.noteId, id))).toEqual([]);
    const stored = await storedMaterials(server);
    for (const key of keys) expect(stored).not.toContain(key.replace('materials/', ''));
    for (const fileId of fileIds) expect((await download(server, teacher.browser, fileId)).status).toBe(404);
    // Gone: deleting again is a 404.
    expect((await del(server, teacher.browser, `/api/teacher/notes/delete/${id}`)).status).toBe(404);
  });
});

describe('assignments', () => {
  it('adds an assignment due after today (Nairobi) and edits it', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const due = nairobiDate(3);
    const created = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Exercise 4', description: 'Questions 1 to 10', due_date: due },
      [pdf],
    );
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Assignment created');
    expect(created.body.data).toMatchObject({
      title: 'Exercise 4',
      desc: 'Questions 1 to 10',
      due_date: due,
    });
    expect(created.body.data.files).toHaveLength(1);
    const id = created.body.data.id as number;

    const later = nairobiDate(7);
    const updated = await sendForm(
      server,
      teacher.browser,
      `/api/teacher/assignments/update/${id}`,
      { title: 'Exercise 4 (all)', due_date: later },
      [txt],
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe('Assignment updated');
    expect(updated.body.data).toMatchObject({ title: 'Exercise 4 (all)', desc: '', due_date: later });
    expect(updated.body.data.files).toHaveLength(2);

    const deleted = await del(server, teacher.browser, `/api/teacher/assignments/delete/${id}`);
    expect(deleted.body).toEqual({ message: 'Assignment deleted' });
    expect(await server.db.select().from(assignments).where(eq(assignments.id, id))).toEqual([]);
  });

  it('refuses a due date of today or earlier, a malformed one and none', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const store = (due_date?: string) =>
      sendForm(
        server,
        teacher.browser,
        '/api/teacher/assignments/store',
        { lesson_id: lesson.id, title: 'Homework', ...(due_date === undefined ? {} : { due_date }) },
        [pdf],
      );
    for (const day of [nairobiDate(0), nairobiDate(-1)]) {
      const response = await store(day);
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message: AFTER_TODAY, errors: { due_date: [AFTER_TODAY] } });
    }
    expect((await store('next friday')).body.errors).toEqual({ due_date: ['Enter a date as YYYY-MM-DD.'] });
    expect((await store('2027-02-30')).body.errors).toEqual({ due_date: ['Enter a date as YYYY-MM-DD.'] });
    expect((await store()).body.errors).toEqual({ due_date: ['This field is required.'] });
    expect((await store(nairobiDate(1))).status).toBe(201);
  });

  it('an edit may keep a due date that has passed, but not move it to today', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const created = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Old homework', due_date: nairobiDate(2) },
      [pdf],
    );
    const id = created.body.data.id as number;
    const past = nairobiDate(-3);
    await server.db.update(assignments).set({ dueDate: past }).where(eq(assignments.id, id));
    const kept = await sendForm(server, teacher.browser, `/api/teacher/assignments/update/${id}`, {
      title: 'Old homework, corrected',
      due_date: past,
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.due_date).toBe(past);
    const today = await sendForm(server, teacher.browser, `/api/teacher/assignments/update/${id}`, {
      title: 'Old homework',
      due_date: nairobiDate(0),
    });
    expect(today.status).toBe(422);
    expect(today.body.errors).toEqual({ due_date: [AFTER_TODAY] });
  });
});

describe('who may add, edit and delete', () => {
  it('only the lesson own teacher: another teacher gets 404, others 403, signed out 401', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const note = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Mine' },
      [pdf],
    );
    const assignment = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Mine too', due_date: nairobiDate(2) },
      [pdf],
    );
    const noteId = note.body.data.id as number;
    const assignmentId = assignment.body.data.id as number;

    const other = await newTeacher(server);
    const attempts = async (browser: Teacher['browser']) => [
      await sendForm(server, browser, '/api/teacher/notes/store', { lesson_id: lesson.id, title: 'Theirs' }, [
        pdf,
      ]),
      await sendForm(
        server,
        browser,
        '/api/teacher/assignments/store',
        {
          lesson_id: lesson.id,
          title: 'Theirs',
          due_date: nairobiDate(2),
        },
        [pdf],
      ),
      await sendForm(server, browser, `/api/teacher/notes/update/${noteId}`, { title: 'Hijacked' }, [pdf]),
      await sendForm(server, browser, `/api/teacher/assignments/update/${assignmentId}`, {
        title: 'Hijacked',
        due_date: nairobiDate(2),
      }),
      await del(server, browser, `/api/teacher/notes/delete/${noteId}`),
      await del(server, browser, `/api/teacher/assignments/delete/${assignmentId}`),
    ];
    for (const response of await attempts(other.browser)) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not found.' });
    }
    const student = await newBuyer(server);
    for (const response of await attempts(student.browser)) {
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: 'This action is unauthorized.' });
    }
    for (const response of await attempts(server.browser())) expect(response.status).toBe(401);

    // Untouched, with their files.
    const [noteRow] = await server.db.select().from(notes).where(eq(notes.id, noteId));
    expect(noteRow?.title).toBe('Mine');
    expect(await storedKeys(server, { noteId })).toHaveLength(1);
    expect(await storedKeys(server, { assignmentId })).toHaveLength(1);
  });

  it('an unknown lesson or note is a 404, a malformed id a 422', async () => {
    const unknown = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: 99999999, title: 'x' },
      [pdf],
    );
    expect(unknown.status).toBe(404);
    expect(
      (await sendForm(server, teacher.browser, '/api/teacher/notes/update/99999999', { title: 'x' })).status,
    ).toBe(404);
    expect((await del(server, teacher.browser, '/api/teacher/assignments/delete/99999999')).status).toBe(404);
    const malformed = await del(server, teacher.browser, '/api/teacher/notes/delete/abc');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: ['Enter a whole number.'] });
  });
});

describe('the learners hear of a new note or assignment', () => {
  it('booked learners get a notification and an activity; a parent hears for the child; others nothing', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const student = await newBuyer(server);
    const parent = await newBuyer(server, { role: 'parent', children: 1 });
    const bystander = await newBuyer(server);
    await book(server, lesson.id, student.profileId);
    await book(server, lesson.id, parent.childIds[0] ?? 0);
    const lessonName = `${lesson.topicName} (${lesson.code})`;

    const note = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Fractions' },
      [pdf],
    );
    expect(note.status).toBe(201);
    const due = nairobiDate(4);
    await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Exercise 4', due_date: due },
      [pdf],
    );

    const studentFeed = await student.browser.get('/api/notifications');
    expect(
      studentFeed.body.data.slice(0, 2).map((row: { type: string; data: Json }) => [row.type, row.data]),
    ).toEqual([
      [
        'material',
        expect.objectContaining({
          title: 'New assignment',
          body: `New assignment "Exercise 4" on ${lessonName}, due ${formatDate(due)}`,
          url: `/lessons/show/${lesson.code}`,
          lesson_code: lesson.code,
          kind: 'assignment',
        }),
      ],
      [
        'material',
        expect.objectContaining({
          title: 'New note',
          body: `New note "Fractions" on ${lessonName}`,
          url: `/lessons/show/${lesson.code}`,
          note_id: note.body.data.id,
        }),
      ],
    ]);
    const studentActivities = await student.browser.get('/api/activities');
    expect(studentActivities.body.data[1]).toMatchObject({
      type: 'material',
      text: `New note "Fractions" on ${lessonName}`,
      url: `/lessons/show/${lesson.code}`,
    });

    const child = `Child0 Buyer ${parent.email.split('.')[1]?.split('@')[0]}`;
    const parentFeed = await parent.browser.get('/api/notifications');
    expect(parentFeed.body.data[1].data.body).toBe(`New note "Fractions" on ${child}'s lesson ${lessonName}`);
    const parentActivities = await parent.browser.get('/api/activities');
    expect(parentActivities.body.data[0].text).toBe(
      `New assignment "Exercise 4" on ${child}'s lesson ${lessonName}, due ${formatDate(due)}`,
    );

    const [nothing] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, bystander.userId), eq(notifications.type, 'material')));
    expect(nothing).toBeUndefined();
    expect(await server.db.select().from(activities).where(eq(activities.userId, bystander.userId))).toEqual(
      [],
    );
  });

  it('an edit tells nobody again', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const student = await newBuyer(server);
    await book(server, lesson.id, student.profileId);
    const note = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/notes/store',
      { lesson_id: lesson.id, title: 'Once' },
      [pdf],
    );
    await sendForm(
      server,
      teacher.browser,
      `/api/teacher/notes/update/${note.body.data.id}`,
      { title: 'Twice' },
      [txt],
    );
    const feed = await student.browser.get('/api/notifications');
    expect(feed.body.data.map((row: { data: { body: string } }) => row.data.body)).toEqual([
      `New note "Once" on ${lesson.topicName} (${lesson.code})`,
    ]);
  });
});

type Json = Record<string, unknown>;
