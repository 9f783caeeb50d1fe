// The file rules of notes and assignments over HTTP (SPEC §5, src/shared/teaching.ts): the allowed
// formats judged by their bytes, 10 MB each read no further than the limit, 1 to 5 files, and bad
// input of any kind answered with a 422, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notes } from '../../../server/db/schema';
import { MATERIAL_FILE_MAX_BYTES } from '../../../src/shared/teaching';
import { startTestServer, type TestServer } from '../support/test-server';
import {
  COUNT,
  DOCX,
  GIF,
  JPEG,
  lessonOf,
  nairobiDate,
  newTeacher,
  OLE,
  PDF,
  PNG,
  raw,
  sendForm,
  SIZE,
  storedMaterials,
  TEXT,
  TYPES,
  WEBP,
  type Teacher,
  type Upload,
} from './support';

let server: TestServer;
let teacher: Teacher;
let lessonId: number;
beforeAll(async () => {
  server = await startTestServer();
  teacher = await newTeacher(server);
  lessonId = (await lessonOf(server, teacher.teacherId)).id;
});
afterAll(async () => {
  await server.close();
});

const storeNote = (uploads: Upload[], fields: Record<string, string | number> = {}) =>
  sendForm(
    server,
    teacher.browser,
    '/api/teacher/notes/store',
    { lesson_id: lessonId, title: 'Files', ...fields },
    uploads,
  );

/** Refused with `message` on `files`, and nothing stored or written. */
async function expectRefused(uploads: Upload[], message: string) {
  const before = await storedMaterials(server);
  const notesBefore = (await server.db.select().from(notes).where(eq(notes.lessonId, lessonId))).length;
  const response = await storeNote(uploads);
  expect(response.status).toBe(422);
  expect(response.body).toEqual({ message, errors: { files: [message] } });
  expect(await storedMaterials(server)).toEqual(before);
  expect(await server.db.select().from(notes).where(eq(notes.lessonId, lessonId))).toHaveLength(notesBefore);
}

