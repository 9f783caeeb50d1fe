// The money audit (issue 20, docs/commerce.md "The ledger and the money audit"): six set-based
// checks that the money in the database adds up, read in one read-only snapshot, and what the
// platform funded of the lessons its plans covered or discounted (issue 24, "planpay"). Used by
// `npm run audit:money` (server/audit-money.ts) and `GET /api/admin/audit`; it never writes.
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { centsToDecimal } from '../resources/money';
import { missingMigrations, shippedMigrations } from './readiness-service';
import { aliasedLine, planFunded, seatEarns, seatGross } from './seat-gross';

type Db = Database | Transaction;
type Row = Record<string, unknown>;

export type Breach = Record<string, string | number | number[] | null>;
export type AuditCheck = { name: string; ok: boolean; breaches: Breach[] };
/**
 * What the platform paid teachers for plan seats (docs/issue-24.md "planpay (second round)"): over
 * the lessons whose earning was credited, the seats a plan covered or discounted, the part of their
 * list price the learners did not pay (before commission), and the plans' revenue it comes out of.
 */
export type PlanFunding = { seats: number; funded: string; plan_revenue: string };
export type MoneyAudit = { ok: boolean; checked_at: string; checks: AuditCheck[]; plan_funding: PlanFunding };

export const AUDIT_CHECKS = [
  'wallet_ledger',
  'gateway_receipts',
  'cancelled_lesson_refunds',
  'lesson_capacity',
  'order_payments',
  'lesson_earnings',
] as const;

/**
 * What one ledger line (a `transactions` row aliased `t`) does to its wallet, in cents (positive
 * credits, negative debits, 0 leaves the wallet alone). The single definition the audit, the
 * teachers' statements (statement-service.ts) and docs/commerce.md describe.
 *
 * A withdrawal holds its amount from the request on, whatever becomes of it: the money a failed
 * (or staff-reversed) withdrawal gives back is its own `withdrawal_reversal` line, so the
 * withdrawal must keep counting or that money would count twice (docs/withdrawals.md).
 */
export const LEDGER_EFFECT = sql.raw(`case
  when t.type = 'topup' and t.status = 'completed' then t.amount_cents
  when t.type in ('refund', 'earning') and t.gateway = 'wallet' and t.status = 'completed' then t.amount_cents
  when t.type = 'payment' and t.gateway = 'wallet' and t.status = 'completed' then -t.amount_cents
  when t.type = 'payout' and t.status in ('pending', 'completed') then -t.amount_cents
  when t.type = 'withdrawal' then -t.amount_cents
  when t.type = 'withdrawal_reversal' and t.status = 'completed' then t.amount_cents
  else 0 end`);

/**
 * What the gateway confirmed a transaction by: its receipt (`gateway_receipt`, where every settled
 * gateway payment keeps it, unique per provider). An M-Pesa express push is confirmed by Daraja's
 * STK query, which names no receipt: when the callback that carries it never came, the push's own
 * `CheckoutRequestID` (unique too) is what was confirmed, once.
 */
const RECEIPT = sql.raw(`coalesce(
  nullif(t.gateway_receipt, ''),
  case when t.gateway = 'mpesa' and t.checkout_request_id is not null then 'stk:' || t.checkout_request_id end)`);

/** M-Pesa express and paybill receipts come from one M-Pesa; Pesapal's codes are its own. */
const RECEIPT_SPACE = sql.raw(`case when t.gateway = 'pesapal' then 'pesapal' else 'mpesa' end`);

const GATEWAYS = sql.raw(`('mpesa', 'paybill', 'pesapal')`);
/** Every gateway with receipts: payments in, and withdrawals out by M-Pesa B2C (issue 23). */
const RECEIPT_GATEWAYS = sql.raw(`('mpesa', 'paybill', 'pesapal', 'mpesa_b2c')`);

/** Bookings that were paid for (a paid order with a priced line for the lesson), with what they cost. */
const PAID_SEATS = sql.raw(`select b.id as booking_id, b.lesson_id, b.student_id, b.order_id,
    b.refund_transaction_id, o.transaction_id as payment_transaction_id,
    sum(oi.price_cents * oi.quantity)::bigint as paid_cents
  from bookings b
  join orders o on o.id = b.order_id and o.status = 'paid'
  join order_items oi on oi.order_id = o.id and oi.purchasable_type = 'lesson'
    and oi.purchasable_id = b.lesson_id
  group by b.id, o.transaction_id
  having sum(oi.price_cents * oi.quantity) > 0`);

