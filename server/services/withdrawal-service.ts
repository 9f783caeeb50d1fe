// Withdrawals to M-Pesa, the user's side (issue 23, docs/withdrawals.md): the withdrawal number, what
// may be withdrawn, the request itself (held in its own database transaction, the B2C request sent
// after the commit) and the history. What M-Pesa answers is settled in services/payments/b2c.ts.
import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../db/client';
import { transactions, users, wallets } from '../db/schema';
import { ValidationError, notFound } from '../http/errors';
import type { PageRequest } from '../http/query';
import { withdrawalResource } from '../resources/commerce-resource';
import { centsToDecimal } from '../resources/money';
import { walletResource } from '../resources/user-resource';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { pinProblem } from '../../src/shared/payment-validation';
import {
  WITHDRAWAL_MAX_CENTS,
  WITHDRAWAL_MIN_CENTS,
  maskedNumber,
  withdrawalNumberUsableAt,
} from '../../src/shared/withdrawals';
import type { CommerceContext } from './commerce-context';
import { transactionEvent } from './notification-service';
import { enqueueEmail } from './outbox-service';
import { paged } from './paged';
import { newReference, sendPayout, verifyWalletPin } from './payments';
import { withdrawalNumberMail } from '../gateways/mail/templates';

type Db = Database | DbTransaction;
type WalletRow = typeof wallets.$inferSelect;

/**
 * What may leave the wallet (docs/withdrawals.md "What can be withdrawn"): earnings, refunds and
 * returned withdrawals, less every withdrawal (a failed one is given back by its reversal line),
 * never more than the balance and never below 0. Money topped up stays for lessons.
 */
export async function withdrawableCents(db: Db, wallet: WalletRow): Promise<number> {
  const [row] = await db
    .select({
      earned: sql<string>`coalesce(sum(case
        when ${transactions.type} in ('earning', 'refund') and ${transactions.gateway} = 'wallet'
          and ${transactions.status} = 'completed' then ${transactions.amountCents}
        when ${transactions.type} = 'withdrawal_reversal' and ${transactions.status} = 'completed'
          then ${transactions.amountCents}
        when ${transactions.type} = 'withdrawal' then -${transactions.amountCents}
        else 0 end), 0)`,
    })
    .from(transactions)
    .where(eq(transactions.walletId, wallet.id));
  return Math.max(0, Math.min(wallet.balanceCents, Number(row?.earned ?? 0)));
}

const feeOf = (ctx: CommerceContext) => ctx.config.withdrawalFeeCents ?? 0;

/** The wallet resource with what may be withdrawn and the fee. */
export async function walletForWithdrawal(ctx: CommerceContext, db: Db, wallet: WalletRow) {
  const fee = feeOf(ctx);
  const withdrawable = Math.max(0, (await withdrawableCents(db, wallet)) - fee);
  return walletResource(wallet, { withdrawableCents: withdrawable, feeCents: fee });
}

async function walletOf(db: Db, userId: number, lock = false) {
  const query = db.select().from(wallets).where(eq(wallets.userId, userId));
  const [wallet] = lock ? await query.for('update') : await query;
  if (!wallet) throw notFound();
  return wallet;
}

const nairobiTime = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);

/**
 * `POST /api/wallet/withdrawal-number {phone, pin}`: the number withdrawals are paid to, confirmed with
 * the PIN. A new number is payable 24 hours later and is told to the account's e-mail in the same
 * transaction (an account taken over cannot be emptied at once, and its owner hears of it).
 */
export async function setWithdrawalNumber(
  ctx: CommerceContext,
  userId: number,
  input: { phone: string; pin: string },
) {
  const badPin = pinProblem(input.pin);
  if (badPin) throw ValidationError.field('pin', badPin);
  await verifyWalletPin(ctx.db, userId, input.pin);
  return ctx.db.transaction(async (tx) => {
    const wallet = await walletOf(tx, userId, true);
    if (wallet.withdrawalNo === input.phone && wallet.withdrawalNoSetAt) {
      return { message: t('withdrawal.numberUnchanged'), data: await walletForWithdrawal(ctx, tx, wallet) };
    }
    const now = new Date();
    const [updated] = await tx
      .update(wallets)
      .set({ withdrawalNo: input.phone, withdrawalProvider: 'mpesa', withdrawalNoSetAt: now, updatedAt: now })
      .where(eq(wallets.id, wallet.id))
      .returning();
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    const usableAt = nairobiTime(withdrawalNumberUsableAt(now));
    // A safety notice, not a choice: `account`, so it goes whatever the user's settings say.
    if (user?.email)
      await enqueueEmail(tx, {
        kind: 'account',
        purpose: 'withdrawal_number_changed',
        userId,
        ...withdrawalNumberMail(user.email, user.firstName ?? '', {
          number: maskedNumber(input.phone) ?? '',
          usableAt,
          walletUrl: `${ctx.config.appUrl}/wallet`,
        }),
      });
    return {
      message: t('withdrawal.numberSaved', { time: usableAt }),
      data: await walletForWithdrawal(ctx, tx, updated ?? wallet),
    };
  });
}

