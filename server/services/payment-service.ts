// Paying for a cart and topping up a wallet: the wallet (PIN, row locks), M-Pesa express and paybill,
// Pesapal. Every completed payment goes through `settle`, so a callback, an IPN, an STK query and a
// C2B confirmation all end in the same order/booking/emptying logic, once.
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../db/client';
import {
  bookings,
  cartItems,
  carts,
  orderItems,
  orders,
  packages,
  parents,
  students,
  subscriptions,
  transactions,
  users,
  wallets,
} from '../db/schema';
import { MpesaRequestError, parseStkCallback, type TransactionStatusResult } from '../gateways/mpesa';
import { ipnAcknowledgement, PESAPAL_STATUS, type PesapalIpn } from '../gateways/pesapal';
import { HttpError, ValidationError } from '../http/errors';
import { transactionResource, type CartItemRow, type CartRow } from '../resources/commerce-resource';
import { centsToDecimal } from '../resources/money';
import { verifySecret } from '../security/password';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { pinProblem } from '../../src/shared/payment-validation';
import { isFull, seatsLeft } from '../../src/shared/teaching';
import { cartItemsOf, paybillAccountOf, requireCart, type CartOwner } from './cart-service';
import { callbackBase, callbackUrl, type CommerceContext } from './commerce-context';
import { isBookable } from './lesson-service';
import { lockLessons, seatsTakenOf, type LockedLesson } from './lesson-seats';
import { feedForOrder, feedForTopUp } from './activity-service';
import { transactionEvent } from './notification-service';
import { scheduleLessonReminders } from './reminder-service';
import type { FollowUp } from './follow-ups';

export type Buyer = { userId: number; roles: string[] };
export type TransactionRow = typeof transactions.$inferSelect;
type Db = Database | DbTransaction;

export const PIN_MAX_ATTEMPTS = 5;
export const PIN_LOCK_MS = 15 * 60 * 1000;
/** The paybill screen's "I have paid" looks for confirmations this recent. */
const PAYBILL_CONFIRM_WINDOW_MS = 60 * 60 * 1000;

export const newReference = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;

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
 * remembered even though the request fails.
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

const totalOf = (items: CartItemRow[]) =>
  items.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);

/** The student the lessons are booked for: the buyer, or one of a parent's children. */
async function resolveLearner(db: Db, userId: number, requested: number | null, items: CartItemRow[]) {
  if (!items.some((item) => item.purchasableType === 'lesson')) return null;
  const [own] = await db.select({ id: students.id }).from(students).where(eq(students.userId, userId));
  if (own && (requested === null || requested === own.id)) return own.id;
  const children = await db
    .select({ id: students.id })
    .from(students)
    .innerJoin(parents, eq(parents.id, students.parentId))
    .where(eq(parents.userId, userId))
    .orderBy(asc(students.id));
  const fromOptions = items
    .map((item) => Number(item.options?.student_id))
    .find((value) => Number.isInteger(value) && value > 0);
  const wanted = requested ?? fromOptions ?? null;
  if (wanted !== null && children.some((child) => child.id === wanted)) return wanted;
  if (wanted === null && children.length === 1) return children[0]?.id ?? null;
  throw ValidationError.field('student_id', t('payment.childRequired'));
}

/** The lesson ids a cart's items name, sorted: the rows to lock before the cart. */
const cartLessonIds = (items: CartItemRow[]) =>
  [
    ...new Set(items.filter((item) => item.purchasableType === 'lesson').map((item) => item.purchasableId)),
  ].sort((a, b) => a - b);

/**
 * Why this cart cannot be fulfilled for that learner now, or null. `locked` are the cart's lessons
 * as `lockLessons` returned them: cancellation, approval and seats are read under their row locks, so
 * a cancellation or another payment for the last seat waits for this transaction, or this one for it.
 */
async function availabilityProblem(
  tx: DbTransaction,
  items: CartItemRow[],
  learnerId: number | null,
  locked: LockedLesson[],
): Promise<string | null> {
  const lessonIds = cartLessonIds(items);
  if (lessonIds.length) {
    const taken = await seatsTakenOf(tx, lessonIds);
    for (const id of lessonIds) {
      const lesson = locked.find((row) => row.id === id);
      if (!lesson || !isBookable(lesson))
        return t('cart.itemUnavailable', { name: lesson?.code ?? 'A lesson' });
      if (isFull(seatsLeft(lesson, taken.get(id) ?? 0))) return t('cart.lessonFull', { name: lesson.code });
    }
    if (learnerId !== null) {
      const [booked] = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.studentId, learnerId), inArray(bookings.lessonId, lessonIds)));
      if (booked) return t('cart.alreadyBooked');
    }
  }
  const planIds = items
    .filter((item) => item.purchasableType === 'subscription')
    .map((item) => item.purchasableId);
  if (planIds.length) {
    const rows = await tx.select({ id: packages.id }).from(packages).where(inArray(packages.id, planIds));
    if (rows.length !== new Set(planIds).size) return t('cart.itemUnavailable', { name: 'A plan' });
  }
  return null;
}

/**
 * Lock order steps 1 and 2 (docs/commerce.md "Lock order"): the cart's lessons, learnt from an
 * unlocked read of its items, then the cart itself; `null` when the cart's lessons changed between
 * the two (the caller answers 409 `cart.changed` or refunds).
 */
async function lockCartWithLessons(tx: DbTransaction, cartId: number) {
  const lessonIds = cartLessonIds(await cartItemsOf(tx, cartId));
  const locked = await lockLessons(tx, lessonIds);
  const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
  if (!cart) return { cart: null, items: [], locked, changed: false };
  const items = await cartItemsOf(tx, cart.id);
  const now = cartLessonIds(items);
  const changed = now.length !== lessonIds.length || now.some((id, index) => id !== lessonIds[index]);
  return { cart, items, locked, changed };
}

