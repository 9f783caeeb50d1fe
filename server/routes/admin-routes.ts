// /api/admin (CONTRACT, last section): admin role only, 403 for anyone else signed in.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import type { Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import * as approvals from '../services/admin-approval-service';
import { REVIEW_STATUSES, TEACHER_REVIEW_STATUSES } from '../services/admin-approval-service';
import * as adminTransactions from '../services/admin-transaction-service';
import { TRANSACTION_STATUSES } from '../services/admin-transaction-service';
import { listUsers, USER_ROLES } from '../services/admin-user-service';
import { auditMoney } from '../services/money-audit-service';
import * as documents from '../services/teacher-document-service';
import { t } from '../../src/shared/messages';
import { choice, id, maybe, page, perPage, text, withRule } from '../../src/shared/request-schemas';
import { remarkProblem } from '../../src/shared/remark-validation';

const TransactionsQuery = object({
  status: maybe(choice(TRANSACTION_STATUSES)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

const Paging = { page: maybe(page()), per_page: maybe(perPage()) };
const IdParams = object({ id: id() });
const TeacherIdParams = object({ teacher_id: id() });
/** A search box: a longer text is cut, not refused. */
const search = () => text({ max: 1000 });

const TeachersQuery = object({ ...Paging, status: maybe(choice(TEACHER_REVIEW_STATUSES)), q: search() });
const ReviewQuery = object({ ...Paging, status: maybe(choice(REVIEW_STATUSES)) });
const UsersQuery = object({ ...Paging, q: search(), role: maybe(choice(USER_ROLES)) });

/** The reason an admin gives the teacher: the approval dialog's own rule (required, 3–500 characters). */
const reason = () => withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'reason', remarkProblem);
const DeclineBody = object({ remark: reason() });
const RejectBody = object({ comment: reason() });

export function adminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const adminOnly = { preValidation: guards.requireRole('admin') };
  const adminWrite = { ...adminOnly, bodyLimit: BODY_LIMIT.json };

  // Payments the server would not settle on its own: staff match them by receipt and account.
  api.get(
    '/api/admin/transactions',
    { ...adminOnly, schema: { querystring: TransactionsQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 25);
      return adminTransactions.listTransactions(ctx.db, request.query.status ?? 'needs_review', wanted);
    },
  );

  // Does the money add up (docs/commerce.md "The ledger and the money audit")? Reads only.
  api.get('/api/admin/audit', adminOnly, async () => ({ data: await auditMoney(ctx.db) }));

  // ---- Teachers waiting for approval ----

  api.get(
    '/api/admin/teachers',
    { ...adminOnly, schema: { querystring: TeachersQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 20);
      return approvals.listTeachers(
        ctx.db,
        { status: request.query.status ?? 'pending', q: request.query.q.slice(0, 100) },
        wanted,
      );
    },
  );

  api.post(
    '/api/admin/teachers/approve/:id',
    { ...adminWrite, schema: { params: IdParams } },
    async (request) => {
      const { teacher } = await approvals.decideTeacher(ctx, request.params.id, { approve: true });
      return { message: t('admin.teacherApproved'), data: teacher };
    },
  );

  api.post(
    '/api/admin/teachers/decline/:id',
    { ...adminWrite, schema: { params: IdParams, body: DeclineBody } },
    async (request) => {
      const { teacher } = await approvals.decideTeacher(ctx, request.params.id, {
        approve: false,
        remark: request.body.remark,
      });
      return { message: t('admin.teacherDeclined'), data: teacher };
    },
  );

  // A teacher's vetting documents (issue 24), for the approval screen.
  api.get(
    '/api/admin/teachers/documents/:teacher_id',
    { ...adminOnly, schema: { params: TeacherIdParams } },
    async (request) => ({
      data: (await documents.teacherDocuments(ctx.db, request.params.teacher_id)).map(
        documents.teacherDocumentResource,
      ),
    }),
  );

  // ---- Lessons and classes waiting for approval ----

  api.get('/api/admin/lessons', { ...adminOnly, schema: { querystring: ReviewQuery } }, async (request) => {
    const wanted = pageRequest(request.query, 20);
    return approvals.listLessons(ctx.db, request.query.status ?? 'pending', wanted);
  });

  api.post(
    '/api/admin/lessons/approve/:id',
    { ...adminWrite, schema: { params: IdParams } },
    async (request) => {
      const { lesson } = await approvals.decideLesson(ctx, request.params.id, { approve: true });
      return { message: t('admin.lessonApproved'), data: lesson };
    },
  );

  api.post(
    '/api/admin/lessons/reject/:id',
    { ...adminWrite, schema: { params: IdParams, body: RejectBody } },
    async (request) => {
      const { lesson } = await approvals.decideLesson(ctx, request.params.id, {
        approve: false,
        comment: request.body.comment,
      });
      return { message: t('admin.lessonRejected'), data: lesson };
    },
  );

  // A whole series in one step (issue 24): `id` is any lesson of it.
  api.post(
    '/api/admin/lessons/approve-series/:id',
    { ...adminWrite, schema: { params: IdParams } },
    async (request) => {
      const { lessons, count } = await approvals.decideSeries(ctx, request.params.id, {
        approve: true,
      });
      return { message: t('teach.seriesApproved', { count }), data: lessons };
    },
  );

  api.post(
    '/api/admin/lessons/reject-series/:id',
    { ...adminWrite, schema: { params: IdParams, body: RejectBody } },
    async (request) => {
      const { lessons, count } = await approvals.decideSeries(ctx, request.params.id, {
        approve: false,
        comment: request.body.comment,
      });
      return { message: t('teach.seriesRejected', { count }), data: lessons };
    },
  );

  api.get('/api/admin/classes', { ...adminOnly, schema: { querystring: ReviewQuery } }, async (request) => {
    const wanted = pageRequest(request.query, 20);
    return approvals.listClasses(ctx.db, request.query.status ?? 'pending', wanted);
  });

  api.post(
    '/api/admin/classes/approve/:id',
    { ...adminWrite, schema: { params: IdParams } },
    async (request) => {
      const decided = await approvals.decideClass(ctx, request.params.id, { approve: true });
      return { message: t('admin.classApproved'), data: decided.class };
    },
  );

  api.post(
    '/api/admin/classes/reject/:id',
    { ...adminWrite, schema: { params: IdParams, body: RejectBody } },
    async (request) => {
      const decided = await approvals.decideClass(ctx, request.params.id, {
        approve: false,
        comment: request.body.comment,
      });
      return { message: t('admin.classRejected'), data: decided.class };
    },
  );

  // ---- Users (CONTRACT "Other": GET /api/users, admin) ----

  api.get('/api/users', { ...adminOnly, schema: { querystring: UsersQuery } }, async (request) => {
    const wanted = pageRequest(request.query, 25);
    return listUsers(ctx.db, { q: request.query.q.slice(0, 100), role: request.query.role }, wanted);
  });
}
