// Deleting one file (`DELETE /api/files/delete/{id}`), what a storage or database failure leaves
// behind (nothing half-done), and who may download the files a teacher adds (`GET /api/files/{id}`).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, notes } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';
import { JPEG, uploadPhoto } from '../profile-workspace/support';
import {
  book,
  COUNT,
  del,
  download,
  lessonOf,
  nairobiDate,
  newTeacher,
  PDF,
  pathOf,
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

const pdf = { bytes: PDF, name: 'worksheet.pdf' };
const txt = { bytes: TEXT, name: 'notes.txt' };

async function noteWith(uploads: Array<{ bytes: Buffer; name: string }>, title = 'Note') {
  const lesson = await lessonOf(server, teacher.teacherId);
  const response = await sendForm(
    server,
    teacher.browser,
    '/api/teacher/notes/store',
    { lesson_id: lesson.id, title },
    uploads,
  );
  expect(response.status).toBe(201);
  return {
    lesson,
    id: response.body.data.id as number,
    fileIds: (response.body.data.files as Array<{ id: number }>).map((file) => file.id),
  };
}

/** Makes removing a stored file fail: a folder (with something in it) where its bytes were. */
async function blockRemoval(key: string): Promise<void> {
  const file = pathOf(server, key);
  await rm(file);
  await mkdir(file);
  await writeFile(`${file}/keep`, 'x');
}

describe('deleting one file', () => {
  it('the owner deletes a file: its row and its bytes go, the note keeps the others', async () => {
    const note = await noteWith([pdf, txt]);
    const [firstKey] = await storedKeys(server, { noteId: note.id });
    const response = await del(server, teacher.browser, `/api/files/delete/${note.fileIds[0]}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'File deleted' });
    expect(
      await server.db
        .select()
        .from(files)
        .where(eq(files.id, note.fileIds[0] ?? 0)),
    ).toEqual([]);
    expect(await storedMaterials(server)).not.toContain(firstKey?.replace('materials/', ''));
    expect((await download(server, teacher.browser, note.fileIds[0] ?? 0)).status).toBe(404);
    const page = await teacher.browser.get(`/api/lessons/show/${note.lesson.code}`);
    expect(page.body.data.notes[0].files.map((file: { id: number }) => file.id)).toEqual([note.fileIds[1]]);
  });

  it('the last file of a note or an assignment cannot go', async () => {
    const note = await noteWith([pdf]);
    const response = await del(server, teacher.browser, `/api/files/delete/${note.fileIds[0]}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message: COUNT, errors: { files: [COUNT] } });
    expect((await download(server, teacher.browser, note.fileIds[0] ?? 0)).status).toBe(200);

    const lesson = await lessonOf(server, teacher.teacherId);
    const assignment = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Homework', due_date: nairobiDate(2) },
      [pdf, txt],
    );
    const [first, second] = (assignment.body.data.files as Array<{ id: number }>).map((file) => file.id);
    expect((await del(server, teacher.browser, `/api/files/delete/${first}`)).status).toBe(200);
    expect((await del(server, teacher.browser, `/api/files/delete/${second}`)).body).toEqual({
      message: COUNT,
      errors: { files: [COUNT] },
    });
  });

  it('two deletes of a note last two files at once: one goes, the other is refused', async () => {
    const note = await noteWith([pdf, txt]);
    const answers = await Promise.all(
      note.fileIds.map((fileId) => del(server, teacher.browser, `/api/files/delete/${fileId}`)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await storedKeys(server, { noteId: note.id })).toHaveLength(1);
  });

  it('anyone but the owner gets a 404, and so does a photo, an unknown or a malformed id (422)', async () => {
    const note = await noteWith([pdf, txt]);
    const fileId = note.fileIds[0] ?? 0;
    const other = await newTeacher(server);
    const student = await newBuyer(server);
    await book(server, note.lesson.id, student.profileId);
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    for (const browser of [other.browser, student.browser, admin]) {
      const response = await del(server, browser, `/api/files/delete/${fileId}`);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Not found.' });
    }
    expect((await del(server, server.browser(), `/api/files/delete/${fileId}`)).status).toBe(401);
    expect((await download(server, teacher.browser, fileId)).status).toBe(200);

    // The teacher's own profile photo is not deleted through here.
    await uploadPhoto(server, teacher.browser, { bytes: JPEG, name: 'me.jpg', type: 'image/jpeg' });
    const photo = (await server.db.select().from(files).where(eq(files.ownerUserId, teacher.userId))).find(
      (row) => row.purpose === 'photo',
    );
    expect(photo).toBeDefined();
    expect((await del(server, teacher.browser, `/api/files/delete/${photo?.id}`)).status).toBe(404);
    expect((await teacher.browser.get('/api/user')).body.data.photo).toMatch(/^\/api\/photos\//);

    expect((await del(server, teacher.browser, '/api/files/delete/99999999')).status).toBe(404);
    const malformed = await del(server, teacher.browser, '/api/files/delete/x1');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors).toEqual({ id: ['Enter a whole number.'] });
  });
});