function addDuration(
  start: Date,
  duration: number,
  unit: (typeof packages.$inferSelect)['durationUnit'],
): Date {
  const end = new Date(start);
  if (unit === 'day') end.setUTCDate(end.getUTCDate() + duration);
  else if (unit === 'week') end.setUTCDate(end.getUTCDate() + 7 * duration);
  else if (unit === 'month') end.setUTCMonth(end.getUTCMonth() + duration);
  else end.setUTCFullYear(end.getUTCFullYear() + duration);
  return end;
}

/** Cart → order, bookings, subscriptions; then the cart is emptied. Runs inside the payment's transaction. */
async function fulfilCart(
  tx: DbTransaction,
  input: {
    cart: CartRow;
    items: CartItemRow[];
    userId: number;
    learnerId: number | null;
    transactionId: number;
  },
) {
  const { cart, items, userId, learnerId, transactionId } = input;
  const [order] = await tx
    .insert(orders)
    .values({ userId, studentId: learnerId, transactionId, totalCents: totalOf(items) })
    .returning();
  if (!order) throw new Error('Order insert returned no row');
  await tx.insert(orderItems).values(
    items.map((item) => ({
      orderId: order.id,
      purchasableType: item.purchasableType,
      purchasableId: item.purchasableId,
      quantity: item.quantity,
      priceCents: item.priceCents,
      options: item.options,
    })),
  );
  const lessonItems = items.filter((item) => item.purchasableType === 'lesson');
  const booked =
    lessonItems.length && learnerId !== null
      ? await tx
          .insert(bookings)
          .values(
            lessonItems.map((item) => ({
              lessonId: item.purchasableId,
              studentId: learnerId,
              orderId: order.id,
            })),
          )
          .returning({ id: bookings.id, lessonId: bookings.lessonId })
      : [];
  // The payer's feed and notifications, and each booking's reminder, commit with the order.
  await scheduleLessonReminders(tx, booked);
  await feedForOrder(tx, {
    userId,
    learnerId,
    orderId: order.id,
    transactionId,
    totalCents: order.totalCents,
    bookings: booked,
  });
  const planItems = items.filter((item) => item.purchasableType === 'subscription');
  if (planItems.length) {
    const plans = await tx
      .select()
      .from(packages)
      .where(
        inArray(
          packages.id,
          planItems.map((item) => item.purchasableId),
        ),
      );
    const now = new Date();
    await tx.insert(subscriptions).values(
      planItems.flatMap((item) => {
        const plan = plans.find((row) => row.id === item.purchasableId);
        if (!plan) return [];
        // Several of the same plan run back to back.
        return [
          {
            userId,
            packageId: plan.id,
            orderId: order.id,
            startDate: now,
            endDate: addDuration(now, plan.duration * item.quantity, plan.durationUnit),
            priceCents: item.priceCents * item.quantity,
          },
        ];
      }),
    );
  }
  await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
  await tx
    .update(carts)
    .set({ version: sql`${carts.version} + 1`, checkoutVersion: null, updatedAt: new Date() })
    .where(eq(carts.id, cart.id));
  return order;
}

type PayInput = { cartVersion: number | null; studentId: number | null };