/**
 * Per lesson, its seats that still earn (not refunded, plan lesson not given back; seat-gross.ts):
 * what their learners paid, what the platform funds of them (plan seats), their gross (the sum of
 * the two, what the earnings job credits less commission), and how many are plan seats.
 */
const OI = aliasedLine('oi');
const EARNING_SEATS = sql`select b.lesson_id,
    sum(oi.price_cents * oi.quantity)::bigint as paid_cents,
    sum(${planFunded(OI)})::bigint as funded_cents,
    sum(${seatGross(OI)})::bigint as gross_cents,
    count(distinct b.id) filter (where ${planFunded(OI)} > 0) as plan_seats
  from bookings b
  join orders o on o.id = b.order_id and o.status = 'paid'
  join order_items oi on oi.order_id = o.id and oi.purchasable_type = 'lesson'
    and oi.purchasable_id = b.lesson_id
  where ${seatEarns({ id: sql.raw('b.id'), refundTransactionId: sql.raw('b.refund_transaction_id') })}
  group by b.lesson_id`;

async function rows(db: Db, query: SQL): Promise<Row[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

/** What a check's query found, each row worded as a breach. */
async function breaches(db: Db, query: SQL, breach: (row: Row) => Breach): Promise<Breach[]> {
  return (await rows(db, query)).map(breach);
}

const id = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));
const ids = (value: unknown): number[] =>
  (Array.isArray(value) ? value : []).map(Number).sort((a, b) => a - b);
const money = (value: unknown): string | null =>
  value === null || value === undefined ? null : centsToDecimal(Number(value));

/** 1. Every wallet's balance is the sum of its ledger lines. */
async function walletLedger(db: Db): Promise<Breach[]> {
  return breaches(
    db,
    sql`with ledger as (
        select t.wallet_id, sum(${LEDGER_EFFECT})::bigint as ledger_cents
        from transactions t where t.wallet_id is not null group by t.wallet_id)
      select w.id as wallet_id, w.user_id, w.balance_cents, coalesce(l.ledger_cents, 0) as ledger_cents
      from wallets w left join ledger l on l.wallet_id = w.id
      where w.balance_cents <> coalesce(l.ledger_cents, 0)
      order by w.id`,
    (row) => ({
      problem: 'balance_differs_from_ledger',
      wallet_id: id(row.wallet_id),
      user_id: id(row.user_id),
      balance: money(row.balance_cents),
      ledger: money(row.ledger_cents),
      difference: money(Number(row.balance_cents) - Number(row.ledger_cents)),
    }),
  );
}

