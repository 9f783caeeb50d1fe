// Shared by the teaching-materials tests (issue 10): fresh teachers with lessons of their own,
// bookings put straight into the database, multipart forms sent as the SPA sends them, and real
// bytes of every allowed format.
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { bookings, files, lessons, topics } from '../../../server/db/schema';
import { newBuyer } from '../commerce/buyers';
import type { Browser, Json, TestServer } from '../support/test-server';

// A real 1×1 PNG and a real 1×1 JPEG: the photo tests' own.
export { JPEG, PNG } from '../profile-workspace/support';
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
export const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([26, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14),
]);
export const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(60)]);
export const OLE = Buffer.concat([
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
  Buffer.alloc(60),
]);
export const TEXT = Buffer.from('Fractions: ½ + ¼ = ¾. Karibu!\n', 'utf8');

export const TYPES = 'Allowed file types: PDF, JPG, PNG, WebP, GIF, Word, Excel, PowerPoint, TXT.';
export const SIZE = 'Maximum file size is 10 MB.';
export const COUNT = 'Upload between 1 and 5 files.';
export const AFTER_TODAY = 'Date must be after today.';

export type Upload = { bytes: Buffer; name: string; type?: string; field?: string };

/** A Nairobi calendar day `offset` days from today. */
export function nairobiDate(offset: number): string {
  return new Date(Date.now() + 3 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
}

/** A multipart request as the SPA sends it: session cookie, CSRF header, FormData body. */
export async function sendForm(
  server: TestServer,
  browser: Browser,
  url: string,
  fields: Record<string, string | number>,
  uploads: Upload[] = [],
) {
  if (!browser.cookie('XSRF-TOKEN')) await browser.csrf();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const upload of uploads)
    form.append(
      upload.field ?? 'files',
      new Blob([new Uint8Array(upload.bytes)], { type: upload.type ?? 'application/octet-stream' }),
      upload.name,
    );
  return raw(server, browser, url, { method: 'POST', body: form });
}

/** Any request with the browser's cookie and CSRF header; the body answered as JSON when it is JSON. */
export async function raw(
  server: TestServer,
  browser: Browser,
  url: string,
  init: { method: string; body?: BodyInit; headers?: Record<string, string> },
) {
  if (!browser.cookie('XSRF-TOKEN')) await browser.csrf();
  const response = await fetch(`${server.baseUrl}${url}`, {
    method: init.method,
    headers: {
      accept: 'application/json',
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      'x-xsrf-token': decodeURIComponent(browser.cookie('XSRF-TOKEN') ?? ''),
      ...init.headers,
    },
    body: init.body,
  });
  const text = await response.text();
  let body: Json = text;
  if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
    body = JSON.parse(text);
  return { status: response.status, body, headers: response.headers };
}

export const del = (server: TestServer, browser: Browser, url: string) =>
  raw(server, browser, url, { method: 'DELETE' });

/**
 * Downloads a file (`GET /api/files/{id}`): status, headers and bytes. On its own connection: the
 * client has every byte (Content-Length) a moment before the server's file stream ends, and a
 * keep-alive connection still busy when the test server closes would hold the close up for good.
 */
export async function download(server: TestServer, browser: Browser, fileId: number) {
  const response = await fetch(`${server.baseUrl}/api/files/${fileId}`, {
    headers: {
      connection: 'close',
      cookie: [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

export type Teacher = { browser: Browser; userId: number; teacherId: number };

/** A fresh, signed-in teacher. */
export async function newTeacher(server: TestServer): Promise<Teacher> {
  const { browser, userId, profileId } = await newBuyer(server, { role: 'teacher' });
  return { browser, userId, teacherId: profileId };
}

/** An approved lesson of the teacher's, starting `startsInDays` from now, on a seeded topic. */
export async function lessonOf(server: TestServer, teacherId: number, startsInDays = 2) {
  const [topic] = await server.db.select().from(topics).orderBy(asc(topics.id)).limit(1);
  const startAt = new Date(Date.now() + startsInDays * 86_400_000);
  const [lesson] = await server.db
    .insert(lessons)
    .values({
      code: `TST-${randomBytes(4).toString('hex').toUpperCase()}`,
      teacherId,
      topicId: topic?.id ?? null,
      type: 'public',
      objective: 'Add and subtract fractions with unlike denominators.',
      priceCents: 150_000,
      startAt,
      endAt: new Date(startAt.getTime() + 3_600_000),
      isApproved: true,
    })
    .returning();
  if (!lesson) throw new Error('Lesson insert failed');
  return { ...lesson, topicName: topic?.name ?? '' };
}

export async function book(server: TestServer, lessonId: number, studentId: number): Promise<void> {
  await server.db.insert(bookings).values({ lessonId, studentId });
}

/** The storage keys of a note's or assignment's files, in upload order. */
export async function storedKeys(server: TestServer, where: { noteId?: number; assignmentId?: number }) {
  const rows = await server.db
    .select({ key: files.storageKey })
    .from(files)
    .where(where.noteId ? eq(files.noteId, where.noteId) : eq(files.assignmentId, where.assignmentId ?? 0))
    .orderBy(asc(files.id));
  return rows.map((row) => row.key);
}

/** What is in the server's `materials/` folder. */
export async function storedMaterials(server: TestServer): Promise<string[]> {
  return readdir(path.join(server.filesDir, 'materials')).catch(() => [] as string[]);
}

export const pathOf = (server: TestServer, key: string) => path.join(server.filesDir, ...key.split('/'));