/** The cart locked for this payment, checked: not empty, unchanged since checkout, still available. */
async function lockPayableCart(tx: DbTransaction, buyer: Buyer, cartId: number, input: PayInput) {
  const { cart, items, locked, changed } = await lockCartWithLessons(tx, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  if (items.length === 0) throw new HttpError(409, t('cart.empty'));
  if (changed) throw new HttpError(409, t('cart.changed'));
  const shown = input.cartVersion ?? cart.checkoutVersion;
  if (shown !== null && shown !== cart.version) throw new HttpError(409, t('cart.changed'));
  const learnerId = await resolveLearner(tx, buyer.userId, input.studentId, items);
  const problem = await availabilityProblem(tx, items, learnerId, locked);
  if (problem) throw new HttpError(409, problem);
  return { cart, items, learnerId, totalCents: totalOf(items) };
}

async function payableCartId(db: Database, buyer: Buyer, cartId: number | null): Promise<number> {
  const cart = await requireCart(db, buyer satisfies CartOwner, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  return cart.id;
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
  const transaction = await ctx.db.transaction(async (tx) => {
    const payable = await lockPayableCart(tx, buyer, id, input);
    // Lock order step 4 (after the lessons and the cart): concurrent payments from one wallet queue
    // up, so the balance check holds. New bookings are inserted under the lessons' locks.
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
    await fulfilCart(tx, { ...payable, userId: buyer.userId, transactionId: row.id });
    await transactionEvent(tx, buyer.userId, { id: row.id, status: row.status });
    return row;
  });
  return { message: t('payment.paid'), transaction: transactionResource(transaction) };
}

/**
 * Creates the pending transaction of a gateway payment, or hands back the one already pending for
 * this very cart version (double click, second tab): the customer is never asked to pay twice.
 * An M-Pesa retry with another phone gets its own push; whichever is paid first fulfils the cart
 * and a later one is credited to the wallet, so no payment is ever lost.
 */
async function pendingCartPayment(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  gateway: 'mpesa' | 'pesapal',
  input: PayInput,
  extraMeta: Record<string, unknown>,
): Promise<{ row: TransactionRow; reused: boolean }> {
  const id = await payableCartId(ctx.db, buyer, cartId);
  return ctx.db.transaction(async (tx) => {
    const payable = await lockPayableCart(tx, buyer, id, input);
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

async function pendingTopUp(
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

async function markFailed(
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

/** STK push for a pending transaction; a refused push fails it (422 for a bad phone, 502 otherwise). */
async function pushStk(ctx: CommerceContext, row: TransactionRow, phone: string) {
  try {
    const accepted = await ctx.mpesa.stkPush({
      amount: Math.ceil(row.amountCents / 100),
      phone,
      accountReference: row.reference.slice(0, 12),
      description: row.type === 'topup' ? 'Wallet topup' : 'Somesha order',
      callbackUrl: callbackUrl(ctx, 'stkCallback'),
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        checkoutRequestId: accepted.checkoutRequestId,
        meta: {
          ...row.meta,
          phone,
          merchant_request_id: accepted.merchantRequestId,
          checkout_request_id: accepted.checkoutRequestId,
        },
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    await markFailed(ctx.db, row, error instanceof Error ? error.message : t('messages.general'));
    if (error instanceof MpesaRequestError && error.isBadRequest)
      throw ValidationError.field('phone', t('validation.safaricomPhone'));
    throw new HttpError(502, t('messages.general'));
  }
}

export async function payByMpesa(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  input: PayInput & { phone: string },
) {
  const { row, reused } = await pendingCartPayment(ctx, buyer, cartId, 'mpesa', input, {
    phone: input.phone,
  });
  const pending = reused ? row : await pushStk(ctx, row, input.phone);
  return { message: t('payment.mpesaPrompt'), transaction: transactionResource(pending) };
}

export async function topUpByMpesa(ctx: CommerceContext, userId: number, amountCents: number, phone: string) {
  const row = await pendingTopUp(ctx, userId, amountCents, 'mpesa', { phone });
  const pending = await pushStk(ctx, row, phone);
  return { message: t('payment.mpesaPrompt'), transaction: transactionResource(pending) };
}

async function pesapalIpnId(ctx: CommerceContext): Promise<string> {
  ctx.pesapalIpn.promise ??= ctx.pesapal
    .registerIpn(callbackUrl(ctx, 'pesapalIpn'), 'GET')
    .then((answer) => answer.ipnId);
  try {
    return await ctx.pesapalIpn.promise;
  } catch (error) {
    // A failed registration is tried again by the next payment.
    ctx.pesapalIpn.promise = null;
    throw error;
  }
}

export const PESAPAL_RETURN_PATH = '/payments/pesapal/return';

async function submitPesapal(ctx: CommerceContext, row: TransactionRow, userId: number) {
  try {
    const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
    const accepted = await ctx.pesapal.submitOrder({
      id: row.reference,
      currency: 'KES',
      amount: centsToDecimal(row.amountCents),
      description: row.type === 'topup' ? 'Somesha wallet top-up' : 'Somesha lessons and plans',
      callbackUrl: `${callbackBase(ctx)}${PESAPAL_RETURN_PATH}`,
      notificationId: await pesapalIpnId(ctx),
      billingAddress: {
        email: user?.email ?? '',
        phone: user?.phone ?? '',
        first_name: user?.firstName ?? '',
        last_name: user?.lastName ?? '',
      },
    });
    const [updated] = await ctx.db
      .update(transactions)
      .set({
        orderTrackingId: accepted.orderTrackingId,
        meta: { ...row.meta, order_tracking_id: accepted.orderTrackingId, pesapal_url: accepted.redirectUrl },
        updatedAt: new Date(),
      })
      .where(eq(transactions.id, row.id))
      .returning();
    return { row: updated ?? row, url: accepted.redirectUrl };
  } catch (error) {
    await markFailed(ctx.db, row, error instanceof Error ? error.message : t('messages.general'));
    throw new HttpError(502, t('messages.general'));
  }
}

const pesapalAnswer = (row: TransactionRow, url: string) => ({
  message: t('payment.pesapalPrompt'),
  pesapal_url: url,
  transaction: transactionResource(row),
});

export async function payByPesapal(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  input: PayInput,
) {
  const { row, reused } = await pendingCartPayment(ctx, buyer, cartId, 'pesapal', input, {});
  const storedUrl = typeof row.meta.pesapal_url === 'string' ? row.meta.pesapal_url : null;
  if (reused && storedUrl) return pesapalAnswer(row, storedUrl);
  const submitted = await submitPesapal(ctx, row, buyer.userId);
  return pesapalAnswer(submitted.row, submitted.url);
}

export async function topUpByPesapal(ctx: CommerceContext, userId: number, amountCents: number) {
  const row = await pendingTopUp(ctx, userId, amountCents, 'pesapal', {});
  const submitted = await submitPesapal(ctx, row, userId);
  return pesapalAnswer(submitted.row, submitted.url);
}

type Outcome =
  | {
      kind: 'paid';
      paidCents: number;
      receipt?: string;
      resultDesc: string;
      details?: Record<string, unknown>;
    }
  | {
      kind: 'failed' | 'cancelled' | 'reversed' | 'expired' | 'needs_review';
      resultDesc: string;
      /** What the gateway confirmed when it is not settled (kept for staff). */
      confirmedCents?: number;
      /** Why staff review it (`meta.review_reason`); the customer reads `resultDesc`. */
      reviewReason?: string;
    };

/** Gateways whose receipts share one space: one unique index each (server/db/schema.ts). */
function receiptSpace(gateway: TransactionRow['gateway']): TransactionRow['gateway'][] {
  if (gateway === 'mpesa' || gateway === 'paybill') return ['mpesa', 'paybill'];
  return [gateway];
}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  return (cause as { code?: string } | null)?.code === '23505';
};

/**
 * Records the receipt a gateway confirmed on this transaction, unless another transaction of the same
 * provider holds it already: false then, and nothing is written. Runs in a savepoint, so a payment
 * that recorded the same receipt a moment earlier costs this statement only, never a 500.
 */
async function recordReceipt(tx: DbTransaction, row: TransactionRow, receipt: string): Promise<boolean> {
  const [holder] = await tx
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReceipt, receipt),
        inArray(transactions.gateway, receiptSpace(row.gateway)),
        ne(transactions.id, row.id),
      ),
    )
    .limit(1);
  if (holder) return false;
  try {
    await tx.transaction(async (savepoint) => {
      await savepoint
        .update(transactions)
        .set({ gatewayReceipt: receipt })
        .where(eq(transactions.id, row.id));
    });
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** Money that arrived but cannot pay the cart goes to the buyer's wallet, as its own ledger line. */
async function creditWallet(tx: DbTransaction, row: TransactionRow, amountCents: number, note: string) {
  if (!row.walletId) return;
  await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${amountCents}`, updatedAt: new Date() })
    .where(eq(wallets.id, row.walletId));
  const now = new Date();
  await tx.insert(transactions).values({
    userId: row.userId,
    walletId: row.walletId,
    type: 'topup',
    amountCents,
    reference: `${row.reference}-W`,
    status: 'completed',
    gateway: row.gateway,
    relatedTransactionId: row.id,
    meta: { result_desc: note },
    initiatedAt: now,
    completedAt: now,
  });
}

/** Settles a pending transaction once; a second notification finds it final and changes nothing. */
export async function settle(
  ctx: CommerceContext,
  transactionId: number,
  outcome: Outcome,
): Promise<TransactionRow | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .for('update');
    if (!row || row.status !== 'pending') return row ?? null;
    const now = new Date();
    let receipt = row.gatewayReceipt;
    const finish = async (
      status: TransactionRow['status'],
      resultDesc: string,
      extra: Record<string, unknown> = {},
    ) => {
      const [updated] = await tx
        .update(transactions)
        .set({
          status,
          meta: { ...row.meta, ...extra, result_desc: resultDesc },
          completedAt: status === 'completed' ? now : null,
          gatewayReceipt: receipt,
          confirmedAmountCents:
            outcome.kind === 'paid'
              ? outcome.paidCents
              : (outcome.confirmedCents ?? row.confirmedAmountCents),
          nextCheckAt: null,
          updatedAt: now,
        })
        .where(eq(transactions.id, row.id))
        .returning();
      // An open tab hears of it at once (`event: transaction`); its 3 s poll is the fallback.
      if (row.userId) await transactionEvent(tx, row.userId, { id: row.id, status });
      return updated ?? row;
    };
    if (outcome.kind !== 'paid')
      return finish(
        outcome.kind,
        outcome.resultDesc,
        outcome.reviewReason ? { review_reason: outcome.reviewReason } : {},
      );

    const extra = { ...outcome.details, ...(outcome.receipt ? { receipt: outcome.receipt } : {}) };
    // One payment, one credit: a receipt already settled on another transaction moves nothing again.
    if (outcome.receipt && outcome.receipt !== row.gatewayReceipt) {
      if (!(await recordReceipt(tx, row, outcome.receipt))) {
        ctx.log.error(
          { transactionId: row.id, receipt: outcome.receipt },
          'The gateway confirmed a receipt already recorded on another payment; left for review',
        );
        return finish('needs_review', t('payment.needsReview'), {
          ...extra,
          review_reason: t('payment.reviewReceiptUsed'),
        });
      }
      receipt = outcome.receipt;
    }
    if (outcome.paidCents < row.amountCents) {
      await creditWallet(tx, row, outcome.paidCents, t('payment.amountMismatch'));
      return finish('failed', t('payment.amountMismatch'), extra);
    }
    if (row.type === 'topup') {
      return settleTopUp(tx, row, outcome.paidCents, finish, extra);
    }
    const refund = async (reason = t('payment.cartChangedRefund')) => {
      await creditWallet(tx, row, outcome.paidCents, reason);
      return finish('failed', reason, extra);
    };
    if (!row.cartId || !row.userId) return refund();
    // Lock order: this transaction's row (step 0, above), the cart's lessons, the cart, then wallets.
    const { cart, items, locked, changed } = await lockCartWithLessons(tx, row.cartId);
    if (!cart || changed || cart.version !== row.cartVersion) return refund();
    if (items.length === 0 || totalOf(items) !== row.amountCents) return refund();
    if (await availabilityProblem(tx, items, row.studentId, locked)) return refund();
    // Lessons need a learner (a parent paying by paybill without choosing a child): nobody to book for.
    if (row.studentId === null && items.some((item) => item.purchasableType === 'lesson'))
      return refund(t('payment.noLearnerRefund'));
    await fulfilCart(tx, {
      cart,
      items,
      userId: row.userId,
      learnerId: row.studentId,
      transactionId: row.id,
    });
    // Paybill customers type the amount themselves; what is over the total is theirs to keep.
    if (outcome.paidCents > row.amountCents)
      await creditWallet(tx, row, outcome.paidCents - row.amountCents, t('payment.overpaidCredit'));
    return finish('completed', outcome.resultDesc || t('payment.paid'), extra);
  });
}

async function settleTopUp(
  tx: DbTransaction,
  row: TransactionRow,
  paidCents: number,
  finish: (
    status: TransactionRow['status'],
    resultDesc: string,
    extra?: Record<string, unknown>,
  ) => Promise<TransactionRow>,
  extra: Record<string, unknown>,
) {
  if (!row.walletId) return finish('failed', t('messages.general'), extra);
  const [wallet] = await tx
    .update(wallets)
    .set({ balanceCents: sql`${wallets.balanceCents} + ${paidCents}`, updatedAt: new Date() })
    .where(eq(wallets.id, row.walletId))
    .returning();
  if (row.userId)
    await feedForTopUp(tx, { userId: row.userId, transactionId: row.id, amountCents: paidCents });
  return finish(
    'completed',
    t('wallet.credited', { balance: formatKes(centsToDecimal(wallet?.balanceCents ?? 0)) }),
    extra,
  );
}

/** What M-Pesa express asked the customer for: whole shillings, the cart total rounded up. */
const askedMpesaCents = (row: TransactionRow) => Math.ceil(row.amountCents / 100) * 100;

/** Daraja result codes: 0 paid (the amount we pushed), 1032 cancelled by the customer, anything else failed. */
function stkOutcome(row: TransactionRow, resultCode: number, resultDesc: string): Outcome {
  if (resultCode === 0) {
    // The STK query confirms *that* our push was paid; the push fixed the amount, so it is ours.
    // Daraja's query names no receipt: the callback's is recorded, so it is never settled again.
    const receipt = typeof row.meta.callback_receipt === 'string' ? row.meta.callback_receipt : undefined;
    return { kind: 'paid', paidCents: askedMpesaCents(row), receipt, resultDesc: '' };
  }
  return {
    kind: resultCode === 1032 ? 'cancelled' : 'failed',
    resultDesc: resultDesc || t('payment.failMsg'),
  };
}

/**
 * `POST /api/hooks/{secret}/stk`: a hint that a push was answered. What it claims is
 * kept for staff, and the STK query decides: the follow-up, run once Daraja has its answer (throws
 * MpesaCallbackError for a body that is not Daraja's).
 */
export async function handleStkCallback(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const result = parseStkCallback(body);
  const claimed = {
    callback_result_code: result.resultCode,
    ...(result.amount !== undefined ? { callback_amount: result.amount } : {}),
    ...(result.mpesaReceiptNumber ? { callback_receipt: result.mpesaReceiptNumber } : {}),
  };
  // Recorded in one statement, and only on pushes we made that are still open; anything else is
  // acknowledged and ignored.
  const [hinted] = await ctx.db
    .update(transactions)
    .set({
      meta: sql`${transactions.meta} || ${JSON.stringify(claimed)}::jsonb`,
      claimedAmountCents: result.amount !== undefined ? Math.round(result.amount * 100) : undefined,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(transactions.checkoutRequestId, result.checkoutRequestId),
        eq(transactions.gateway, 'mpesa'),
        eq(transactions.status, 'pending'),
      ),
    )
    .returning();
  if (!hinted) {
    await recordLateStkReceipt(ctx, result.checkoutRequestId, result.mpesaReceiptNumber);
    return null;
  }
  if (result.amount !== undefined && result.amount * 100 !== askedMpesaCents(hinted))
    ctx.log.warn(
      { transactionId: hinted.id, claimed: result.amount, asked: askedMpesaCents(hinted) / 100 },
      'M-Pesa callback claims another amount than the push asked for; the STK query decides',
    );
  return () => reconcile(ctx, hinted, new Date(), { force: true });
}

/**
 * The STK query can confirm a push before its callback arrives; Daraja's query names no receipt, so
 * the payment was settled without one. The callback's receipt is recorded then, so the same receipt
 * re-sent as a C2B TransID finds it. A receipt another payment already holds is only logged.
 */
async function recordLateStkReceipt(ctx: CommerceContext, checkoutRequestId: string, receipt?: string) {
  if (!receipt) return;
  try {
    await ctx.db
      .update(transactions)
      .set({ gatewayReceipt: receipt, updatedAt: new Date() })
      .where(
        and(
          eq(transactions.checkoutRequestId, checkoutRequestId),
          eq(transactions.gateway, 'mpesa'),
          eq(transactions.status, 'completed'),
          sql`${transactions.gatewayReceipt} is null`,
        ),
      );
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    ctx.log.error(
      { checkoutRequestId, receipt },
      'STK callback names a receipt already recorded on another payment; left as it is',
    );
  }
}

/** Pesapal's status query decides; a completed amount other than the order's is left for staff. */
async function settleFromPesapal(ctx: CommerceContext, row: TransactionRow): Promise<boolean> {
  if (!row.orderTrackingId) return false;
  const status = await ctx.pesapal.getTransactionStatus(row.orderTrackingId);
  const details = { payment_method: status.paymentMethod, confirmation_code: status.confirmationCode };
  if (status.statusCode === PESAPAL_STATUS.COMPLETED) {
    const confirmedCents = Math.round(Number(status.amount) * 100);
    if (confirmedCents !== row.amountCents) {
      ctx.log.error(
        { transactionId: row.id, confirmed: status.amount, asked: centsToDecimal(row.amountCents) },
        'Pesapal confirmed another amount than the order; left for review',
      );
      await settle(ctx, row.id, {
        kind: 'needs_review',
        resultDesc: t('payment.needsReview'),
        confirmedCents,
        reviewReason: t('payment.reviewPesapalAmount'),
      });
      return true;
    }
    await settle(ctx, row.id, {
      kind: 'paid',
      paidCents: row.amountCents,
      // Pesapal's confirmation code is the payment's receipt: unique among Pesapal payments.
      receipt: status.confirmationCode || undefined,
      resultDesc: status.description,
      details,
    });
    return true;
  }
  if (status.statusCode === PESAPAL_STATUS.FAILED) {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: status.description || t('payment.failMsg') });
    return true;
  }
  if (status.statusCode === PESAPAL_STATUS.REVERSED) {
    await settle(ctx, row.id, {
      kind: 'reversed',
      resultDesc: status.description || status.paymentStatusDescription,
    });
    return true;
  }
  return false;
}

/** An IPN or the browser's return: Pesapal's status query decides. Returns the acknowledgement body. */
export async function handlePesapalNotification(ctx: CommerceContext, ipn: PesapalIpn) {
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(eq(transactions.orderTrackingId, ipn.orderTrackingId));
  if (row && row.status === 'pending') await reconcile(ctx, row, new Date(), { force: true });
  const [after] = row ? await ctx.db.select().from(transactions).where(eq(transactions.id, row.id)) : [];
  return { acknowledgement: ipnAcknowledgement(ipn, true), transaction: after ?? null };
}

/**
 * The browser back from Pesapal, on a public page anyone can load with any tracking id: only the
 * transaction's owner (`viewerId`, from the session) makes us ask Pesapal or learns the outcome.
 * Anyone else gets null, exactly as for a tracking id that names nothing.
 */
export async function handlePesapalReturn(ctx: CommerceContext, ipn: PesapalIpn, viewerId: number | null) {
  if (viewerId === null) return null;
  const [row] = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(and(eq(transactions.orderTrackingId, ipn.orderTrackingId), eq(transactions.userId, viewerId)));
  return row ? (await handlePesapalNotification(ctx, ipn)).transaction : null;
}

/** The wait before the next gateway query: doubling from `queryIntervalMs` up to the ceiling. */
function backoffMs(ctx: CommerceContext, attempts: number): number {
  const { queryIntervalMs, maxQueryIntervalMs } = ctx.settings;
  return Math.min(queryIntervalMs * 2 ** Math.min(attempts, 20), maxQueryIntervalMs);
}

function firstCheckAt(ctx: CommerceContext, now = new Date()): Date {
  return new Date(now.getTime() + ctx.settings.mpesaQueryAfterMs);
}

/**
 * Takes a pending transaction for one gateway query: moves its `next_check_at` on by the backoff
 * in the same statement, so two processes (or the sweep and a poll) never ask twice at once and a
 * transaction that stays unanswered sinks behind the ones not asked about yet. A notification
 * (`force`) skips the wait, but not within `minCheckGapMs` of the last question (`checked_at`), so
 * whoever pings a transaction, however often, costs the gateway one query per gap; one turned away
 * brings the next check forward to the end of the gap instead, and the news is not lost.
 */
async function claimCheck(ctx: CommerceContext, row: TransactionRow, now: Date, force: boolean) {
  const next = new Date(now.getTime() + backoffMs(ctx, row.checkAttempts));
  const gap = ctx.settings.minCheckGapMs;
  const [claimed] = await ctx.db
    .update(transactions)
    .set({ checkedAt: now, nextCheckAt: next, checkAttempts: sql`${transactions.checkAttempts} + 1` })
    .where(
      and(
        eq(transactions.id, row.id),
        eq(transactions.status, 'pending'),
        force
          ? sql`(${transactions.checkedAt} is null or ${transactions.checkedAt} <= ${new Date(now.getTime() - gap)})`
          : sql`coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt}) <= ${now}`,
      ),
    )
    .returning();
  if (!claimed && force)
    await ctx.db
      .update(transactions)
      .set({
        nextCheckAt: sql`least(coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt}), ${transactions.checkedAt} + ${gap} * interval '1 millisecond')`,
      })
      .where(
        and(
          eq(transactions.id, row.id),
          eq(transactions.status, 'pending'),
          sql`${transactions.checkedAt} is not null`,
        ),
      );
  return claimed ?? null;
}

/** How long each gateway's pending transactions may stay unconfirmed, and how they end then. */
function giveUp(ctx: CommerceContext, row: TransactionRow): { afterMs: number; outcome: Outcome } {
  if (row.gateway === 'paybill')
    return {
      afterMs: ctx.settings.paybillGiveUpAfterMs,
      outcome: { kind: 'needs_review', resultDesc: t('payment.needsReview') },
    };
  return {
    afterMs: row.gateway === 'pesapal' ? ctx.settings.pesapalGiveUpAfterMs : ctx.settings.mpesaGiveUpAfterMs,
    outcome: { kind: 'expired', resultDesc: t('payment.expired') },
  };
}

/**
 * Asks the gateway about a pending transaction: the only way one becomes paid. Cheap to call often:
 * it does nothing before the transaction's `next_check_at` unless `force` (a notification just came).
 */
export async function reconcile(
  ctx: CommerceContext,
  row: TransactionRow,
  now = new Date(),
  { force = false } = {},
): Promise<void> {
  if (row.status !== 'pending' || !['mpesa', 'pesapal', 'paybill'].includes(row.gateway)) return;
  if (!force && (row.nextCheckAt ?? row.initiatedAt).getTime() > now.getTime()) return;
  const claimed = await claimCheck(ctx, row, now, force);
  if (!claimed) return;
  let decided = false;
  try {
    decided = await askGateway(ctx, claimed);
  } catch (error) {
    ctx.log.warn({ err: error, transactionId: row.id }, 'payment check: the gateway did not answer');
  }
  const limit = giveUp(ctx, claimed);
  if (!decided && now.getTime() - claimed.initiatedAt.getTime() > limit.afterMs)
    await settle(ctx, claimed.id, limit.outcome);
}

/** One query to the transaction's gateway; true when it settled the transaction. */
async function askGateway(ctx: CommerceContext, row: TransactionRow): Promise<boolean> {
  if (row.gateway === 'pesapal') return settleFromPesapal(ctx, row);
  if (row.gateway === 'paybill') {
    await requestPaybillStatus(ctx, row);
    return false;
  }
  if (!row.checkoutRequestId) return false;
  try {
    const result = await ctx.mpesa.stkQuery(row.checkoutRequestId);
    if (result.resultCode === null) return false;
    await settle(ctx, row.id, stkOutcome(row, result.resultCode, result.resultDesc));
    return true;
  } catch (error) {
    // Daraja forgets pushes it never heard back about: unknown is "not confirmed", never "paid".
    if (error instanceof MpesaRequestError && error.isBadRequest) return false;
    throw error;
  }
}

/** The background check: the most overdue pending gateway payments first, a batch at a time. */
export async function reconcilePending(ctx: CommerceContext, batch = 50): Promise<number> {
  const now = new Date();
  const due = sql`coalesce(${transactions.nextCheckAt}, ${transactions.initiatedAt})`;
  const rows = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.status, 'pending'),
        inArray(transactions.gateway, ['mpesa', 'pesapal', 'paybill']),
        sql`${due} <= ${now}`,
      ),
    )
    .orderBy(asc(due), asc(transactions.id))
    .limit(batch);
  for (const row of rows) await reconcile(ctx, row, now);
  return rows.length;
}

/**
 * A paybill payer's chosen child (`student_id`), checked like the wallet's and M-Pesa's (422 on
 * `student_id`), kept in the `student_id` option of the cart's lessons: no transaction exists before
 * the C2B confirmation, whose `resolveLearner` reads it from there.
 */
async function rememberPaybillLearner(
  db: Database,
  buyer: Buyer,
  cartId: number,
  items: CartItemRow[],
  studentId: number | null,
): Promise<void> {
  if (studentId === null) return;
  const learnerId = await resolveLearner(db, buyer.userId, studentId, items);
  if (learnerId === null) return;
  await db
    .update(cartItems)
    .set({
      options: sql`coalesce(${cartItems.options}, '{}'::jsonb) || jsonb_build_object('student_id', ${learnerId}::integer)`,
    })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.purchasableType, 'lesson')));
}

export async function paybillFor(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  studentId: number | null = null,
) {
  const cart = await requireCart(ctx.db, buyer, cartId);
  const items = cart ? await cartItemsOf(ctx.db, cart.id) : [];
  if (!cart || items.length === 0) throw new HttpError(409, t('cart.empty'));
  await rememberPaybillLearner(ctx.db, buyer, cart.id, items, studentId);
  return {
    business_number: ctx.mpesa.paybillDetails().businessNumber,
    account_number: await paybillAccountOf(ctx.db, cart),
    // M-Pesa moves whole shillings.
    amount: centsToDecimal(Math.ceil(totalOf(items) / 100) * 100),
  };
}

/**
 * `POST /api/hooks/{secret}/c2b/confirmation`: a hint that someone paid our paybill. It is
 * recorded as a pending transaction and M-Pesa's transaction status query is asked (the follow-up,
 * once Daraja has its answer) what really arrived; `handleTransactionStatusResult` settles from that answer (throws MpesaCallbackError for a
 * body that is not Daraja's).
 */
export async function handleC2BConfirmation(ctx: CommerceContext, body: unknown): Promise<FollowUp | null> {
  const confirmation = ctx.mpesa.parseC2BConfirmation(body);
  // Any M-Pesa payment (express or paybill) already holding this receipt: a repeat, or an STK receipt
  // re-sent as a TransID. Either way it is not money a second time.
  const [known] = await ctx.db
    .select({ id: transactions.id, gateway: transactions.gateway })
    .from(transactions)
    .where(
      and(
        eq(transactions.gatewayReceipt, confirmation.transId),
        inArray(transactions.gateway, receiptSpace('paybill')),
      ),
    );
  if (known) {
    if (known.gateway !== 'paybill')
      ctx.log.warn(
        { transactionId: known.id, receipt: confirmation.transId, account: confirmation.billRefNumber },
        'C2B confirmation names the receipt of an M-Pesa express payment; ignored',
      );
    return null;
  }
  const [cart] = await ctx.db
    .select()
    .from(carts)
    .where(sql`upper(${carts.paybillAccount}) = ${confirmation.billRefNumber.toUpperCase()}`);
  const [wallet] = cart?.userId
    ? await ctx.db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, cart.userId))
    : [];
  const items = cart ? await cartItemsOf(ctx.db, cart.id) : [];
  // The learner is decided as for the other methods, from the child chosen on the paybill screen
  // (rememberPaybillLearner); a parent of several who has not chosen gets the money in the wallet.
  const learnerId = cart?.userId
    ? await resolveLearner(ctx.db, cart.userId, null, items).catch(() => null)
    : null;
  const claimedCents = Math.round(confirmation.amount * 100);
  const [row] = await ctx.db
    .insert(transactions)
    .values({
      userId: cart?.userId ?? null,
      walletId: wallet?.id ?? null,
      type: 'payment',
      // What the server asks for: the cart's total now; with no cart, what the customer says they
      // paid (nothing is settled without M-Pesa confirming exactly that). Either way only a claim.
      amountCents: totalOf(items) || claimedCents,
      claimedAmountCents: claimedCents,
      reference: `C2B-${confirmation.transId}`,
      gateway: 'paybill',
      gatewayReceipt: confirmation.transId,
      paybillAccount: confirmation.billRefNumber,
      cartId: cart?.id ?? null,
      cartVersion: cart?.version ?? null,
      studentId: learnerId,
      meta: {
        trans_id: confirmation.transId,
        bill_ref_number: confirmation.billRefNumber,
      },
      nextCheckAt: new Date(Date.now() + ctx.settings.queryIntervalMs),
    })
    .onConflictDoNothing()
    .returning();
  return row ? () => reconcile(ctx, row, new Date(), { force: true }) : null;
}

/** Asks M-Pesa about a paybill receipt; the answer arrives at the status result route. */
async function requestPaybillStatus(ctx: CommerceContext, row: TransactionRow): Promise<void> {
  if (!row.gatewayReceipt) return;
  const accepted = await ctx.mpesa.requestTransactionStatus({
    transId: row.gatewayReceipt,
    resultUrl: callbackUrl(ctx, 'statusResult'),
    timeoutUrl: callbackUrl(ctx, 'statusTimeout'),
    remarks: `Confirm ${row.reference}`,
  });
  if (!accepted.originatorConversationId || !accepted.conversationId) {
    ctx.log.warn({ transactionId: row.id }, 'Daraja accepted a status query without both of its ids');
    return;
  }
  // Every open question is remembered by both its ids (`meta.open_status_queries`: originator id →
  // Daraja's conversation id; server-only, like all of `meta` but result_desc): only an answer naming
  // both is believed, and answering closes it.
  await ctx.db
    .update(transactions)
    .set({
      meta: sql`jsonb_set(${transactions.meta}, '{open_status_queries}', coalesce(${transactions.meta}->'open_status_queries', '{}'::jsonb) || jsonb_build_object(${accepted.originatorConversationId}::text, ${accepted.conversationId}::text))`,
    })
    .where(eq(transactions.id, row.id));
}

/**
 * Closes the open status query named by both ids, on a pending paybill transaction, in one statement:
 * the transaction, or null when no open query has those ids (a forgery, a repeat, a closed query).
 */
async function closeStatusQuery(
  ctx: CommerceContext,
  ids: { originatorConversationId: string; conversationId: string },
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
        eq(transactions.gateway, 'paybill'),
        eq(transactions.status, 'pending'),
        sql`${transactions.meta}->'open_status_queries'->>${ids.originatorConversationId}::text = ${ids.conversationId}::text`,
      ),
    )
    .returning();
  return row ?? null;
}

/**
 * The status query waited too long in Daraja's queue (QueueTimeOutURL): that query is closed, and the
 * background check asks again. A body that names no open query is acknowledged and ignored.
 */
export async function handleTransactionStatusTimeout(ctx: CommerceContext, body: unknown): Promise<void> {
  const result = body && typeof body === 'object' ? (body as { Result?: unknown }).Result : undefined;
  if (!result || typeof result !== 'object') return;
  const { OriginatorConversationID: originator, ConversationID: conversation } = result as Record<
    string,
    unknown
  >;
  if (typeof originator !== 'string' || typeof conversation !== 'string') return;
  if (originator.length > 100 || conversation.length > 100) return;
  const closed = await closeStatusQuery(ctx, {
    originatorConversationId: originator,
    conversationId: conversation,
  });
  if (closed) ctx.log.warn({ transactionId: closed.id }, 'M-Pesa status query timed out; asking again later');
}

/**
 * `POST /api/hooks/{secret}/status/result`: M-Pesa's answer about a paybill receipt. It is
 * believed only when it names both ids of a query the server asked and has not seen answered (the
 * originator id and Daraja's conversation id, which never leave the server), and it is settled only
 * when its receipt and amount are those the C2B confirmation claimed: any disagreement is for staff.
 */
export async function handleTransactionStatusResult(ctx: CommerceContext, body: unknown): Promise<void> {
  const result: TransactionStatusResult = ctx.mpesa.parseTransactionStatusResult(body);
  const row = await closeStatusQuery(ctx, result);
  if (!row) return;
  if (result.resultCode !== 0 || result.status !== 'Completed') {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: result.resultDesc || t('payment.notConfirmed') });
    return;
  }
  const businessNumber = ctx.mpesa.paybillDetails().businessNumber;
  if (!result.creditPartyName.startsWith(`${businessNumber} `) && result.creditPartyName !== businessNumber) {
    await settle(ctx, row.id, { kind: 'failed', resultDesc: t('payment.wrongPaybill') });
    return;
  }
  const confirmedCents = result.amount === null ? undefined : Math.round(result.amount * 100);
  const review = (reviewReason: string, resultDesc = t('payment.needsReview')) => {
    ctx.log.error(
      {
        transactionId: row.id,
        receipt: row.gatewayReceipt,
        answeredReceipt: result.receipt,
        account: row.paybillAccount,
        claimedCents: row.claimedAmountCents,
        confirmedCents,
      },
      `Paybill payment left for review: ${reviewReason}`,
    );
    return settle(ctx, row.id, { kind: 'needs_review', resultDesc, confirmedCents, reviewReason });
  };
  if (result.receipt !== row.gatewayReceipt) {
    await review(t('payment.reviewReceiptDiffers'));
    return;
  }
  if (confirmedCents === undefined || confirmedCents !== row.claimedAmountCents) {
    await review(t('payment.reviewAmountDiffers'));
    return;
  }
  if (!row.userId) {
    const noCart = t('payment.noCartForAccount', { account: row.paybillAccount ?? '' });
    await review(noCart, noCart);
    return;
  }
  await settle(ctx, row.id, {
    kind: 'paid',
    paidCents: confirmedCents,
    receipt: row.gatewayReceipt ?? undefined,
    resultDesc: '',
  });
}

/** "I have paid": 200 once the C2B confirmation for this cart's account came in, else 202. */
export async function confirmPaybill(
  ctx: CommerceContext,
  buyer: Buyer,
  cartId: number | null,
  studentId: number | null = null,
) {
  const cart = await requireCart(ctx.db, buyer, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  await rememberPaybillLearner(ctx.db, buyer, cart.id, await cartItemsOf(ctx.db, cart.id), studentId);
  const [row] = await ctx.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.cartId, cart.id),
        eq(transactions.gateway, 'paybill'),
        gt(transactions.initiatedAt, new Date(Date.now() - PAYBILL_CONFIRM_WINDOW_MS)),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1);
  if (row?.status === 'completed')
    return {
      status: 200,
      body: { message: t('payment.paid'), paid: true, transaction: transactionResource(row) },
    };
  // Held for staff: not a failure to retry (the customer's money may be in), so no 409.
  if (row?.status === 'needs_review')
    return {
      status: 200,
      body: {
        message: typeof row.meta.result_desc === 'string' ? row.meta.result_desc : t('payment.needsReview'),
        paid: false,
        transaction: transactionResource(row),
      },
    };
  if (row && row.status !== 'pending') {
    const reason = typeof row.meta.result_desc === 'string' ? row.meta.result_desc : t('payment.failMsg');
    throw new HttpError(409, reason);
  }
  return { status: 202, body: { message: t('payment.paybillWaiting'), paid: false } };
}

export async function transactionFor(ctx: CommerceContext, userId: number, id: number) {
  let [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  // Someone else's transaction is not found either: its existence is not ours to confirm.
  if (!row || row.userId !== userId) throw new HttpError(404, t('messages.notFound'));
  if (row.status === 'pending') {
    await reconcile(ctx, row);
    [row] = await ctx.db.select().from(transactions).where(eq(transactions.id, id));
  }
  return row ? transactionResource(row) : null;
}