describe('allowed formats, judged by their bytes', () => {
  it('accepts every allowed format with its own signature, stored with its extension type', async () => {
    const all: Array<[string, Buffer, string]> = [
      ['a.pdf', PDF, 'application/pdf'],
      ['b.jpg', JPEG, 'image/jpeg'],
      ['c.JPEG', JPEG, 'image/jpeg'],
      ['d.png', PNG, 'image/png'],
      ['e.webp', WEBP, 'image/webp'],
      ['f.gif', GIF, 'image/gif'],
      ['g.docx', DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['h.xlsx', DOCX, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['i.pptx', DOCX, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['j.doc', OLE, 'application/msword'],
      ['k.xls', OLE, 'application/vnd.ms-excel'],
      ['l.ppt', OLE, 'application/vnd.ms-powerpoint'],
      ['m.txt', TEXT, 'text/plain'],
    ];
    for (let start = 0; start < all.length; start += 5) {
      const batch = all.slice(start, start + 5);
      // Declared types do not count: every part is sent as octet-stream.
      const response = await storeNote(batch.map(([name, bytes]) => ({ name, bytes })));
      expect(response.status).toBe(201);
      expect(
        (response.body.data.files as Array<{ name: string; mime_type: string; size: number }>).map((file) => [
          file.name,
          file.mime_type,
          file.size,
        ]),
      ).toEqual(batch.map(([name, bytes, type]) => [name, type, bytes.length]));
    }
  });

  it('refuses a file whose bytes are not what its name says (a .pdf that is really a PNG)', async () => {
    await expectRefused([{ name: 'worksheet.pdf', bytes: PNG, type: 'application/pdf' }], TYPES);
    await expectRefused([{ name: 'photo.png', bytes: PDF, type: 'image/png' }], TYPES);
    await expectRefused([{ name: 'essay.docx', bytes: OLE }], TYPES);
    await expectRefused([{ name: 'essay.doc', bytes: DOCX }], TYPES);
    await expectRefused([{ name: 'anim.gif', bytes: JPEG }], TYPES);
    await expectRefused(
      [{ name: 'pic.webp', bytes: Buffer.from('RIFF\x00\x00\x00\x00WAVE', 'latin1') }],
      TYPES,
    );
  });

  it('refuses text that is not UTF-8 or holds NUL bytes', async () => {
    await expectRefused([{ name: 'binary.txt', bytes: Buffer.from('abc\x00def', 'latin1') }], TYPES);
    await expectRefused([{ name: 'latin1.txt', bytes: Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) }], TYPES);
  });

  it('refuses names with other or no extensions, and one bad file refuses the whole form', async () => {
    await expectRefused([{ name: 'setup.exe', bytes: Buffer.from('MZ') }], TYPES);
    await expectRefused([{ name: 'README', bytes: TEXT }], TYPES);
    await expectRefused([{ name: 'page.html', bytes: Buffer.from('<p>hi</p>') }], TYPES);
    await expectRefused(
      [
        { name: 'good.pdf', bytes: PDF },
        { name: 'bad.pdf', bytes: PNG },
      ],
      TYPES,
    );
  });

  it('refuses an empty file as missing', async () => {
    await expectRefused([{ name: 'empty.txt', bytes: Buffer.alloc(0) }], 'This field is required.');
  });
});

describe('size and count', () => {
  it('accepts exactly 10 MB and refuses one byte more, in the SPEC §5 words', async () => {
    const exact = Buffer.alloc(MATERIAL_FILE_MAX_BYTES, 0x61);
    const ok = await storeNote([{ name: 'big.txt', bytes: exact }]);
    expect(ok.status).toBe(201);
    expect(ok.body.data.files[0].size).toBe(MATERIAL_FILE_MAX_BYTES);
    await expectRefused(
      [{ name: 'too-big.txt', bytes: Buffer.alloc(MATERIAL_FILE_MAX_BYTES + 1, 0x61) }],
      SIZE,
    );
    // Far over the limit, after a good file: refused as soon as the limit is passed.
    await expectRefused(
      [
        { name: 'ok.pdf', bytes: PDF },
        { name: 'huge.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(25 * 1024 * 1024)]) },
      ],
      SIZE,
    );
  });

  it('refuses no file and more than 5, together with the other fields errors', async () => {
    const none = await storeNote([], { title: '' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ title: ['This field is required.'], files: [COUNT] });
    const six = Array.from({ length: 6 }, (_, index) => ({ name: `part-${index}.txt`, bytes: TEXT }));
    await expectRefused(six, COUNT);
    const five = await storeNote(six.slice(0, 5));
    expect(five.status).toBe(201);
    expect(five.body.data.files).toHaveLength(5);
  });

  it('takes files sent as files[] too, and ignores parts under other names', async () => {
    const response = await storeNote([
      { name: 'a.txt', bytes: TEXT, field: 'files[]' },
      { name: 'b.pdf', bytes: PDF, field: 'attachment' },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.data.files.map((file: { name: string }) => file.name)).toEqual(['a.txt']);
  });

  it('the same rules hold for assignments', async () => {
    const response = await sendForm(
      server,
      teacher.browser,
      '/api/teacher/assignments/store',
      { lesson_id: lessonId, title: 'Homework', due_date: nairobiDate(2) },
      [{ name: 'homework.pdf', bytes: PNG }],
    );
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ files: [TYPES] });
  });
});

describe('bad input is a 422, never a 500', () => {
  it('a JSON body reads as an empty form', async () => {
    const response = await raw(server, teacher.browser, '/api/teacher/notes/store', {
      method: 'POST',
      body: JSON.stringify({ lesson_id: lessonId, title: 'No files' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      lesson_id: ['This field is required.'],
      title: ['This field is required.'],
      files: [COUNT],
    });
  });

  it('a broken multipart body, too many fields, or odd field values', async () => {
    const boundary = '----somesha';
    const broken = await raw(server, teacher.browser, '/api/teacher/notes/store', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.txt"\r\n\r\nunterminated`,
    });
    expect(broken.status).toBe(422);
    expect(broken.body.message).toBe('Please check the highlighted fields and try again.');

    const fields = Object.fromEntries(Array.from({ length: 12 }, (_, index) => [`extra${index}`, 'x']));
    const many = await storeNote([{ name: 'a.txt', bytes: TEXT }], fields);
    expect(many.status).toBe(422);

    const nul = await storeNote([{ name: 'a.txt', bytes: TEXT }], { title: 'bad\u0000title' });
    expect(nul.status).toBe(422);
    expect(nul.body.errors).toEqual({ title: ['Remove the characters that are not allowed (such as NUL).'] });

    const noBoundary = await raw(server, teacher.browser, '/api/teacher/notes/store', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'nothing',
    });
    expect(noBoundary.status).toBe(422);

    const urlencoded = await raw(server, teacher.browser, '/api/teacher/notes/store', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'title=x',
    });
    expect(urlencoded.status).toBeGreaterThanOrEqual(400);
    expect(urlencoded.status).toBeLessThan(500);
  });

  it('keeps a long file name within 255 characters and its extension', async () => {
    const response = await storeNote([{ name: `${'n'.repeat(400)}.pdf`, bytes: PDF }]);
    expect(response.status).toBe(201);
    const name = response.body.data.files[0].name as string;
    expect(name).toHaveLength(255);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
