// Issue 22's calls for the screens other than Join and the classroom page (docs/classroom.md): a
// teacher's own meeting link for a lesson or a class, a learner's report of a lesson, and the admin's
// reports with their decision.
import { dataOf, messageOf } from './envelope';
import { request } from './http';
import { decodeLessonReport, type LessonReport } from './schemas/classroom';
import { decodePage, pick, type ListPage, type ListQuery } from './schemas/page';
import type { ReportDecision, ReportReason } from '@/shared/classroom';
import { t } from '@/shared/messages';

export type MeetingLinkOwner = 'lesson' | 'class';

/** `POST /api/teacher/lessons/link/{id}` or `…/classes/link/{id}` `{link}`; null removes the link. */
export async function saveMeetingLink(
  owner: MeetingLinkOwner,
  id: number,
  link: string | null,
): Promise<{ message: string }> {
  const path = `/api/teacher/${owner === 'lesson' ? 'lessons' : 'classes'}/link/${id}`;
  const answer = await request(path, { method: 'POST', body: { link } });
  return { message: messageOf(answer, t(link === null ? 'reports.linkRemoved' : 'reports.linkSaved')) };
}

/** `POST /api/lessons/report/{id} {reason, text?}`: a booked learner or parent reports a problem. */
export async function reportLesson(
  id: number,
  reason: ReportReason,
  text: string,
): Promise<{ message: string }> {
  const body: Record<string, unknown> = { reason };
  if (text.trim() !== '') body.text = text.trim();
  const answer = await request(`/api/lessons/report/${id}`, { method: 'POST', body });
  return { message: messageOf(answer, t('reports.reportReceived')) };
}

export const REPORT_FILTERS = ['open', 'resolved'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

/** `GET /api/admin/reports?status=open|resolved` (open when the query names none), paged. */
export async function fetchReports(query: ListQuery): Promise<ListPage<LessonReport>> {
  const wanted = { status: 'open', ...pick(query, ['status', 'page', 'per_page']) };
  return decodePage(await request('/api/admin/reports', { query: wanted }), decodeLessonReport);
}

export type ReportDecided = { message: string; report: LessonReport };

/** `POST /api/admin/reports/resolve/{id} {decision, remark}`: answers the report as it is now. */
export async function resolveReport(
  id: number,
  decision: ReportDecision,
  remark: string,
): Promise<ReportDecided> {
  const answer = await request(`/api/admin/reports/resolve/${id}`, {
    method: 'POST',
    body: { decision, remark: remark.trim() },
  });
  return { message: messageOf(answer, t('reports.decided')), report: decodeLessonReport(dataOf(answer)) };
}
