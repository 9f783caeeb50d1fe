// A gateway payment or top-up starts as a pending transaction, which only the gateway's answer
// settles (settlement.ts) or the background check gives up on (reconciliation.ts).
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../../db/client';
import { transactions, wallets } from '../../db/schema';
import { ValidationError } from '../../http/errors';
import { t } from '../../../src/shared/messages';
import type { CommerceContext } from '../commerce-context';
import { lockPayableCart, payableCartId, type Buyer, type PayInput } from './cart-fulfilment';

export type TransactionRow = typeof transactions.$inferSelect;
type Db = Database | DbTransaction;

export const newReference = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

/** When the background check first asks about a new pending transaction (its notification may be lost). */
function firstCheckAt(ctx: CommerceContext, now = new Date()): Date {
  return new Date(now.getTime() + ctx.settings.mpesaQueryAfterMs);
}

/**
 * Creates the pending transaction of a gateway payment, or hands back the one already pending for
 * this very cart version (double click, second tab): the customer is never asked to pay twice.
 * An M-Pesa retry with another phone gets its own push; whichever is paid first fulfils the cart
 * and a later one is credited to the wallet, so no payment is ever lost.
 */
export async function pendingCartPayment(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  gateway: 'mpesa' | 'pesapal',
  input: PayInput,
  extraMeta: Record<string, unknown>,
): Promise<{ row: TransactionRow; reused: boolean }> {
  const id = await payableCartId(ctx.db, buyer, cartId);
  return ctx.db.transaction(async (tx) => {
    // The cart's lessons, then the cart (docs/commerce.md "Lock order", steps 1 and 2): a second tab
    // paying the same cart waits here, then finds this pending transaction.
    const payable = await lockPayableCart(tx, buyer, id, input);
    // Everything included by a plan: no gateway is asked for nothing (the wallet confirms it at 0).
    if (payable.totalCents === 0) throw ValidationError.field('payment_method', t('plans.nothingToPay'));
    const [existing] = await tx
      .select()
      .from(transactions)
      .where(
        and(
          eq(transactions.cartId, payable.cart.id),
          eq(transactions.cartVersion, payable.cart.version),
          eq(transactions.gateway, gateway),
          eq(transactions.status, 'pending'),
          extraMeta.phone ? sql`${transactions.meta}->>'phone' = ${String(extraMeta.phone)}` : undefined,
        ),
      )
      .orderBy(desc(transactions.id))
      .limit(1);
    if (existing) return { row: existing, reused: true };
    const [wallet] = await tx
      .select({ id: wallets.id })
      .from(wallets)
      .where(eq(wallets.userId, buyer.userId));
    const [row] = await tx
      .insert(transactions)
      .values({
        userId: buyer.userId,
        walletId: wallet?.id ?? null,
        type: 'payment',
        amountCents: payable.totalCents,
        reference: newReference('PAY'),
        gateway,
        cartId: payable.cart.id,
        cartVersion: payable.cart.version,
        studentId: payable.learnerId,
        meta: extraMeta,
        nextCheckAt: firstCheckAt(ctx),
      })
      .returning();
    if (!row) throw new Error('Transaction insert returned no row');
    return { row, reused: false };
  });
}

export async function pendingTopUp(
  ctx: CommerceContext,
  userId: number,
  amountCents: number,
  gateway: 'mpesa' | 'pesapal',
  meta: Record<string, unknown>,
) {
  const [wallet] = await ctx.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId));
  const [row] = await ctx.db
    .insert(transactions)
    .values({
      userId,
      walletId: wallet?.id ?? null,
      type: 'topup',
      amountCents,
      reference: newReference('TOP'),
      gateway,
      meta,
      nextCheckAt: firstCheckAt(ctx),
    })
    .returning();
  if (!row) throw new Error('Transaction insert returned no row');
  return row;
}

export async function markFailed(
  db: Db,
  row: TransactionRow,
  resultDesc: string,
  status: 'failed' | 'cancelled' = 'failed',
) {
  const [updated] = await db
    .update(transactions)
    .set({ status, meta: { ...row.meta, result_desc: resultDesc }, updatedAt: new Date() })
    .where(and(eq(transactions.id, row.id), eq(transactions.status, 'pending')))
    .returning();
  return updated ?? row;
}