/** 2. Every credit from a gateway rests on a receipt the gateway confirmed, and no receipt counts twice. */
async function gatewayReceipts(db: Db): Promise<Breach[]> {
  const missing = await rows(
    db,
    sql`select t.id as transaction_id, t.type, t.gateway, t.wallet_id, t.amount_cents
      from transactions t
      where t.status = 'completed' and t.type in ('topup', 'payment') and t.gateway in ${GATEWAYS}
        and t.related_transaction_id is null and ${RECEIPT} is null
      order by t.id`,
  );
  // A wallet credit of money that came with another payment (over- or under-payment, a cart that
  // changed): the receipt is that payment's.
  const credits = await rows(
    db,
    sql`select c.id as transaction_id, c.related_transaction_id, c.wallet_id, c.gateway, c.amount_cents,
        case when t.id is null then 'credit_of_unknown_payment'
             when t.gateway not in ${GATEWAYS} then 'credit_without_gateway'
             when ${RECEIPT} is null then 'credit_without_receipt'
             else 'credit_to_another_wallet' end as problem
      from transactions c
      left join transactions t on t.id = c.related_transaction_id
      where c.type = 'topup' and c.status = 'completed' and c.related_transaction_id is not null
        and (t.id is null or t.gateway not in ${GATEWAYS} or ${RECEIPT} is null
          or t.wallet_id is distinct from c.wallet_id)
      order by c.id`,
  );
  // Money into a wallet that no gateway brought in.
  const conjured = await rows(
    db,
    sql`select t.id as transaction_id, t.wallet_id, t.amount_cents from transactions t
      where t.type = 'topup' and t.status = 'completed' and t.gateway not in ${GATEWAYS}
        and t.related_transaction_id is null
      order by t.id`,
  );
  const reused = await rows(
    db,
    sql`select ${RECEIPT_SPACE} as provider, ${RECEIPT} as receipt, array_agg(t.id) as transaction_ids
      from transactions t
      where t.gateway in ${RECEIPT_GATEWAYS} and ${RECEIPT} is not null and t.type <> 'withdrawal_reversal'
      group by 1, 2 having count(*) > 1
      order by 2`,
  );
  // A withdrawal paid out rests on M-Pesa's receipt, or on a staff decision recorded in
  // `transaction_audit` (the money desk closed it as paid outside the app); a failed one, or one staff
  // reversed, was returned exactly once, in full, to its own wallet; a return belongs to such a one.
  const withdrawals = await rows(
    db,
    sql`select w.id as transaction_id, w.wallet_id, w.amount_cents,
        case when w.status = 'completed' and nullif(w.gateway_receipt, '') is null then 'withdrawal_without_receipt'
             when w.status in ('failed', 'reversed') and count(r.id) = 0 then 'withdrawal_not_returned'
             when w.status not in ('failed', 'reversed') and count(r.id) > 0 then 'withdrawal_returned_but_not_failed'
             when count(r.id) > 1 then 'withdrawal_returned_twice'
             else 'withdrawal_return_differs' end as problem
      from transactions w
      left join transactions r on r.related_transaction_id = w.id and r.type = 'withdrawal_reversal'
        and r.status = 'completed'
      where w.type = 'withdrawal'
      group by w.id
      having (w.status = 'completed' and nullif(w.gateway_receipt, '') is null
          and not exists (select 1 from transaction_audit a where a.transaction_id = w.id))
        or (w.status in ('failed', 'reversed') and count(r.id) <> 1)
        or (w.status not in ('failed', 'reversed') and count(r.id) > 0)
        or bool_or(r.id is not null and (r.amount_cents <> w.amount_cents or r.wallet_id is distinct from w.wallet_id))
      order by w.id`,
  );
  const strayReturns = await rows(
    db,
    sql`select r.id as transaction_id, r.wallet_id, r.amount_cents from transactions r
      left join transactions w on w.id = r.related_transaction_id and w.type = 'withdrawal'
      where r.type = 'withdrawal_reversal' and w.id is null
      order by r.id`,
  );
  return [
    ...withdrawals.map((row) => ({
      problem: String(row.problem),
      transaction_id: id(row.transaction_id),
      wallet_id: id(row.wallet_id),
      amount: money(row.amount_cents),
    })),
    ...strayReturns.map((row) => ({
      problem: 'return_of_unknown_withdrawal',
      transaction_id: id(row.transaction_id),
      wallet_id: id(row.wallet_id),
      amount: money(row.amount_cents),
    })),
    ...missing.map((row) => ({
      problem: 'completed_without_receipt',
      transaction_id: id(row.transaction_id),
      type: String(row.type),
      gateway: String(row.gateway),
      wallet_id: id(row.wallet_id),
      amount: money(row.amount_cents),
    })),
    ...credits.map((row) => ({
      problem: String(row.problem),
      transaction_id: id(row.transaction_id),
      related_transaction_id: id(row.related_transaction_id),
      wallet_id: id(row.wallet_id),
      amount: money(row.amount_cents),
    })),
    ...conjured.map((row) => ({
      problem: 'topup_without_gateway',
      transaction_id: id(row.transaction_id),
      wallet_id: id(row.wallet_id),
      amount: money(row.amount_cents),
    })),
    ...reused.map((row) => ({
      problem: 'receipt_used_twice',
      provider: String(row.provider),
      receipt: String(row.receipt),
      transaction_ids: ids(row.transaction_ids),
    })),
  ];
}

/** 3. A cancelled lesson's paid bookings are each refunded, in full, by a completed refund. */
async function cancelledLessonRefunds(db: Db): Promise<Breach[]> {
  return breaches(
    db,
    sql`with paid_seats as (${PAID_SEATS})
      select s.booking_id, s.lesson_id, s.student_id, s.order_id, s.payment_transaction_id,
        s.refund_transaction_id, s.paid_cents, r.amount_cents as refunded_cents
      from paid_seats s
      join lessons l on l.id = s.lesson_id and l.cancelled_at is not null
      left join transactions r on r.id = s.refund_transaction_id
      where r.id is null or r.type <> 'refund' or r.status <> 'completed' or r.amount_cents <> s.paid_cents
      order by s.booking_id`,
    (row) => ({
      problem: row.refund_transaction_id === null ? 'paid_booking_not_refunded' : 'refund_incomplete',
      booking_id: id(row.booking_id),
      lesson_id: id(row.lesson_id),
      student_id: id(row.student_id),
      order_id: id(row.order_id),
      payment_transaction_id: id(row.payment_transaction_id),
      refund_transaction_id: id(row.refund_transaction_id),
      paid: money(row.paid_cents),
      refunded: money(row.refunded_cents),
    }),
  );
}

