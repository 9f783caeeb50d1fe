// Paying from the wallet: the PIN (wrong tries counted, a lock after five) and the payment itself,
// settled at once in one database transaction.
import { eq } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../../db/client';
import { transactions, wallets } from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import { transactionResource } from '../../resources/commerce-resource';
import { verifySecret } from '../../security/password';
import { t } from '../../../src/shared/messages';
import { pinProblem } from '../../../src/shared/payment-validation';
import type { CommerceContext } from '../commerce-context';
import { transactionEvent } from '../notification-service';
import { fulfilCart, lockPayableCart, payableCartId, type Buyer, type PayInput } from './cart-fulfilment';
import { newReference } from './pending-transactions';

const PIN_MAX_ATTEMPTS = 5;
const PIN_LOCK_MS = 15 * 60 * 1000;

const minutes = (ms: number) => {
  const whole = Math.max(1, Math.ceil(ms / 60_000));
  return whole === 1 ? '1 minute' : `${whole} minutes`;
};

function lockedError(untilMs: number): HttpError {
  const left = untilMs - Date.now();
  return new HttpError(429, t('wallet.pinLocked', { time: minutes(left) }), {
    'Retry-After': String(Math.max(1, Math.ceil(left / 1000))),
  });
}

/**
 * Checks the PIN under a row lock and counts wrong tries; commits on its own, so a wrong PIN is
 * remembered even though the request fails. The wallet is locked in a transaction of its own, before
 * the payment's, so it holds nothing else (docs/commerce.md "Lock order").
 */
export async function verifyWalletPin(db: Database, userId: number, pin: string): Promise<void> {
  const outcome = await db.transaction(async (tx) => {
    const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
    if (!wallet) return { kind: 'noPin' as const };
    const now = Date.now();
    if (wallet.pinLockedUntil && wallet.pinLockedUntil.getTime() > now)
      return { kind: 'locked' as const, until: wallet.pinLockedUntil.getTime() };
    if (!wallet.pinHash) return { kind: 'noPin' as const };
    if (await verifySecret(pin, wallet.pinHash)) {
      if (wallet.pinAttempts > 0 || wallet.pinLockedUntil)
        await tx
          .update(wallets)
          .set({ pinAttempts: 0, pinLockedUntil: null })
          .where(eq(wallets.id, wallet.id));
      return { kind: 'ok' as const };
    }
    const attempts = wallet.pinAttempts + 1;
    if (attempts >= PIN_MAX_ATTEMPTS) {
      const until = new Date(now + PIN_LOCK_MS);
      await tx
        .update(wallets)
        .set({ pinAttempts: 0, pinLockedUntil: until })
        .where(eq(wallets.id, wallet.id));
      return { kind: 'locked' as const, until: until.getTime() };
    }
    await tx
      .update(wallets)
      .set({ pinAttempts: attempts, pinLockedUntil: null })
      .where(eq(wallets.id, wallet.id));
    return { kind: 'wrong' as const, left: PIN_MAX_ATTEMPTS - attempts };
  });
  if (outcome.kind === 'ok') return;
  if (outcome.kind === 'noPin') throw ValidationError.field('pin', t('wallet.noPin'));
  if (outcome.kind === 'locked') throw lockedError(outcome.until);
  throw ValidationError.field(
    'pin',
    outcome.left === 1 ? t('wallet.pinIncorrectLast') : t('wallet.pinIncorrect', { count: outcome.left }),
  );
}

export async function payByWallet(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  input: PayInput & { pin: string },
) {
  const pinRefused = pinProblem(input.pin);
  if (pinRefused) throw ValidationError.field('pin', pinRefused);
  const id = await payableCartId(ctx.db, buyer, cartId);
  await verifyWalletPin(ctx.db, buyer.userId, input.pin);
  const transaction = await ctx.db.transaction((tx) => chargeWallet(tx, buyer, id, input, ctx.config.appUrl));
  return { message: t('payment.paid'), transaction: transactionResource(transaction) };
}

/**
 * The payment itself, inside the caller's transaction, once the PIN was checked (or, for the demo
 * lesson outside production, where the server books for the demo student): the cart paid from the
 * wallet and fulfilled at once.
 */
export async function chargeWallet(
  tx: DbTransaction,
  buyer: Buyer,
  cartId: number,
  input: PayInput,
  /** `config.appUrl` for the receipt; null writes none (the server's own demo booking). */
  appUrl: string | null,
) {
  const payable = await lockPayableCart(tx, buyer, cartId, input);
  // Lock order step 4 (docs/commerce.md "Lock order"; after the lessons and the cart, which
  // lockPayableCart took): concurrent payments from one wallet queue up, so the balance check
  // holds. New bookings are inserted under the lessons' locks.
  const [wallet] = await tx.select().from(wallets).where(eq(wallets.userId, buyer.userId)).for('update');
  if (!wallet || wallet.balanceCents < payable.totalCents)
    throw ValidationError.field('balance', t('wallet.insufficient'));
  await tx
    .update(wallets)
    .set({ balanceCents: wallet.balanceCents - payable.totalCents, updatedAt: new Date() })
    .where(eq(wallets.id, wallet.id));
  const now = new Date();
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: buyer.userId,
      walletId: wallet.id,
      type: 'payment',
      amountCents: payable.totalCents,
      reference: newReference('PAY'),
      status: 'completed',
      gateway: 'wallet',
      cartId: payable.cart.id,
      cartVersion: payable.cart.version,
      studentId: payable.learnerId,
      meta: { result_desc: t('payment.paid') },
      initiatedAt: now,
      completedAt: now,
    })
    .returning();
  if (!row) throw new Error('Transaction insert returned no row');
  await fulfilCart(tx, { ...payable, userId: buyer.userId, transactionId: row.id, appUrl });
  await transactionEvent(tx, buyer.userId, { id: row.id, status: row.status });
  return row;
}
