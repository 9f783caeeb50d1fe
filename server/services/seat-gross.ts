// A seat's gross (issue 24 second round, docs/issue-24.md "planpay (second round)"): what one booked
// seat earns its teacher before commission. A teacher does not pay for the platform's plans: a seat a
// learner's plan covered (KES 0 charged) or discounted earns the lesson's list price, recorded on the
// order line as `options.list_price_cents` when it was bought (payments/cart-fulfilment.ts), and the
// platform funds the difference from its plan revenue. Every other seat earns what its learner paid.
// A seat refunded, or whose plan lesson was given back (a covered seat has no money to refund, so
// only its plan usage row says so), earns nothing. The one definition the earnings job, the earnings
// list, the teacher's learners list and the money audit use.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { bookings, orderItems, planUsages } from '../db/schema';

/** The order line's columns, as drizzle columns or raw SQL under an alias. */
export type SeatLine = { priceCents: AnyColumn | SQL; quantity: AnyColumn | SQL; options: AnyColumn | SQL };

/** `order_items` itself. */
export const ORDER_LINE: SeatLine = {
  priceCents: orderItems.priceCents,
  quantity: orderItems.quantity,
  options: orderItems.options,
};

/** `order_items` under an alias (the money audit's raw SQL: `oi`). */
export const aliasedLine = (alias: string): SeatLine => ({
  priceCents: sql.raw(`${alias}.price_cents`),
  quantity: sql.raw(`${alias}.quantity`),
  options: sql.raw(`${alias}.options`),
});

/** The seat's gross, in cents: the list price where a plan covered or discounted it, else what was paid. */
export const seatGross = (line: SeatLine = ORDER_LINE) =>
  sql<number>`(coalesce((${line.options}->>'list_price_cents')::bigint, ${line.priceCents}) * ${line.quantity})`;

/** What the platform funds of the seat, in cents: its gross less what the learner paid (0 without a plan). */
export const planFunded = (line: SeatLine = ORDER_LINE) =>
  sql<number>`(${seatGross(line)} - ${line.priceCents} * ${line.quantity})`;

/** How a plan priced the seat: `covered` (included, KES 0), `discounted`, or null. */
export const seatPlan = (line: SeatLine = ORDER_LINE) =>
  sql<
    'covered' | 'discounted' | null
  >`(case when ${line.options}->>'plan_covered_by' is not null then 'covered'
    when ${line.options}->>'plan_discount' is not null then 'discounted' end)`;

/** Whether the booking's plan lesson was given back (a refund of a seat its plan covered). */
export const planLessonGivenBack = (bookingId: AnyColumn | SQL = bookings.id) =>
  sql<boolean>`exists (select 1 from ${planUsages} where ${planUsages.bookingId} = ${bookingId}
    and ${planUsages.returnedAt} is not null)`;

/**
 * Whether the booking's seat still earns: not refunded, and its plan lesson not given back. The
 * booking's columns as drizzle columns (default) or raw SQL under an alias.
 */
export const seatEarns = (
  booking: { id: AnyColumn | SQL; refundTransactionId: AnyColumn | SQL } = {
    id: bookings.id,
    refundTransactionId: bookings.refundTransactionId,
  },
) => sql<boolean>`(${booking.refundTransactionId} is null and not ${planLessonGivenBack(booking.id)})`;
