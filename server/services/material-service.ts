// A teacher's notes and assignments on their own lessons, with their files (docs/teaching-admin.md,
// issue 10). Uploaded bytes go to the file storage first and the rows follow in one transaction: a
// failed write removes the stored bytes, so there are never rows without bytes nor bytes kept for a
// refused upload. Deletes remove the bytes inside the transaction that deletes the rows, so a storage
// failure rolls the rows back (and puts back what was already removed).
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../context';
import type { Database, Transaction } from '../db/client';
import {
  assignments,
  bookings,
  files,
  lessons,
  notes,
  parents,
  students,
  teachers,
  topics,
  users,
} from '../db/schema';
import { HttpError, notFound, ValidationError } from '../http/errors';
import type { FileStorage } from '../storage/file-storage';
import { formatDate } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { MATERIAL_FILE_TYPES, materialFileCountProblem } from '../../src/shared/teaching';
import { lessonName, lessonUrl, recordActivity } from './activity-service';
import type { AssignmentWithFiles, FileRow, NoteWithFiles } from './lesson-service';
import { notify } from './notification-service';
import { photoTypeOf } from './photo-service';

type Db = Database | Transaction;

export type MaterialKind = 'note' | 'assignment';

/** A checked upload: its name as sent, the type its bytes proved, and the bytes. */
export type MaterialUpload = { name: string; extension: string; mimeType: string; bytes: Buffer };

export type MaterialInput = { title: string; description: string; dueDate?: string };

const KEY_PREFIX = 'materials/';
const NAME_MAX = 255;

// ---- What a file is, by its bytes ----

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const startsWith = (bytes: Buffer, prefix: Buffer | string) =>
  bytes
    .subarray(0, prefix.length)
    .equals(typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : prefix);
const utf8 = new TextDecoder('utf-8', { fatal: true });

function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the bytes are what the name's extension says: the format's signature where it has one
 * (PDF, the images, OOXML zips, legacy Office OLE files), valid UTF-8 without NUL bytes for text.
 */
export function bytesMatchExtension(extension: string, bytes: Buffer): boolean {
  switch (extension) {
    case 'pdf':
      return startsWith(bytes, '%PDF-');
    case 'jpg':
    case 'jpeg':
    case 'png':
    case 'webp':
      return photoTypeOf(bytes)?.mimeType === MATERIAL_FILE_TYPES[extension];
    case 'gif':
      return startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a');
    case 'docx':
    case 'xlsx':
    case 'pptx':
      return startsWith(bytes, ZIP);
    case 'doc':
    case 'xls':
    case 'ppt':
      return startsWith(bytes, OLE);
    case 'txt':
      return isPlainText(bytes);
    default:
      return false;
  }
}

/** The extension of an allowed name (lower case), as `materialFileProblem` reads it. */
export const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/** A file name fit to store and to send back in Content-Disposition: no control characters, bounded. */
export function cleanFileName(name: string): string {
  const clean = [...name]
    .filter((char) => char >= ' ' && char !== '\u007f' && !/[\uD800-\uDFFF]/.test(char))
    .join('')
    .trim();
  if (clean.length <= NAME_MAX) return clean;
  // Keep the extension when cutting a long name.
  const extension = extensionOf(clean);
  return `${clean.slice(0, NAME_MAX - extension.length - 1)}.${extension}`;
}

// ---- Who may change what ----

async function teacherIdOf(db: Db, userId: number): Promise<number> {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.userId, userId));
  if (!teacher) throw notFound();
  return teacher.id;
}

/** The teacher's own lesson; another teacher's (or none) is a 404. */
async function ownLesson(db: Db, userId: number, lessonId: number) {
  const teacherId = await teacherIdOf(db, userId);
  const [lesson] = await db
    .select({ id: lessons.id, code: lessons.code, topicName: topics.name, cancelledAt: lessons.cancelledAt })
    .from(lessons)
    .leftJoin(topics, eq(topics.id, lessons.topicId))
    .where(and(eq(lessons.id, lessonId), eq(lessons.teacherId, teacherId)));
  if (!lesson) throw notFound();
  return lesson;
}

