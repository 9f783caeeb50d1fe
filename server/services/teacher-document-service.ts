// A teacher's vetting documents (issue 24): their national ID and certificates, PDF or images,
// stored like lesson files (server/services/material-service.ts) as `files` rows whose purpose
// says what they are. Admins read them on the teacher approval screen; GET /api/files/{id} serves
// them to their owner and to admins only (file-service.ts: no lesson, so nobody else).
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { files, teachers } from '../db/schema';
import { notFound, ValidationError } from '../http/errors';
import { t } from '../../src/shared/messages';
import {
  TEACHER_DOCUMENT_EXTENSIONS,
  TEACHER_DOCUMENT_KINDS,
  type TeacherDocumentKind,
} from '../../src/shared/teaching';
import { withStoredUploads, type MaterialUpload } from './material-service';

export type TeacherDocument = {
  id: number;
  purpose: string;
  name: string;
  sizeBytes: number;
  mimeType: string;
  createdAt: Date;
};

/** The wire shape: what it is, its name and size, and where an admin downloads it. */
export const teacherDocumentResource = (file: TeacherDocument) => ({
  id: file.id,
  kind: file.purpose,
  name: file.name,
  size: file.sizeBytes,
  mime_type: file.mimeType,
  url: `/api/files/${file.id}`,
  created_at: file.createdAt.toISOString(),
});

/** Only PDFs and images are vetting documents (the uploads' bytes were already checked against their names). */
export function checkDocumentUploads(uploads: MaterialUpload[]): void {
  if (uploads.some((upload) => !TEACHER_DOCUMENT_EXTENSIONS.includes(upload.extension)))
    throw ValidationError.field('files', t('teach.documentType'));
}

/** `POST /api/teacher/documents`: the uploads, stored as the caller's documents of `kind`. */
export async function addDocuments(
  ctx: AppContext,
  userId: number,
  kind: TeacherDocumentKind,
  uploads: MaterialUpload[],
): Promise<TeacherDocument[]> {
  checkDocumentUploads(uploads);
  const [teacher] = await ctx.db
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.userId, userId));
  if (!teacher) throw notFound();
  return withStoredUploads(ctx, uploads, async (tx, keys) =>
    tx
      .insert(files)
      .values(
        uploads.map((upload, index) => ({
          ownerUserId: userId,
          purpose: kind,
          name: upload.name,
          sizeBytes: upload.bytes.length,
          mimeType: upload.mimeType,
          storageKey: keys[index] ?? '',
        })),
      )
      .returning(),
  );
}

/** `GET /api/admin/teachers/documents/{teacher_id}`: a teacher's documents, oldest first; 404 for no such teacher. */
export async function teacherDocuments(db: Database, teacherId: number): Promise<TeacherDocument[]> {
  const [teacher] = await db
    .select({ userId: teachers.userId })
    .from(teachers)
    .where(eq(teachers.id, teacherId));
  if (!teacher) throw notFound();
  return db
    .select()
    .from(files)
    .where(and(eq(files.ownerUserId, teacher.userId), inArray(files.purpose, [...TEACHER_DOCUMENT_KINDS])))
    .orderBy(asc(files.createdAt), asc(files.id));
}

/** `GET /api/teacher/documents`: the caller's own documents, oldest first (none for someone else). */
export async function ownDocuments(db: Database, userId: number): Promise<TeacherDocument[]> {
  return db
    .select()
    .from(files)
    .where(and(eq(files.ownerUserId, userId), inArray(files.purpose, [...TEACHER_DOCUMENT_KINDS])))
    .orderBy(asc(files.createdAt), asc(files.id));
}