/**
 * 4. No lesson holds more seats than it has: every booking until it is refunded, paid or covered by a
 * plan, as a payment counts them (`takenSeats`, lesson-seats.ts).
 */
async function lessonCapacity(db: Db): Promise<Breach[]> {
  return breaches(
    db,
    sql`select l.id as lesson_id, l.code, l.capacity, count(*) as seats,
        array_agg(b.id order by b.id) as booking_ids
      from bookings b join lessons l on l.id = b.lesson_id
      where b.refund_transaction_id is null and l.capacity is not null
      group by l.id having count(*) > l.capacity
      order by l.id`,
    (row) => ({
      problem: 'more_seats_than_capacity',
      lesson_id: id(row.lesson_id),
      lesson_code: String(row.code),
      capacity: Number(row.capacity),
      seats: Number(row.seats),
      booking_ids: ids(row.booking_ids),
    }),
  );
}

/**
 * 5. Every order is its items and is paid by exactly one completed payment of its total; every
 * completed payment paid for exactly one order. What a paybill customer paid over the total is
 * not the order's: it is a wallet credit of its own (check 2).
 */
async function orderPayments(db: Db): Promise<Breach[]> {
  const orders = await rows(
    db,
    sql`with items as (
        select order_id, sum(price_cents * quantity)::bigint as items_cents from order_items group by order_id)
      select o.id as order_id, o.transaction_id, o.total_cents, coalesce(i.items_cents, 0) as items_cents,
        t.amount_cents as paid_cents, t.type, t.status
      from orders o
      left join items i on i.order_id = o.id
      left join transactions t on t.id = o.transaction_id
      where o.total_cents <> coalesce(i.items_cents, 0) or t.id is null or t.type <> 'payment'
        or t.status <> 'completed' or t.amount_cents <> o.total_cents
      order by o.id`,
  );
  const payments = await rows(
    db,
    sql`select t.id as transaction_id, t.gateway, t.amount_cents,
        coalesce(array_agg(o.id) filter (where o.id is not null), '{}') as order_ids
      from transactions t left join orders o on o.transaction_id = t.id
      where t.type = 'payment' and t.status = 'completed'
      group by t.id having count(o.id) <> 1
      order by t.id`,
  );
  return [
    ...orders.map((row) => {
      const problem =
        Number(row.total_cents) !== Number(row.items_cents)
          ? 'total_differs_from_items'
          : row.paid_cents === null
            ? 'order_without_payment'
            : row.type !== 'payment' || row.status !== 'completed'
              ? 'payment_not_completed'
              : 'total_differs_from_payment';
      return {
        problem,
        order_id: id(row.order_id),
        transaction_id: id(row.transaction_id),
        total: money(row.total_cents),
        items: money(row.items_cents),
        paid: money(row.paid_cents),
        payment_status: row.status === null || row.status === undefined ? null : String(row.status),
      };
    }),
    ...payments.map((row) => ({
      problem: ids(row.order_ids).length === 0 ? 'payment_without_order' : 'payment_of_several_orders',
      transaction_id: id(row.transaction_id),
      gateway: String(row.gateway),
      amount: money(row.amount_cents),
      order_ids: ids(row.order_ids),
    })),
  ];
}

/**
 * 6. Every lesson's earning is its seats' gross less the commission it records: the gross recorded
 * (`meta.gross_cents`) is what the learners of its seats not refunded paid plus what the platform
 * funded of their plan seats (their list price less what was paid), and the amount credited is that
 * gross less `meta.commission_cents`.
 */
