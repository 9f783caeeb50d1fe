// The admin workspace's calls (docs/teaching-admin.md "Admin endpoints"): review lists, approve and
// decline/reject, payments held for review, users, and the catalogue writes. Catalogue rows are read
// from the public catalogue endpoints (docs/catalogue-api.md), the same the learners' pages use.
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import {
  decodeAdminClass,
  decodeAdminLesson,
  decodeAdminTeacher,
  decodeCatalogueRow,
  decodeReviewTransaction,
  decodeTeacherDocuments,
  decodeUserSummary,
  type AdminClass,
  type AdminLesson,
  type AdminTeacher,
  type CatalogueRow,
  type ReviewTransaction,
  type TeacherDocument,
  type UserSummary,
} from './schemas/admin';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import { DecodeError } from './schemas/common';
import type { CatalogueKind } from '@/shared/teaching';
import { t } from '@/shared/messages';

/** What an approve, decline or reject answers: the server's words and the item as it is now. */
export type Decision<T> = { message: string; item: T };

async function decide<T>(path: string, decode: (raw: unknown) => T, body?: Record<string, unknown>) {
  const answer = await request(path, { method: 'POST', body: body ?? {} });
  return { message: messageOf(answer, ''), item: decode(dataOf(answer)) } satisfies Decision<T>;
}

/** A review list: `status` defaults to the queue (`pending`), the page and its size pass on. */
async function reviewList<T>(
  path: string,
  decode: (raw: unknown) => T,
  query: ListQuery,
  keys: string[] = [],
) {
  const wanted = { status: 'pending', ...pick(query, ['status', 'page', 'per_page', ...keys]) };
  return decodePage(await request(path, { query: wanted }), decode);
}

/** Approve, and decline or reject with the comment under its own key, for one kind of item. */
function decisions<T>(
  base: string,
  decode: (raw: unknown) => T,
  turnDown: 'decline' | 'reject',
  key: string,
) {
  return {
    approve: (id: number) => decide(`${base}/approve/${id}`, decode),
    turnDown: (id: number, comment: string) =>
      decide(`${base}/${turnDown}/${id}`, decode, { [key]: comment }),
  };
}

// Teachers --------------------------------------------------------------------------------------

export const fetchAdminTeachers = (query: ListQuery): Promise<ListPage<AdminTeacher>> =>
  reviewList('/api/admin/teachers', decodeAdminTeacher, query, ['q']);

const teacherDecisions = decisions('/api/admin/teachers', decodeAdminTeacher, 'decline', 'remark');
export const approveTeacher = teacherDecisions.approve;
export const declineTeacher = teacherDecisions.turnDown;

/** A teacher's vetting documents (issue 24), for the approval card. */
export async function fetchTeacherDocuments(teacherId: number): Promise<TeacherDocument[]> {
  return decodeTeacherDocuments(await request(`/api/admin/teachers/documents/${teacherId}`));
}

// Lessons and classes ---------------------------------------------------------------------------

export const fetchAdminLessons = (query: ListQuery): Promise<ListPage<AdminLesson>> =>
  reviewList('/api/admin/lessons', decodeAdminLesson, query);

const lessonDecisions = decisions('/api/admin/lessons', decodeAdminLesson, 'reject', 'comment');
export const approveLesson = lessonDecisions.approve;
export const rejectLesson = lessonDecisions.turnDown;

/** A whole series at once (issue 24): `id` is any lesson of it; the answer names how many were decided. */
export const approveSeries = async (id: number) => ({
  message: messageOf(
    await request(`/api/admin/lessons/approve-series/${id}`, { method: 'POST', body: {} }),
    '',
  ),
});
export const rejectSeries = async (id: number, comment: string) => ({
  message: messageOf(
    await request(`/api/admin/lessons/reject-series/${id}`, { method: 'POST', body: { comment } }),
    '',
  ),
});

export const fetchAdminClasses = (query: ListQuery): Promise<ListPage<AdminClass>> =>
  reviewList('/api/admin/classes', decodeAdminClass, query);

const classDecisions = decisions('/api/admin/classes', decodeAdminClass, 'reject', 'comment');
export const approveClass = classDecisions.approve;
export const rejectClass = classDecisions.turnDown;

// Payments and users ----------------------------------------------------------------------------

