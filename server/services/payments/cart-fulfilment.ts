// The cart a payment pays for: checked under its row locks (docs/commerce.md "Lock order"), then
// turned into an order, bookings and subscriptions, and emptied. Every way of paying ends here: the
// wallet at once, a gateway payment when `settle` (settlement.ts) believes the gateway.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../../db/client';
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
} from '../../db/schema';
import { HttpError, ValidationError } from '../../http/errors';
import type { CartItemRow, CartRow } from '../../resources/commerce-resource';
import { t } from '../../../src/shared/messages';
import { isFull, seatsLeft } from '../../../src/shared/teaching';
import { feedForOrder } from '../activity-service';
import { cartItemsOf, requireCart, type CartOwner } from '../cart-service';
import { cartClassLessonIds, classSales, type ClassSale } from '../class-sale-service';
import { isBookable } from '../lesson-service';
import { lockLessons, seatsTakenOf, type LockedLesson } from '../lesson-seats';
import { chargedUnitCents, priceCart, useIncludedLessons, type CartPricing } from '../plan-entitlements';
import { scheduleLessonReminders } from '../reminder-service';
import { tellOrderPaid } from '../../messaging/causes';

export type Buyer = { userId: number; roles: string[] };
type Db = Database | DbTransaction;

/**
 * What the buyer pays for a cart, their plans applied (issue 24): read without locks, for the amounts
 * a paybill customer is asked to type; a payment prices again under its locks (`lockPayableCart`).
 * `learnerId`, when known: a class line is priced for that learner (docs/class-purchase.md), as the
 * payment will.
 */
export const totalFor = async (
  db: Db,
  userId: number | null,
  items: CartItemRow[],
  learnerId: number | null = null,
) => {
  const classes = learnerId === null ? undefined : await classSales(db, items, { learners: [learnerId] });
  return (await priceCart(db, userId, items, new Date(), { classes })).totalCents;
};

/**
 * The cart's class lines as they sell to this learner under the lessons' locks (docs/class-purchase.md
 * "At payment"): what each buys and costs now.
 */
export const lockedClassSales = (
  tx: DbTransaction,
  items: CartItemRow[],
  learnerId: number | null,
  locked: LockedLesson[],
  now: Date,
) => classSales(tx, items, { learners: learnerId === null ? [] : [learnerId], locked, now });

/**
 * The cart priced for its buyer under the lock of their plans (docs/commerce.md "Lock order", step
 * 2b, after the cart): two checkouts counting the same included lessons take turns. Its class lines
 * are priced for the learner from the locked lessons.
 */
export const lockedPricing = async (
  tx: DbTransaction,
  userId: number,
  items: CartItemRow[],
  now: Date,
  { learnerId, locked }: { learnerId: number | null; locked: LockedLesson[] },
) =>
  priceCart(tx, userId, items, now, {
    lock: true,
    classes: await lockedClassSales(tx, items, learnerId, locked, now),
  });

/** Whether a cart books lessons (alone or a class's), so it needs a learner. */
export const booksLessons = (items: CartItemRow[]) =>
  items.some((item) => item.purchasableType === 'lesson' || item.purchasableType === 'class');

