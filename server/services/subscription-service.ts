// A learner's plans (docs/learning-workspace.md "Children, plans and photo: choices"): the paid
// subscriptions, plus the plans still waiting to be paid in the user's cart.
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { cartItems, carts, packages, subscriptions } from '../db/schema';
import { lessonsLeftOf } from './plan-entitlements';

export type PlanStatus = 'active' | 'ended' | 'pending_payment' | 'cancelled';

export type Plan = {
  /** The subscription's id; `cart-item-{id}` for a plan not paid yet. */
  id: number | string;
  package: { id: number; name: string } | null;
  customPlan: Record<string, unknown> | null;
  startDate: Date | null;
  endDate: Date | null;
  status: PlanStatus;
  priceCents: number;
  /** A running plan's included lessons this Nairobi month, and how many are left (issue 24). */
  lessons: { included: number; left: number; capCents: number; discountPercent: number } | null;
};

function statusOf(row: typeof subscriptions.$inferSelect, now: Date): PlanStatus {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'expired' || row.endDate.getTime() <= now.getTime()) return 'ended';
  return 'active';
}

const ORDER: Record<PlanStatus, number> = { pending_payment: 0, active: 1, ended: 2, cancelled: 3 };

/** Pending first, then active, ended and cancelled; newest first within each. */
export async function plansOf(db: Database, userId: number, now = new Date()): Promise<Plan[]> {
  const [paid, inCart, left] = await Promise.all([
    db
      .select({ subscription: subscriptions, plan: { id: packages.id, name: packages.name } })
      .from(subscriptions)
      .leftJoin(packages, eq(packages.id, subscriptions.packageId))
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.startDate), desc(subscriptions.id)),
    // A plan being paid by M-Pesa or Pesapal stays in the cart until the payment settles.
    db
      .select({ item: cartItems, plan: { id: packages.id, name: packages.name } })
      .from(cartItems)
      .innerJoin(carts, eq(carts.id, cartItems.cartId))
      .leftJoin(packages, eq(packages.id, cartItems.purchasableId))
      .where(and(eq(carts.userId, userId), inArray(cartItems.purchasableType, ['subscription'])))
      .orderBy(desc(cartItems.createdAt), desc(cartItems.id)),
    lessonsLeftOf(db, userId, now),
  ]);
  const plans: Plan[] = [
    ...inCart.map(({ item, plan }) => ({
      id: `cart-item-${item.id}`,
      package: plan,
      customPlan: plan ? null : (item.options ?? null),
      startDate: null,
      endDate: null,
      status: 'pending_payment' as const,
      priceCents: item.priceCents * item.quantity,
      lessons: null,
    })),
    ...paid.map(({ subscription, plan }) => ({
      id: subscription.id,
      package: plan,
      customPlan: subscription.customPlan ?? null,
      startDate: subscription.startDate,
      endDate: subscription.endDate,
      status: statusOf(subscription, now),
      priceCents: subscription.priceCents,
      lessons: left.get(subscription.id) ?? null,
    })),
  ];
  // Stable sort: the newest-first order of each query is kept within a status.
  return plans.sort((a, b) => ORDER[a.status] - ORDER[b.status]);
}