/**
 * `POST /api/wallet/withdraw {amount, pin}` → 202: the amount (and the fee) leave the balance as a
 * pending `withdrawal` in the request's transaction, under the wallet's lock (step 4 of
 * docs/commerce.md "Lock order"), so two requests take turns and the second sees the first's hold.
 * The B2C request goes out after the commit with the `OriginatorConversationID` stored here.
 */
export async function withdraw(
  ctx: CommerceContext,
  userId: number,
  input: { amountCents: number; pin: string },
  now = new Date(),
) {
  const badPin = pinProblem(input.pin);
  if (badPin) throw ValidationError.field('pin', badPin);
  if (input.amountCents < WITHDRAWAL_MIN_CENTS || input.amountCents > WITHDRAWAL_MAX_CENTS)
    throw ValidationError.field(
      'amount',
      t('withdrawal.amount', {
        min: (WITHDRAWAL_MIN_CENTS / 100).toLocaleString('en-US'),
        max: (WITHDRAWAL_MAX_CENTS / 100).toLocaleString('en-US'),
      }),
    );
  await verifyWalletPin(ctx.db, userId, input.pin);
  const fee = feeOf(ctx);
  const held = await ctx.db.transaction(async (tx) => {
    const wallet = await walletOf(tx, userId, true);
    if (!wallet.withdrawalNo || !wallet.withdrawalNoSetAt)
      throw ValidationError.field('withdrawal_no', t('withdrawal.noNumber'));
    const usableAt = withdrawalNumberUsableAt(wallet.withdrawalNoSetAt);
    if (usableAt.getTime() > now.getTime())
      throw ValidationError.field(
        'withdrawal_no',
        t('withdrawal.numberWaiting', { time: nairobiTime(usableAt) }),
      );
    const total = input.amountCents + fee;
    const available = await withdrawableCents(tx, wallet);
    if (total > available)
      throw ValidationError.field(
        'amount',
        t('withdrawal.tooMuch', { amount: formatKes(centsToDecimal(Math.max(0, available - fee))) }),
      );
    await tx
      .update(wallets)
      .set({ balanceCents: wallet.balanceCents - total, updatedAt: now })
      .where(eq(wallets.id, wallet.id));
    const [row] = await tx
      .insert(transactions)
      .values({
        userId,
        walletId: wallet.id,
        type: 'withdrawal',
        amountCents: total,
        reference: newReference('WDR'),
        gateway: 'mpesa_b2c',
        originatorConversationId: randomUUID(),
        meta: { phone: wallet.withdrawalNo, fee_cents: fee },
        initiatedAt: now,
        nextCheckAt: new Date(now.getTime() + ctx.settings.mpesaQueryAfterMs),
      })
      .returning();
    if (!row) throw new Error('Transaction insert returned no row');
    await transactionEvent(tx, userId, { id: row.id, status: 'pending' });
    return row;
  });
  const sent = await sendPayout(ctx, held);
  const message =
    sent.status === 'failed' && typeof sent.meta.result_desc === 'string'
      ? sent.meta.result_desc
      : t('withdrawal.requested', {
          amount: formatKes(centsToDecimal(input.amountCents)),
          phone: maskedNumber(typeof held.meta.phone === 'string' ? held.meta.phone : null) ?? '',
        });
  return { message, transaction: withdrawalResource(sent) };
}

/** `GET /api/wallet/withdrawals?page=`: the user's withdrawals, newest first. */
export async function listWithdrawals(db: Database, userId: number, page: PageRequest) {
  const where = and(eq(transactions.userId, userId), eq(transactions.type, 'withdrawal'));
  const { rows, meta } = await paged(
    page,
    db.select().from(transactions).where(where).orderBy(desc(transactions.id)),
    db.select({ total: count() }).from(transactions).where(where),
  );
  return { data: rows.map(withdrawalResource), meta };
}