const tableOf = (kind: MaterialKind) => (kind === 'note' ? notes : assignments);
const fileColumnOf = (kind: MaterialKind) => (kind === 'note' ? files.noteId : files.assignmentId);

/**
 * A note or assignment on one of the teacher's lessons, with how many files it has; another
 * teacher's (or a missing one) is a 404. `lock` holds its row until the transaction ends, so two
 * requests counting its files take turns.
 */
export async function ownMaterial(db: Db, userId: number, kind: MaterialKind, id: number, lock = false) {
  const teacherId = await teacherIdOf(db, userId);
  const table = tableOf(kind);
  const query = db
    .select({ id: table.id, title: table.title, lessonId: table.lessonId })
    .from(table)
    .innerJoin(lessons, eq(lessons.id, table.lessonId))
    .where(and(eq(table.id, id), eq(lessons.teacherId, teacherId)));
  const [row] = lock ? await query.for('update', { of: table }) : await query;
  if (!row) throw notFound();
  const [counted] = await db
    .select({ total: count() })
    .from(files)
    .where(eq(fileColumnOf(kind), id));
  return { ...row, fileCount: Number(counted?.total ?? 0) };
}

// ---- Reading back ----

async function filesOf(db: Db, kind: MaterialKind, id: number): Promise<FileRow[]> {
  return db
    .select()
    .from(files)
    .where(eq(fileColumnOf(kind), id))
    .orderBy(asc(files.id));
}

export async function loadNote(db: Db, id: number): Promise<NoteWithFiles> {
  const [note] = await db.select().from(notes).where(eq(notes.id, id));
  if (!note) throw notFound();
  return { ...note, files: await filesOf(db, 'note', id) };
}

export async function loadAssignment(db: Db, id: number): Promise<AssignmentWithFiles> {
  const [assignment] = await db.select().from(assignments).where(eq(assignments.id, id));
  if (!assignment) throw notFound();
  return { ...assignment, files: await filesOf(db, 'assignment', id) };
}

// ---- Writing ----

/** Stores the uploads' bytes under new keys; if one fails, those already stored are removed. */
async function storeUploads(storage: FileStorage, uploads: MaterialUpload[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const upload of uploads) {
      const key = `${KEY_PREFIX}${randomUUID()}.${upload.extension}`;
      await storage.put(key, upload.bytes);
      keys.push(key);
    }
    return keys;
  } catch (error) {
    await discard(storage, keys);
    throw error;
  }
}

