// Downloads of lesson files (GET /api/files/{id}, docs/learning-workspace.md): who may read a file,
// and the headers it is sent with. The bytes come from the file storage (server/storage).
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { AppContext } from '../context';
import { assignments, files, lessons, notes, teachers } from '../db/schema';
import { notFound } from '../http/errors';
import type { AuthUser } from '../http/guards';
import { isBookedBy, learnerIds } from './lesson-service';

export type StoredFile = typeof files.$inferSelect;

/**
 * The file, when `user` may read it: its owner, an admin, the lesson's teacher, or a learner booked
 * on the note's or assignment's lesson (or that learner's parent). Photos are not served here.
 * Anyone else gets the same 404 as for a file that does not exist.
 */
export async function readableFile(ctx: AppContext, user: AuthUser, fileId: number): Promise<StoredFile> {
  const { db } = ctx;
  const [file] = await db.select().from(files).where(eq(files.id, fileId));
  if (!file || file.purpose === 'photo') throw notFound();
  if (file.ownerUserId === user.id || user.roles.includes('admin')) return file;
  const lessonId = await lessonOf(ctx, file);
  if (lessonId === null) throw notFound();
  const [lesson] = await db
    .select({ teacherUserId: teachers.userId })
    .from(lessons)
    .innerJoin(teachers, eq(teachers.id, lessons.teacherId))
    .where(eq(lessons.id, lessonId));
  if (lesson?.teacherUserId === user.id) return file;
  if (await isBookedBy(db, lessonId, await learnerIds(db, user.id))) return file;
  throw notFound();
}

async function lessonOf({ db }: AppContext, file: StoredFile): Promise<number | null> {
  if (file.noteId !== null) {
    const [note] = await db.select({ lessonId: notes.lessonId }).from(notes).where(eq(notes.id, file.noteId));
    return note?.lessonId ?? null;
  }
  if (file.assignmentId !== null) {
    const [assignment] = await db
      .select({ lessonId: assignments.lessonId })
      .from(assignments)
      .where(eq(assignments.id, file.assignmentId));
    return assignment?.lessonId ?? null;
  }
  return null;
}

/** The stored bytes; a file row whose bytes are missing is a 404 too. */
export async function fileBytes(ctx: AppContext, file: StoredFile): Promise<Readable> {
  const stream = await ctx.storage.read(file.storageKey);
  if (!stream) throw notFound();
  return stream;
}

const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

/** The stored type when it is a plain `type/subtype`, else a download of unknown bytes. */
export const safeMimeType = (mime: string) => (MIME.test(mime) ? mime : 'application/octet-stream');

/**
 * `attachment` with the name twice: an ASCII fallback for old clients, and RFC 6266/5987
 * `filename*=UTF-8''…` with the exact name.
 */
export function attachmentDisposition(name: string): string {
  const clean =
    [...name]
      .filter((char) => char >= ' ' && char !== '\u007f')
      .join('')
      .trim() || 'download';
  const fallback = clean.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
