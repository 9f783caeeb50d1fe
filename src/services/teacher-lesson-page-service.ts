// The teacher's lesson page (docs/teaching-admin.md "Teacher endpoints"): the lesson with its learners,
// notes and assignments; cancelling it; notes and assignments with their files (multipart); deleting
// a note, an assignment or one file.
import { dataOf, messageOf } from './envelope';
import { isApiError, request } from './http';
import { decodeTeacherLesson, type TeacherLesson } from './schemas/teaching';
import {
  decodeAssignment,
  decodeNote,
  decodeRefunds,
  decodeTeacherLessonDetail,
  type Refund,
  type TeacherLessonDetail,
} from './schemas/teaching-materials';
import { decodeJoinAnswer, type Assignment, type JoinAnswer, type Note } from './schemas/learner';
import { t } from '@/shared/messages';

export type MaterialKind = 'note' | 'assignment';

/** The lesson as its teacher sees it, or `found: false` when it is not this teacher's (403 or 404). */
export type TeacherLessonLookup = { found: true; lesson: TeacherLessonDetail } | { found: false };

export async function fetchTeacherLesson(idOrCode: string): Promise<TeacherLessonLookup> {
  try {
    const answer = await request(`/api/teacher/lessons/show/${encodeURIComponent(idOrCode)}`);
    return { found: true, lesson: decodeTeacherLessonDetail(dataOf(answer)) };
  } catch (error) {
    if (isApiError(error) && (error.status === 403 || error.status === 404)) return { found: false };
    throw error;
  }
}

/** The teacher's way into the classroom (docs/classroom.md), from 30 minutes before the start. */
export async function joinTeacherLesson(lessonId: number): Promise<JoinAnswer> {
  return decodeJoinAnswer(await request(`/api/teacher/lessons/join/${lessonId}`, { method: 'POST' }));
}

export type CancelAnswer = { message: string; lesson: TeacherLesson; refunds: Refund[] };

export async function cancelLesson(lessonId: number, reason: string): Promise<CancelAnswer> {
  const trimmed = reason.trim();
  const answer = await request(`/api/teacher/lessons/cancel/${lessonId}`, {
    method: 'POST',
    body: trimmed ? { reason: trimmed } : {},
  });
  const record = (answer ?? {}) as Record<string, unknown>;
  return {
    message: messageOf(answer, t('teaching.cancelledHeading')),
    lesson: decodeTeacherLesson(dataOf(answer)),
    refunds: decodeRefunds(record.refunds ?? []),
  };
}

export type MaterialDraft = {
  kind: MaterialKind;
  lessonId: number;
  /** The note or assignment being edited; null for a new one. */
  itemId: number | null;
  title: string;
  description: string;
  /** `YYYY-MM-DD`; assignments only. */
  dueDate: string | null;
  /** Files to add (an edit keeps the ones already there). */
  files: File[];
};

export type MaterialAnswer = { message: string; item: Note | Assignment };

const PATHS: Record<MaterialKind, string> = { note: 'notes', assignment: 'assignments' };

/** `POST /api/teacher/{notes|assignments}/store` or `…/update/{id}`, multipart with the files. */
export async function saveMaterial(draft: MaterialDraft): Promise<MaterialAnswer> {
  const form = new FormData();
  if (draft.itemId === null) form.append('lesson_id', String(draft.lessonId));
  form.append('title', draft.title.trim());
  form.append('description', draft.description.trim());
  if (draft.kind === 'assignment') form.append('due_date', draft.dueDate ?? '');
  for (const file of draft.files) form.append('files', file, file.name);
  const path =
    draft.itemId === null
      ? `/api/teacher/${PATHS[draft.kind]}/store`
      : `/api/teacher/${PATHS[draft.kind]}/update/${draft.itemId}`;
  const answer = await request(path, { method: 'POST', body: form });
  const name = draft.kind === 'note' ? 'Note' : 'Assignment';
  const created = draft.itemId === null;
  return {
    message: messageOf(answer, t(created ? 'messages.created' : 'messages.updated', { name })),
    item: draft.kind === 'note' ? decodeNote(dataOf(answer)) : decodeAssignment(dataOf(answer)),
  };
}

/** What a delete removes: a note, an assignment (with its files) or one file. */
export type DeleteTarget = { kind: MaterialKind | 'file'; id: number; name: string };

export async function deleteMaterial(target: DeleteTarget): Promise<string> {
  const path =
    target.kind === 'file'
      ? `/api/files/delete/${target.id}`
      : `/api/teacher/${PATHS[target.kind]}/delete/${target.id}`;
  const answer = await request(path, { method: 'DELETE' });
  return messageOf(answer, t('messages.deleted', { name: target.name }));
}