/** Best effort: bytes nothing refers to. */
async function discard(storage: FileStorage, keys: string[]): Promise<void> {
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * Writes the bytes, then runs `write` (the rows) in one transaction with their keys; if the
 * transaction fails, the bytes go again.
 */
export async function withStoredUploads<T>(
  ctx: AppContext,
  uploads: MaterialUpload[],
  write: (tx: Transaction, keys: string[]) => Promise<T>,
): Promise<T> {
  const keys = await storeUploads(ctx.storage, uploads);
  try {
    return await ctx.db.transaction((tx) => write(tx, keys));
  } catch (error) {
    await discard(ctx.storage, keys);
    throw error;
  }
}

async function insertFiles(
  tx: Transaction,
  input: {
    ownerUserId: number;
    kind: MaterialKind;
    materialId: number;
    uploads: MaterialUpload[];
    keys: string[];
  },
): Promise<void> {
  if (input.uploads.length === 0) return;
  await tx.insert(files).values(
    input.uploads.map((upload, index) => ({
      ownerUserId: input.ownerUserId,
      purpose: input.kind,
      noteId: input.kind === 'note' ? input.materialId : null,
      assignmentId: input.kind === 'assignment' ? input.materialId : null,
      name: upload.name,
      sizeBytes: upload.bytes.length,
      mimeType: upload.mimeType,
      storageKey: input.keys[index] ?? '',
    })),
  );
}

const countError = () =>
  ValidationError.field('files', materialFileCountProblem(0) ?? t('validation.general'));

/** A note or assignment on the teacher's own lesson, with its files; its learners hear of it. */
export async function createMaterial(
  ctx: AppContext,
  userId: number,
  kind: MaterialKind,
  lessonId: number,
  input: MaterialInput,
  uploads: MaterialUpload[],
): Promise<number> {
  if (materialFileCountProblem(uploads.length)) throw countError();
  const lesson = await ownLesson(ctx.db, userId, lessonId);
  // Nobody will take a cancelled lesson: nothing new goes on it, and its learners are not called back.
  if (lesson.cancelledAt) throw new HttpError(409, t('materials.lessonCancelled'));
  return withStoredUploads(ctx, uploads, async (tx, keys) => {
    const values = { lessonId, title: input.title, description: input.description };
    const [created] =
      kind === 'note'
        ? await tx.insert(notes).values(values).returning({ id: notes.id })
        : await tx
            .insert(assignments)
            .values({ ...values, dueDate: input.dueDate ?? '' })
            .returning({ id: assignments.id });
    if (!created) throw new Error('Material insert returned no row');
    await insertFiles(tx, { ownerUserId: userId, kind, materialId: created.id, uploads, keys });
    await tellLearners(tx, {
      kind,
      materialId: created.id,
      title: input.title,
      dueDate: input.dueDate,
      lesson,
    });
    return created.id;
  });
}

/** New title, description (and due date) and more files; the total stays within 1 to 5. */
export async function updateMaterial(
  ctx: AppContext,
  userId: number,
  kind: MaterialKind,
  id: number,
  input: MaterialInput,
  uploads: MaterialUpload[],
): Promise<void> {
  await withStoredUploads(ctx, uploads, async (tx, keys) => {
    const material = await ownMaterial(tx, userId, kind, id, true);
    if (materialFileCountProblem(material.fileCount + uploads.length)) throw countError();
    const values = { title: input.title, description: input.description, updatedAt: new Date() };
    if (kind === 'note') await tx.update(notes).set(values).where(eq(notes.id, id));
    else
      await tx
        .update(assignments)
        .set({ ...values, ...(input.dueDate ? { dueDate: input.dueDate } : {}) })
        .where(eq(assignments.id, id));
    await insertFiles(tx, { ownerUserId: userId, kind, materialId: id, uploads, keys });
  });
}

/**
 * Removes stored bytes inside the caller's transaction. When one removal fails, the bytes already
 * removed are put back (read just before their removal) and the error is a 503 with SPEC §8's
 * "Failed to delete {name}…", so the rolled-back rows still have their bytes.
 */
async function removeStored(storage: FileStorage, keys: string[], name: string): Promise<void> {
  const removed: Array<{ key: string; bytes: Buffer | null }> = [];
  try {
    for (const [index, key] of keys.entries()) {
      // The last one needs no copy: nothing is removed after it.
      const bytes = index < keys.length - 1 ? await readAll(storage, key) : null;
      await storage.remove(key);
      removed.push({ key, bytes });
    }
  } catch {
    for (const { key, bytes } of removed) if (bytes) await storage.put(key, bytes).catch(() => undefined);
    throw new HttpError(503, t('messages.deleteFailed', { name }));
  }
}

async function readAll(storage: FileStorage, key: string): Promise<Buffer | null> {
  const stream: Readable | null = await storage.read(key);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/** Deletes a note or assignment with its files (rows and bytes); answers its title. */
export async function deleteMaterial(ctx: AppContext, userId: number, kind: MaterialKind, id: number) {
  return ctx.db.transaction(async (tx) => {
    const material = await ownMaterial(tx, userId, kind, id, true);
    const stored = await filesOf(tx, kind, id);
    const table = tableOf(kind);
    await tx.delete(files).where(eq(fileColumnOf(kind), id));
    await tx.delete(table).where(eq(table.id, id));
    await removeStored(
      ctx.storage,
      stored.map((file) => file.storageKey),
      material.title,
    );
    return material.title;
  });
}

/**
 * `DELETE /api/files/delete/{id}`: the owner's note or assignment file (anything else is a 404);
 * the last file of its note or assignment stays (422). Answers the file's name.
 */
export async function deleteFile(ctx: AppContext, userId: number, fileId: number): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const [file] = await tx
      .select()
      .from(files)
      .where(
        and(
          eq(files.id, fileId),
          eq(files.ownerUserId, userId),
          inArray(files.purpose, ['note', 'assignment']),
        ),
      );
    if (!file) throw notFound();
    const kind: MaterialKind = file.noteId !== null ? 'note' : 'assignment';
    const materialId = file.noteId ?? file.assignmentId;
    if (materialId !== null) {
      // Locks the note or assignment: two deletes of its last two files take turns.
      const table = tableOf(kind);
      await tx.select({ id: table.id }).from(table).where(eq(table.id, materialId)).for('update');
      const [counted] = await tx
        .select({ total: count() })
        .from(files)
        .where(eq(fileColumnOf(kind), materialId));
      if (Number(counted?.total ?? 0) <= 1) throw countError();
    }
    const [deleted] = await tx.delete(files).where(eq(files.id, file.id)).returning({ id: files.id });
    // Deleted meanwhile by another request.
    if (!deleted) throw notFound();
    await removeStored(ctx.storage, [file.storageKey], file.name);
    return file.name;
  });
}

