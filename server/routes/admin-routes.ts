// /api/admin (CONTRACT, last section): admin role only, 403 for anyone else signed in.
import type { FastifyInstance } from 'fastify';
import { object } from 'superstruct';
import type { AppContext } from '../context';
import type { Guards } from '../http/guards';
import { pageMeta, pageRequest } from '../http/query';
import { typed } from '../http/validation';
import * as adminTransactions from '../services/admin-transaction-service';
import { TRANSACTION_STATUSES } from '../services/admin-transaction-service';
import { choice, maybe, page, perPage } from '../../src/shared/request-schemas';

const TransactionsQuery = object({
  status: maybe(choice(TRANSACTION_STATUSES)),
  page: maybe(page()),
  per_page: maybe(perPage()),
});

export function adminRoutes(app: FastifyInstance, ctx: AppContext, guards: Guards): void {
  const api = typed(app);
  const adminOnly = { preValidation: guards.requireRole('admin') };

  // Payments the server would not settle on its own: staff match them by receipt and account.
  api.get(
    '/api/admin/transactions',
    { ...adminOnly, schema: { querystring: TransactionsQuery } },
    async (request) => {
      const wanted = pageRequest(request.query, 25);
      const { rows, total } = await adminTransactions.listTransactions(
        ctx.db,
        request.query.status ?? 'needs_review',
        wanted,
      );
      return { data: rows, meta: pageMeta(wanted, total) };
    },
  );
}
