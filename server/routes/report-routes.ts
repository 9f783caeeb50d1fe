// Learners' reports of a held lesson and admins' decisions (docs/classroom.md "Attendance and pay"):
// `POST /api/lessons/report/{id}` for a booked learner or parent, `GET /api/admin/reports` and
// `POST /api/admin/reports/resolve/{id}` for admins (403 for anyone else signed in).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import * as reports from '../services/lesson-report-service';
import { t } from '../../src/shared/messages';
import {
  REMARK_MAX,
  REMARK_MIN,
  REPORT_DECISIONS,
  REPORT_REASONS,
  reportTextError,
  type ReportReason,
} from '../../src/shared/classroom';
import {
  asText,
  choice,
  maybe,
  page,
  perPage,
  text,
  withFieldErrors,
  withRule,
} from '../../src/shared/request-schemas';
import type { FieldErrors } from '../../src/shared/validation';
import { IdParams } from './cart-routes';

/** The reason's own rule for its text ("Other" needs words; 10–1000 characters when given). */
const ReportBody = withFieldErrors(
  object({
    reason: choice(REPORT_REASONS, { required: true }),
    text: text({ max: Number.MAX_SAFE_INTEGER }),
  }),
  'reportText',
  (body): FieldErrors => {
    const reason = asText(body.reason) as ReportReason;
    if (!(REPORT_REASONS as readonly string[]).includes(reason)) return {};
    const problem = reportTextError(reason, asText(body.text));
    return problem ? { text: [problem] } : {};
  },
);

/** What both sides read of a decision: required, REMARK_MIN–REMARK_MAX characters once trimmed. */
function remarkProblem(remark: string): string | null {
  const value = remark.trim();
  if (!value) return t('validation.required');
  if (value.length < REMARK_MIN) return t('validation.minLength', { min: REMARK_MIN });
  if (value.length > REMARK_MAX) return t('validation.maxLength', { max: REMARK_MAX });
  return null;
}

const ResolveBody = object({
  decision: choice(REPORT_DECISIONS, { required: true }),
  remark: withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'remark', remarkProblem),
});

const ReportsQuery = object({
  status: maybe(choice(reports.REPORT_LIST_STATUSES)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

export function reportRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const adminOnly = { preValidation: guards.requireRole('admin') };

  api.post(
    '/api/lessons/report/:id',
    {
      preValidation: guards.authenticate,
      bodyLimit: BODY_LIMIT.json,
      schema: { params: IdParams, body: ReportBody },
    },
    async (request, reply) => {
      const report = await reports.createReport(ctx.db, currentUser(request).id, request.params.id, {
        reason: request.body.reason,
        text: request.body.text,
      });
      return reply
        .status(201)
        .send({ message: t('delivery.reported'), data: reports.reportResource(report) });
    },
  );

  api.get('/api/admin/reports', { ...adminOnly, schema: { querystring: ReportsQuery } }, async (request) =>
    reports.listReports(ctx.db, request.query.status ?? 'open', pageRequest(request.query, 20)),
  );

  api.post(
    '/api/admin/reports/resolve/:id',
    { ...adminOnly, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams, body: ResolveBody } },
    async (request) =>
      reports.resolveReport({ ...ctx, log: request.log }, currentUser(request).id, request.params.id, {
        decision: request.body.decision,
        remark: request.body.remark,
      }),
  );
}