export async function fetchReviewTransactions(query: ListQuery): Promise<ListPage<ReviewTransaction>> {
  const wanted = { status: 'needs_review', ...pick(query, ['page', 'per_page']) };
  return decodePage(await request('/api/admin/transactions', { query: wanted }), decodeReviewTransaction);
}

export async function fetchUsers(query: ListQuery): Promise<ListPage<UserSummary>> {
  return decodePage(
    await request('/api/users', { query: pick(query, ['q', 'role', 'page', 'per_page']) }),
    decodeUserSummary,
  );
}

/** How many wait in one list (its `meta.total`), for the overview: one row is enough to learn it. */
export async function countWaiting(
  fetch: (query: ListQuery) => Promise<ListPage<unknown>>,
  query: ListQuery = {},
): Promise<number> {
  return (await fetch({ ...query, per_page: '1' })).meta.total;
}

// Catalogue -------------------------------------------------------------------------------------

/** Paging and the filters each kind's public list takes. */
const CATALOGUE_READS: Record<Exclude<CatalogueKind, 'subtopics'>, { path: string; keys: string[] }> = {
  curricula: { path: '/api/curricula', keys: ['page', 'per_page'] },
  'edu-levels': { path: '/api/edu-levels', keys: ['curriculum', 'page', 'per_page'] },
  'grade-levels': { path: '/api/grade-levels', keys: ['curriculum', 'edu_level', 'page', 'per_page'] },
  subjects: { path: '/api/subjects', keys: ['q', 'page', 'per_page'] },
  topics: { path: '/api/topics', keys: ['subject', 'grade_level', 'page', 'per_page'] },
};

/** One page of a kind's rows; subtopics are read from their topic (`query.topic`), none without one. */
export async function fetchCatalogueRows(
  kind: CatalogueKind,
  query: ListQuery,
): Promise<ListPage<CatalogueRow>> {
  if (kind === 'subtopics') {
    const topic = query.topic;
    if (!topic) return { items: [], meta: { currentPage: 1, lastPage: 1, perPage: 0, total: 0 } };
    const data = dataOf(await request(`/api/topics/show/${encodeURIComponent(topic)}`));
    const subtopics = (data as { subtopics?: unknown } | null)?.subtopics;
    if (!Array.isArray(subtopics)) throw new DecodeError('The topic has no subtopics list.');
    const items = subtopics.map((row) => ({ ...decodeCatalogueRow(row), topicId: Number(topic) }));
    return { items, meta: { currentPage: 1, lastPage: 1, perPage: items.length, total: items.length } };
  }
  const read = CATALOGUE_READS[kind];
  return decodePage(await request(read.path, { query: pick(query, read.keys) }), decodeCatalogueRow);
}

/** Every row of a kind (first 100), for a parent select of the catalogue form. */
export async function fetchCatalogueOptions(
  kind: Exclude<CatalogueKind, 'subtopics'>,
): Promise<CatalogueRow[]> {
  if (kind === 'curricula') {
    const answer = await request('/api/curricula/all');
    return (dataOf(answer) as unknown[]).map(decodeCatalogueRow);
  }
  return (await fetchCatalogueRows(kind, { per_page: '100' })).items;
}

export type CatalogueBody = Record<string, string | number | null>;

/** `POST /api/admin/{kind}/store` or `update/{id}`: `{message, data}`; a 422 lands on the fields. */
export async function saveCatalogueRow(
  kind: CatalogueKind,
  id: number | null,
  body: CatalogueBody,
): Promise<{ message: string }> {
  const path = id === null ? `/api/admin/${kind}/store` : `/api/admin/${kind}/update/${id}`;
  const answer = await request(path, { method: 'POST', body });
  return {
    message: messageOf(answer, t(id === null ? 'messages.created' : 'messages.updated', { name: 'Row' })),
  };
}

/** `DELETE /api/admin/{kind}/delete/{id}`; a row in use answers 409 with SPEC §8's message. */
export async function deleteCatalogueRow(
  kind: CatalogueKind,
  id: number,
  name: string,
): Promise<{ message: string }> {
  const answer = await request(`/api/admin/${kind}/delete/${id}`, { method: 'DELETE' });
  return { message: messageOf(answer, t('messages.deleted', { name })) };
}