/** The student the lessons are booked for: the buyer, or one of a parent's children. */
export async function resolveLearner(db: Db, userId: number, requested: number | null, items: CartItemRow[]) {
  if (!booksLessons(items)) return null;
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

/** The lesson ids a cart's single lesson lines name, sorted. */
const cartLessonIds = (items: CartItemRow[]) =>
  [
    ...new Set(items.filter((item) => item.purchasableType === 'lesson').map((item) => item.purchasableId)),
  ].sort((a, b) => a - b);

/**
 * The rows to lock before the cart (step 1): its single lessons and every lesson of its classes
 * (docs/class-purchase.md "At payment"), sorted by id.
 */
const lessonIdsToLock = async (db: Db, items: CartItemRow[]) =>
  [...new Set([...cartLessonIds(items), ...(await cartClassLessonIds(db, items))])].sort((a, b) => a - b);

/**
 * Why this cart cannot be fulfilled for that learner now, or null. `locked` are the cart's lessons
 * as `lockLessons` returned them: cancellation, approval and seats are read under their row locks, so
 * a cancellation or another payment for the last seat waits for this transaction, or this one for it.
 */
export async function availabilityProblem(
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
  const problem = await classProblem(tx, items, learnerId, locked);
  if (problem) return problem;
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
 * Why a class line cannot be bought now (docs/class-purchase.md "At payment"): the class is gone or
 * has nothing left to buy, or one of the lessons it buys is full (seats counted under the locks).
 */
async function classProblem(
  tx: DbTransaction,
  items: CartItemRow[],
  learnerId: number | null,
  locked: LockedLesson[],
): Promise<string | null> {
  const classItems = items.filter((item) => item.purchasableType === 'class');
  if (!classItems.length) return null;
  const sales = await lockedClassSales(tx, items, learnerId, locked, new Date());
  const buying = [...sales.values()].flatMap((sale) => sale.lessons.map((lesson) => lesson.id));
  const taken = await seatsTakenOf(tx, buying);
  for (const item of classItems) {
    const sale = sales.get(item.id);
    if (!sale || sale.lessons.length === 0)
      return t('cart.itemUnavailable', { name: sale?.class.title ?? 'A class' });
    for (const lesson of sale.lessons)
      if (isFull(seatsLeft(lesson, taken.get(lesson.id) ?? 0)))
        return t('cart.lessonFull', { name: lesson.code });
  }
  return null;
}

/**
 * Lock order steps 1 and 2 (docs/commerce.md "Lock order"): the cart's lessons, learnt from an
 * unlocked read of its items, then the cart itself; `null` when the cart's lessons changed between
 * the two (the caller answers 409 `cart.changed` or refunds).
 */
export async function lockCartWithLessons(tx: DbTransaction, cartId: number) {
  const lessonIds = await lessonIdsToLock(tx, await cartItemsOf(tx, cartId));
  const locked = await lockLessons(tx, lessonIds);
  const [cart] = await tx.select().from(carts).where(eq(carts.id, cartId)).for('update');
  if (!cart) return { cart: null, items: [], locked, changed: false };
  const items = await cartItemsOf(tx, cart.id);
  // A class's lessons are read again too: one added or moved into it meanwhile is a changed cart.
  const now = await lessonIdsToLock(tx, items);
  const changed = now.length !== lessonIds.length || now.some((id, index) => id !== lessonIds[index]);
  return { cart, items, locked, changed };
}

/**
 * A class line as the order records it (docs/class-purchase.md "At payment"): one line per lesson
 * bought, each at its part of the class's price (`splitAcrossLessons`), so a refund or a learner's
 * cancellation of one lesson returns its own part and earnings and the audit see lessons only.
 */
const classOrderLines = (orderId: number, item: CartItemRow, sale: ClassSale) =>
  sale.lessons.map((lesson, index) => ({
    orderId,
    purchasableType: 'lesson' as const,
    purchasableId: lesson.id,
    quantity: 1,
    priceCents: sale.shares[index] ?? 0,
    options: { ...(item.options ?? {}), class_id: sale.class.id },
  }));

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

/**
 * Cart → order, bookings, subscriptions; then the cart is emptied. Runs inside the payment's
 * transaction, after `lockCartWithLessons`: the bookings are inserted under the lessons' locks
 * (docs/commerce.md "Lock order", step 3 for payments).
 */
export async function fulfilCart(
  tx: DbTransaction,
  input: {
    cart: CartRow;
    items: CartItemRow[];
    userId: number;
    learnerId: number | null;
    transactionId: number;
    /** `lockedPricing`'s answer: each line is recorded at what was charged for it. */
    pricing: CartPricing;
    now: Date;
    /**
     * `config.appUrl`, for the receipt and booking messages (issue 26); null writes none (the demo
     * lesson the server books for its demo student).
     */
    appUrl: string | null;
  },
) {
  const { cart, items, userId, learnerId, transactionId, pricing, now: pricedAt, appUrl } = input;
  const [order] = await tx
    .insert(orders)
    .values({ userId, studentId: learnerId, transactionId, totalCents: pricing.totalCents })
    .returning();
  if (!order) throw new Error('Order insert returned no row');
  const lines = await tx
    .insert(orderItems)
    .values(
      items.flatMap((item) => {
        const sale = pricing.classes.get(item.id);
        if (item.purchasableType === 'class') return sale ? classOrderLines(order.id, item, sale) : [];
        const line = pricing.lines.get(item.id);
        const plan = line?.coveredBy
          ? { plan_covered_by: line.coveredBy.name, list_price_cents: item.priceCents }
          : line?.discount
            ? { plan_discount: line.discount, list_price_cents: item.priceCents }
            : null;
        return {
          orderId: order.id,
          purchasableType: item.purchasableType,
          purchasableId: item.purchasableId,
          quantity: item.quantity,
          priceCents: chargedUnitCents(item, pricing),
          options: plan ? { ...(item.options ?? {}), ...plan } : item.options,
        };
      }),
    )
    .returning({ id: orderItems.id, type: orderItems.purchasableType, lessonId: orderItems.purchasableId });
  const lessonItems = items.filter((item) => item.purchasableType === 'lesson');
  // A class books each lesson it bought, like lessons bought alone.
  const bookedLessonIds = [
    ...lessonItems.map((item) => item.purchasableId),
    ...[...pricing.classes.values()].flatMap((sale) => sale.lessons.map((lesson) => lesson.id)),
  ];
  const booked =
    bookedLessonIds.length && learnerId !== null
      ? await tx
          .insert(bookings)
          .values(bookedLessonIds.map((lessonId) => ({ lessonId, studentId: learnerId, orderId: order.id })))
          .returning({ id: bookings.id, lessonId: bookings.lessonId })
      : [];
  // The included lessons this order used, each tied to its booking and order line.
  await useIncludedLessons(
    tx,
    lessonItems.flatMap((item) => {
      const line = pricing.lines.get(item.id);
      const booking = booked.find((row) => row.lessonId === item.purchasableId);
      const orderLine = lines.find((row) => row.type === 'lesson' && row.lessonId === item.purchasableId);
      return line && booking && orderLine
        ? [{ line, bookingId: booking.id, orderItemId: orderLine.id, coveredCents: item.priceCents }]
        : [];
    }),
    pricedAt,
  );
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
  // Issue 26: the receipt and the booking e-mail commit with the order (outbox rows, no locks).
  if (appUrl !== null)
    await tellOrderPaid(tx, appUrl, {
      userId,
      learnerId,
      transactionId,
      totalCents: order.totalCents,
      lessonIds: booked.map((row) => row.lessonId),
      planIds: planItems.map((item) => item.purchasableId),
      now: pricedAt,
    });
  return order;
}

export type PayInput = { cartVersion: number | null; studentId: number | null };

/**
 * The cart locked for this payment (lock order steps 1 and 2, docs/commerce.md "Lock order"),
 * checked: not empty, unchanged since checkout, still available.
 */
export async function lockPayableCart(tx: DbTransaction, buyer: Buyer, cartId: number, input: PayInput) {
  const { cart, items, locked, changed } = await lockCartWithLessons(tx, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  if (items.length === 0) throw new HttpError(409, t('cart.empty'));
  if (changed) throw new HttpError(409, t('cart.changed'));
  const shown = input.cartVersion ?? cart.checkoutVersion;
  if (shown !== null && shown !== cart.version) throw new HttpError(409, t('cart.changed'));
  const learnerId = await resolveLearner(tx, buyer.userId, input.studentId, items);
  const problem = await availabilityProblem(tx, items, learnerId, locked);
  if (problem) throw new HttpError(409, problem);
  const now = new Date();
  const pricing = await lockedPricing(tx, buyer.userId, items, now, { learnerId, locked });
  return { cart, items, learnerId, totalCents: pricing.totalCents, pricing, now };
}

export async function payableCartId(db: Database, buyer: Buyer, cartId: number | null): Promise<number> {
  const cart = await requireCart(db, buyer satisfies CartOwner, cartId);
  if (!cart) throw new HttpError(409, t('cart.empty'));
  return cart.id;
}