describe('a storage failure leaves nothing half-deleted', () => {
  it('a file whose bytes cannot be removed stays, with the SPEC §8 message', async () => {
    const note = await noteWith([pdf, txt]);
    const [firstKey] = await storedKeys(server, { noteId: note.id });
    await blockRemoval(firstKey ?? '');
    const response = await del(server, teacher.browser, `/api/files/delete/${note.fileIds[0]}`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      message:
        'Failed to delete worksheet.pdf. Please try again later or contact support if the issue persists.',
    });
    expect(
      await server.db
        .select()
        .from(files)
        .where(eq(files.id, note.fileIds[0] ?? 0)),
    ).toHaveLength(1);
  });

  it('a note whose second file cannot be removed stays whole: rows kept, the first file put back', async () => {
    const note = await noteWith([pdf, txt], 'Keep me');
    const [, secondKey] = await storedKeys(server, { noteId: note.id });
    await blockRemoval(secondKey ?? '');
    const response = await del(server, teacher.browser, `/api/teacher/notes/delete/${note.id}`);
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(
      'Failed to delete Keep me. Please try again later or contact support if the issue persists.',
    );
    expect(await server.db.select().from(notes).where(eq(notes.id, note.id))).toHaveLength(1);
    expect(await storedKeys(server, { noteId: note.id })).toHaveLength(2);
    const first = await download(server, teacher.browser, note.fileIds[0] ?? 0);
    expect(first.status).toBe(200);
    expect(first.bytes.equals(PDF)).toBe(true);
  });
});

describe('a database failure leaves no stored bytes', () => {
  it('the bytes written before a failed transaction are removed, and no row is left', async () => {
    await server.db.execute(
      sql.raw(`CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.name = 'boom.txt' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`),
    );
    await server.db.execute(
      sql.raw(
        'CREATE TRIGGER refuse_boom BEFORE INSERT ON files FOR EACH ROW EXECUTE FUNCTION refuse_boom()',
      ),
    );
    try {
      const lesson = await lessonOf(server, teacher.teacherId);
      const before = await storedMaterials(server);
      const response = await sendForm(
        server,
        teacher.browser,
        '/api/teacher/notes/store',
        { lesson_id: lesson.id, title: 'Doomed' },
        [pdf, { bytes: TEXT, name: 'boom.txt' }],
      );
      expect(response.status).toBe(500);
      expect(response.body).toEqual({ message: 'Something went wrong, please try again later.' });
      expect(await storedMaterials(server)).toEqual(before);
      expect(await server.db.select().from(notes).where(eq(notes.lessonId, lesson.id))).toEqual([]);
    } finally {
      await server.db.execute(sql.raw('DROP TRIGGER refuse_boom ON files'));
      await server.db.execute(sql.raw('DROP FUNCTION refuse_boom()'));
    }
  });
});

describe('downloading the files a teacher adds', () => {
  it('serves the owner, an admin, a booked learner and the parent of a booked child; 404 for others', async () => {
    const note = await noteWith([pdf, txt]);
    const fileId = note.fileIds[1] ?? 0;
    const student = await newBuyer(server);
    const parent = await newBuyer(server, { role: 'parent', children: 1 });
    await book(server, note.lesson.id, student.profileId);
    await book(server, note.lesson.id, parent.childIds[0] ?? 0);
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    for (const browser of [teacher.browser, admin, student.browser, parent.browser]) {
      const file = await download(server, browser, fileId);
      expect(file.status).toBe(200);
      expect(file.bytes.equals(TEXT)).toBe(true);
    }

    const unbooked = await newBuyer(server);
    const otherParent = await newBuyer(server, { role: 'parent', children: 1 });
    const other = await newTeacher(server);
    for (const browser of [unbooked.browser, otherParent.browser, other.browser])
      expect((await download(server, browser, fileId)).status).toBe(404);
    expect((await download(server, server.browser(), fileId)).status).toBe(401);
  });

  it('an assignment file too, with its type and name in the headers', async () => {
    const lesson = await lessonOf(server, teacher.teacherId);
    const student = await newBuyer(server);
    await book(server, lesson.id, student.profileId);
    const created = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lesson.id, title: 'Homework', due_date: nairobiDate(2) },
      [{ bytes: PDF, name: 'Kazi ya nyumbani.pdf' }],
    );
    const fileId = created.body.data.files[0].id as number;
    const response = await download(server, student.browser, fileId);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Kazi ya nyumbani.pdf"; filename*=UTF-8''Kazi%20ya%20nyumbani.pdf`,
    );
    expect(response.bytes.equals(PDF)).toBe(true);
  });
});
