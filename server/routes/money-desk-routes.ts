// Statements and the admin money desk (issue 23, docs/withdrawals.md): a teacher's monthly statement
// (teacher only), and for admins the withdrawals by status, the commission by month and the actions
// that resolve a transaction in `needs_review` (403 for anyone else signed in).
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import { currentUser, type Guards } from '../http/guards';
import { pageRequest } from '../http/query';
import { BODY_LIMIT, typed } from '../http/validation';
import { listWithdrawals, WITHDRAWAL_LIST_STATUSES } from '../services/admin-transaction-service';
import { moneyOverview, RESOLVE_ACTIONS, resolveTransaction } from '../services/money-desk-service';
import { monthlyStatement, statementCsv, statementFileName } from '../services/statement-service';
import { remarkProblem } from '../../src/shared/remark-validation';
import { choice, maybe, optionalId, page, perPage, text, withRule } from '../../src/shared/request-schemas';
import { statementMonthError } from '../../src/shared/withdrawals';
import { IdParams } from './cart-routes';

/** Any length: the month's own rule names what is wrong (`YYYY-MM`, not in the future). */
const StatementQuery = object({
  month: withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'month', (month) => statementMonthError(month)),
  format: maybe(choice(['json', 'csv'] as const)),
});

const WithdrawalsQuery = object({
  status: maybe(choice(WITHDRAWAL_LIST_STATUSES)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

/** The remark every admin decision carries: required, the approval dialog's 3–500 characters. */
const ResolveBody = object({
  action: choice(RESOLVE_ACTIONS, { required: true }),
  user_id: optionalId(),
  remark: withRule(text({ max: Number.MAX_SAFE_INTEGER }), 'remark', remarkProblem),
});

export function moneyDeskRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const teacherOnly = { preValidation: guards.requireRole('teacher') };
  const adminOnly = { preValidation: guards.requireRole('admin') };

  api.get(
    '/api/teacher/statement',
    { ...teacherOnly, schema: { querystring: StatementQuery } },
    async (request, reply) => {
      const statement = await monthlyStatement(ctx.db, currentUser(request).id, request.query.month);
      if (request.query.format !== 'csv') return { data: statement };
      return reply
        .header('Content-Disposition', `attachment; filename="${statementFileName(statement.month)}"`)
        .type('text/csv; charset=utf-8')
        .send(statementCsv(statement));
    },
  );

  api.get(
    '/api/admin/withdrawals',
    { ...adminOnly, schema: { querystring: WithdrawalsQuery } },
    async (request) =>
      listWithdrawals(ctx.db, request.query.status ?? 'pending', pageRequest(request.query, 25)),
  );

  api.get('/api/admin/money', adminOnly, async () => ({ data: await moneyOverview(ctx.db) }));

  api.post(
    '/api/admin/transactions/resolve/:id',
    { ...adminOnly, bodyLimit: BODY_LIMIT.json, schema: { params: IdParams, body: ResolveBody } },
    async (request) =>
      resolveTransaction(ctx.db, currentUser(request).id, request.params.id, {
        action: request.body.action,
        user_id: request.body.user_id,
        remark: request.body.remark,
      }),
  );
}
