// A teacher's own vetting documents (issue 24): `GET /api/teacher/documents` lists them,
// `POST /api/teacher/documents` (multipart: `kind` and the `files` parts) adds some.
import { t } from '@/shared/messages';
import type { TeacherDocumentKind } from '@/shared/teaching';
import { messageOf } from './envelope';
import { request } from './http';
import { decodeTeacherDocuments, type TeacherDocument } from './schemas/admin';

export type { TeacherDocument };

export type DocumentsAnswer = { message: string; documents: TeacherDocument[] };

export async function fetchOwnDocuments(): Promise<TeacherDocument[]> {
  return decodeTeacherDocuments(await request('/api/teacher/documents'));
}

export async function uploadDocument(kind: TeacherDocumentKind, file: File): Promise<DocumentsAnswer> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('files', file, file.name);
  const answer = await request('/api/teacher/documents', { method: 'POST', body: form });
  return {
    message: messageOf(answer, t('teach.documentUploaded')),
    documents: decodeTeacherDocuments(answer),
  };
}