// ---- The learners hear of a new note or assignment ----

const parentUser = alias(users, 'parent_user');

/**
 * Who is told of something on a lesson, once each: every booked learner with an e-mail of their
 * own, else their parent (like the reminders), with the children a parent hears for.
 */
async function lessonAudience(tx: Db, lessonId: number) {
  const rows = await tx
    .select({
      learnerUserId: users.id,
      learnerEmail: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      parentUserId: parentUser.id,
    })
    .from(bookings)
    .innerJoin(students, eq(students.id, bookings.studentId))
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .leftJoin(parentUser, eq(parentUser.id, parents.userId))
    .where(eq(bookings.lessonId, lessonId))
    .orderBy(asc(bookings.id));
  const audience = new Map<number, string[]>();
  for (const row of rows) {
    if (row.learnerEmail) audience.set(row.learnerUserId, audience.get(row.learnerUserId) ?? []);
    else if (row.parentUserId) {
      const children = audience.get(row.parentUserId) ?? [];
      children.push(`${row.firstName} ${row.lastName}`.trim());
      audience.set(row.parentUserId, children);
    }
  }
  return audience;
}

async function tellLearners(
  tx: Transaction,
  input: {
    kind: MaterialKind;
    materialId: number;
    title: string;
    dueDate?: string;
    lesson: { id: number; code: string; topicName: string | null };
  },
): Promise<void> {
  const lesson = lessonName(input.lesson);
  const url = lessonUrl(input.lesson.code);
  const due = input.dueDate ? formatDate(input.dueDate) : '';
  for (const [userId, children] of await lessonAudience(tx, input.lesson.id)) {
    const params = { title: input.title, lesson, due, child: children.join(' and ') };
    const text =
      input.kind === 'note'
        ? t(children.length ? 'materials.noteTextFor' : 'materials.noteText', params)
        : t(children.length ? 'materials.assignmentTextFor' : 'materials.assignmentText', params);
    await recordActivity(tx, { userId, type: 'material', text, url });
    await notify(tx, {
      userId,
      type: 'material',
      data: {
        title: t(input.kind === 'note' ? 'materials.noteTitle' : 'materials.assignmentTitle'),
        body: text,
        url,
        kind: input.kind,
        [`${input.kind}_id`]: input.materialId,
        lesson_id: input.lesson.id,
        lesson_code: input.lesson.code,
      },
    });
  }
}
