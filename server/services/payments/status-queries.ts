// The open transaction status queries of a pending transaction (paybill and B2C alike): each is
// remembered by both its ids in `meta.open_status_queries` (originator id → Daraja's conversation id;
// server-only, like all of `meta` but result_desc); only an answer naming both is believed, and
// answering closes it.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { transactions } from '../../db/schema';
import type { CommerceContext } from '../commerce-context';
import type { TransactionRow } from './pending-transactions';

type QueryIds = { originatorConversationId: string; conversationId: string };

/** Remembers the query Daraja accepted for transaction `id`. */
export async function rememberStatusQuery(
  ctx: CommerceContext,
  id: TransactionRow['id'],
  accepted: QueryIds,
): Promise<void> {
  await ctx.db
    .update(transactions)
    .set({
      meta: sql`jsonb_set(${transactions.meta}, '{open_status_queries}', coalesce(${transactions.meta}->'open_status_queries', '{}'::jsonb) || jsonb_build_object(${accepted.originatorConversationId}::text, ${accepted.conversationId}::text))`,
    })
    .where(eq(transactions.id, id));
}

/**
 * Closes the open status query named by both ids on a pending transaction that also matches `which`,
 * in one statement: the transaction, or null when no open query has those ids (a forgery, a repeat,
 * a closed query).
 */
export async function closeStatusQuery(
  ctx: CommerceContext,
  ids: QueryIds,
  which: SQL | undefined,
): Promise<TransactionRow | null> {
  if (!ids.originatorConversationId || !ids.conversationId) return null;
  const [row] = await ctx.db
    .update(transactions)
    .set({
      meta: sql`${transactions.meta} #- array['open_status_queries', ${ids.originatorConversationId}::text]`,
      updatedAt: new Date(),
    })
    .where(
      and(
        which,
        eq(transactions.status, 'pending'),
        sql`${transactions.meta}->'open_status_queries'->>${ids.originatorConversationId}::text = ${ids.conversationId}::text`,
      ),
    )
    .returning();
  return row ?? null;
}
