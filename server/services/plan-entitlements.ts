// What a buyer's plans give at checkout (issue 24, docs/issue-24.md "plans"; the rule is
// src/shared/plans.ts): the cart priced for its buyer, the included lessons used when an order is
// fulfilled, and given back once when the booking is refunded.
import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database, Transaction as DbTransaction } from '../db/client';
import { packages, planUsages, subscriptions } from '../db/schema';
import type { CartItemRow } from '../resources/commerce-resource';
import { nairobiMonth, priceLessons, type LinePrice, type PlanAllowance } from '../../src/shared/plans';
import { classSales, learnersOfUser, type ClassSale } from './class-sale-service';

type Db = Database | DbTransaction;

/**
 * The buyer's running plans that give something, oldest first, with what each used this month.
 * `lock`: the subscriptions are locked by id (docs/commerce.md "Lock order", step 2b: after the
 * cart, before the bookings), so two checkouts of one buyer count the included lessons in turn.
 */
export async function allowancesOf(
  db: Db,
  userId: number,
  now: Date,
  { lock = false }: { lock?: boolean } = {},
): Promise<PlanAllowance[]> {
  const running = and(
    eq(subscriptions.userId, userId),
    eq(subscriptions.status, 'active'),
    lte(subscriptions.startDate, now),
    gt(subscriptions.endDate, now),
  );
  if (lock)
    await db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(running)
      .orderBy(asc(subscriptions.id))
      .for('update');
  const rows = await db
    .select({ subscription: subscriptions, plan: packages })
    .from(subscriptions)
    .innerJoin(packages, eq(packages.id, subscriptions.packageId))
    .where(and(running, sql`(${packages.includedLessons} > 0 or ${packages.discountPercent} > 0)`))
    .orderBy(asc(subscriptions.id));
  if (!rows.length) return [];
  const month = nairobiMonth(now);
  const used = await db
    .select({ id: planUsages.subscriptionId, count: sql<number>`count(*)::int` })
    .from(planUsages)
    .where(
      and(
        inArray(
          planUsages.subscriptionId,
          rows.map((row) => row.subscription.id),
        ),
        eq(planUsages.month, month),
        isNull(planUsages.returnedAt),
      ),
    )
    .groupBy(planUsages.subscriptionId);
  return rows.map(({ subscription, plan }) => ({
    subscriptionId: subscription.id,
    name: plan.name,
    includedLessons: plan.includedLessons,
    lessonCapCents: plan.lessonCapCents,
    discountPercent: plan.discountPercent,
    used: Number(used.find((row) => row.id === subscription.id)?.count ?? 0),
  }));
}

/** `classes`: each class line's sale (docs/class-purchase.md), by cart item id. */
export type CartPricing = {
  lines: Map<number, LinePrice>;
  totalCents: number;
  classes: Map<number, ClassSale>;
};

/**
 * Each cart item's price for this buyer (plans apply to single lessons only; a class line costs its
 * sale's price), and the total to charge. `classes`: the sales a payment computed under its locks
 * for its learner; without them the class lines are priced for the buyer's learners as they stand.
 */
export async function priceCart(
  db: Db,
  userId: number | null,
  items: CartItemRow[],
  now = new Date(),
  options: { lock?: boolean; classes?: Map<number, ClassSale> } = {},
): Promise<CartPricing> {
  const lessonItems = items.filter((item) => item.purchasableType === 'lesson');
  const plans = userId !== null && lessonItems.length ? await allowancesOf(db, userId, now, options) : [];
  const priced = priceLessons(
    lessonItems.map((item) => ({ key: item.id, priceCents: item.priceCents * item.quantity })),
    plans,
  );
  const lines = new Map(priced.map((line) => [line.key, line]));
  const sales =
    options.classes ??
    (items.some((item) => item.purchasableType === 'class')
      ? await classSales(db, items, {
          learners: userId === null ? [] : await learnersOfUser(db, userId),
          now,
        })
      : new Map<number, ClassSale>());
  for (const [key, sale] of sales)
    lines.set(key, { key, chargedCents: sale.totalCents, coveredBy: null, discount: null });
  const totalCents = items.reduce(
    (sum, item) => sum + (lines.get(item.id)?.chargedCents ?? item.priceCents * item.quantity),
    0,
  );
  return { lines, totalCents, classes: sales };
}

/** The unit price an order line records: what was charged (so refunds and the audit use it). */
export const chargedUnitCents = (item: CartItemRow, pricing: CartPricing) => {
  const line = pricing.lines.get(item.id);
  return line ? Math.round(line.chargedCents / item.quantity) : item.priceCents;
};

/**
 * Records the included lessons an order used, under the subscriptions' locks (`priceCart` with
 * `lock`). Each takes the lowest free slot of its plan's month; the unique slot is the database's own
 * guard that a month never gives more than the plan includes.
 */
export async function useIncludedLessons(
  tx: DbTransaction,
  uses: Array<{ line: LinePrice; bookingId: number; orderItemId: number; coveredCents: number }>,
  now: Date,
): Promise<void> {
  const month = nairobiMonth(now);
  for (const use of uses) {
    if (!use.line.coveredBy) continue;
    const subscriptionId = use.line.coveredBy.subscriptionId;
    const taken = await tx
      .select({ slot: planUsages.slot })
      .from(planUsages)
      .where(and(eq(planUsages.subscriptionId, subscriptionId), eq(planUsages.month, month)));
    const slots = new Set(taken.map((row) => row.slot));
    let slot = 1;
    while (slots.has(slot)) slot += 1;
    await tx.insert(planUsages).values({
      subscriptionId,
      bookingId: use.bookingId,
      orderItemId: use.orderItemId,
      month,
      slot,
      coveredCents: use.coveredCents,
    });
  }
}

/**
 * A refunded booking gives its included lesson back to the plan, once: the usage row is claimed by
 * `returned_at IS NULL` (a second refund of the same booking finds nothing). True when one was given.
 */
export async function giveBackIncludedLesson(
  tx: DbTransaction,
  bookingId: number,
  now: Date,
  /** `detach`: the booking is about to be deleted (a learner's cancellation); the record stays. */
  { detach = false }: { detach?: boolean } = {},
) {
  const [returned] = await tx
    .update(planUsages)
    .set({ returnedAt: now, slot: null, ...(detach ? { bookingId: null } : {}) })
    .where(and(eq(planUsages.bookingId, bookingId), isNull(planUsages.returnedAt)))
    .returning({ id: planUsages.id });
  return returned !== undefined;
}

/** Per active subscription: included lessons left this Nairobi month (the wallet's "My plans"). */
export async function lessonsLeftOf(db: Db, userId: number, now = new Date()) {
  const plans = await allowancesOf(db, userId, now);
  return new Map(
    plans.map((plan) => [
      plan.subscriptionId,
      {
        included: plan.includedLessons,
        left: Math.max(0, plan.includedLessons - plan.used),
        capCents: plan.lessonCapCents,
        discountPercent: plan.discountPercent,
      },
    ]),
  );
}