async function lessonEarnings(db: Db): Promise<Breach[]> {
  return breaches(
    db,
    sql`with seats as (${EARNING_SEATS}),
      earned as (
        select l.id as lesson_id, l.code, e.id as transaction_id, e.amount_cents,
          (e.meta->>'gross_cents')::bigint as recorded_gross_cents,
          coalesce((e.meta->>'commission_cents')::bigint, 0) as commission_cents,
          coalesce(s.paid_cents, 0) as paid_cents, coalesce(s.funded_cents, 0) as funded_cents,
          coalesce(s.gross_cents, 0) as gross_cents
        from lessons l
        join transactions e on e.id = l.earnings_transaction_id and e.type = 'earning'
        left join seats s on s.lesson_id = l.id)
      select * from earned
      where recorded_gross_cents is distinct from gross_cents
        or amount_cents <> recorded_gross_cents - commission_cents
      order by lesson_id`,
    (row) => ({
      problem:
        row.recorded_gross_cents === null || Number(row.recorded_gross_cents) !== Number(row.gross_cents)
          ? 'earning_gross_differs_from_seats'
          : 'earning_differs_from_gross_less_commission',
      lesson_id: id(row.lesson_id),
      lesson_code: String(row.code),
      transaction_id: id(row.transaction_id),
      paid: money(row.paid_cents),
      plan_funded: money(row.funded_cents),
      gross: money(row.gross_cents),
      recorded_gross: money(row.recorded_gross_cents),
      commission: money(row.commission_cents),
      earned: money(row.amount_cents),
    }),
  );
}

/** What the platform funded of plan seats in credited earnings, and the plans' revenue. */
async function planFunding(db: Db): Promise<PlanFunding> {
  const [funded] = await rows(
    db,
    sql`with seats as (${EARNING_SEATS})
      select coalesce(sum(s.plan_seats), 0)::bigint as seats, coalesce(sum(s.funded_cents), 0)::bigint as funded_cents
      from lessons l
      join transactions e on e.id = l.earnings_transaction_id and e.type = 'earning' and e.status = 'completed'
      join seats s on s.lesson_id = l.id`,
  );
  const [revenue] = await rows(
    db,
    sql`select coalesce(sum(oi.price_cents * oi.quantity), 0)::bigint as cents
      from order_items oi join orders o on o.id = oi.order_id and o.status = 'paid'
      where oi.purchasable_type = 'subscription'`,
  );
  return {
    seats: Number(funded?.seats ?? 0),
    funded: centsToDecimal(Number(funded?.funded_cents ?? 0)),
    plan_revenue: centsToDecimal(Number(revenue?.cents ?? 0)),
  };
}

const CHECKS: Record<(typeof AUDIT_CHECKS)[number], (db: Db) => Promise<Breach[]>> = {
  wallet_ledger: walletLedger,
  gateway_receipts: gatewayReceipts,
  cancelled_lesson_refunds: cancelledLessonRefunds,
  lesson_capacity: lessonCapacity,
  order_payments: orderPayments,
  lesson_earnings: lessonEarnings,
};

/**
 * Runs every check in one read-only, repeatable-read transaction: the checks see one moment of the
 * ledger even while payments commit, and the audit cannot change anything.
 */
export async function auditMoney(db: Database, now = new Date()): Promise<MoneyAudit> {
  const { checks, funding } = await db.transaction(
    async (tx) => {
      const done: AuditCheck[] = [];
      for (const name of AUDIT_CHECKS) {
        const breaches = await CHECKS[name](tx);
        done.push({ name, ok: breaches.length === 0, breaches });
      }
      return { checks: done, funding: await planFunding(tx) };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  return {
    ok: checks.every((check) => check.ok),
    checked_at: now.toISOString(),
    checks,
    plan_funding: funding,
  };
}

/**
 * Why this database cannot be audited (never migrated, migrated by an older release, nobody in it),
 * or null. Reads only: the CLI must not migrate a database it was asked to look at.
 */
export async function auditReadiness(db: Database): Promise<string | null> {
  const [table] = await rows(db, sql`select to_regclass('drizzle.__drizzle_migrations') as name`);
  if (!table?.name) return 'the database has no schema (never migrated): start the server once to migrate it';
  // The same record GET /readyz reads (server/services/readiness-service.ts).
  const shipped = shippedMigrations();
  const missing = await missingMigrations(db, shipped);
  if (missing.length > 0)
    return `the database is not migrated to this release (${shipped.length - missing.length} of ${shipped.length} migrations, missing ${missing.map((migration) => migration.tag).join(', ')}): start the server once to migrate it`;
  const [user] = await rows(db, sql`select exists (select 1 from users) as any`);
  if (!user?.any) return 'the database is empty (no users): nothing to audit';
  return null;
}
