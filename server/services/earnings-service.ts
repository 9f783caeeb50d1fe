// Teachers' earnings (docs/teaching-admin.md "Money"): a job in the server process settles every
// lesson that ended, is not cancelled and is not settled yet. Each lesson is claimed with
// `UPDATE … WHERE earnings_settled_at IS NULL` inside the transaction that credits the teacher, so two
// runs (two processes, or a run and a restart) never pay a lesson twice.
import { and, asc, count, desc, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { bookings, lessons, orderItems, orders, teachers, topics, transactions, wallets } from '../db/schema';
import type { PageRequest } from '../http/query';
import { earningResource, type EarningRow } from '../resources/teaching-resource';
import { centsToDecimal } from '../resources/money';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { DEFAULT_COMMISSION_PERCENT } from '../../src/shared/teaching';
import { lessonName, recordActivity } from './activity-service';
import { notify, transactionEvent } from './notification-service';
import { paged } from './paged';
import { newReference } from './payments';
import { startIntervalJob } from './reminder-service';

export type EarningsContext = {
  db: Database;
  config: Pick<AppConfig, 'commissionPercent'>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const WALLET_URL = '/wallet';

const commissionPercentOf = (ctx: { config: Pick<AppConfig, 'commissionPercent'> }) =>
  ctx.config.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;

/** The platform's share, rounded to the cent. */
const commissionOf = (grossCents: number, percent: number) => Math.round((grossCents * percent) / 100);

/** What the lesson's bookings paid: their paid order items, less the refunded bookings. */
async function grossOf(tx: Transaction, lessonId: number) {
  const [row] = await tx
    .select({
      cents: sql<number>`coalesce(sum(${orderItems.priceCents} * ${orderItems.quantity}), 0)`.mapWith(Number),
      learners: sql<number>`count(distinct ${bookings.id})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(orders, and(eq(orders.id, bookings.orderId), eq(orders.status, 'paid')))
    .innerJoin(
      orderItems,
      and(
        eq(orderItems.orderId, orders.id),
        eq(orderItems.purchasableType, 'lesson'),
        eq(orderItems.purchasableId, bookings.lessonId),
      ),
    )
    .where(and(eq(bookings.lessonId, lessonId), isNull(bookings.refundTransactionId)));
  return { cents: row?.cents ?? 0, learners: row?.learners ?? 0 };
}

export type SettleRun = { settled: number; paid: number };

/** Settles one lesson if nobody has; true when this call settled it. */
async function settleOne(ctx: EarningsContext, lessonId: number, now: Date, percent: number) {
  return ctx.db.transaction(async (tx) => {
    // Lock order (docs/commerce.md): this claim holds the lesson's row, then the teacher's wallet.
    const [lesson] = await tx
      .update(lessons)
      .set({ earningsSettledAt: now })
      .where(
        and(
          eq(lessons.id, lessonId),
          isNull(lessons.earningsSettledAt),
          isNull(lessons.cancelledAt),
          lte(lessons.endAt, now),
        ),
      )
      .returning();
    if (!lesson) return null;
    const gross = await grossOf(tx, lesson.id);
    const commission = commissionOf(gross.cents, percent);
    const net = gross.cents - commission;
    if (net <= 0) return { paid: false };
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, lesson.teacherId));
    if (!teacher) throw new Error(`Lesson ${lesson.id} has no teacher`);
    const [wallet] = await tx
      .update(wallets)
      .set({ balanceCents: sql`${wallets.balanceCents} + ${net}`, updatedAt: now })
      .where(eq(wallets.userId, teacher.userId))
      .returning({ id: wallets.id });
    if (!wallet) throw new Error(`No wallet for teacher user ${teacher.userId}`);
    const [topic] = lesson.topicId
      ? await tx.select({ name: topics.name }).from(topics).where(eq(topics.id, lesson.topicId))
      : [];
    const name = lessonName({ code: lesson.code, topicName: topic?.name ?? null });
    const text = t('teaching.earningText', {
      amount: formatKes(centsToDecimal(net)),
      lesson: name,
      learners: gross.learners,
      percent,
    });
    const [earning] = await tx
      .insert(transactions)
      .values({
        userId: teacher.userId,
        walletId: wallet.id,
        type: 'earning',
        amountCents: net,
        reference: newReference('ERN'),
        status: 'completed',
        gateway: 'wallet',
        meta: {
          result_desc: text,
          lesson_id: lesson.id,
          lesson_code: lesson.code,
          learners: gross.learners,
          gross_cents: gross.cents,
          commission_cents: commission,
          commission_percent: percent,
        },
        initiatedAt: now,
        completedAt: now,
      })
      .returning({ id: transactions.id, status: transactions.status });
    if (!earning) throw new Error('Earning insert returned no row');
    await tx.update(lessons).set({ earningsTransactionId: earning.id }).where(eq(lessons.id, lesson.id));
    await recordActivity(tx, { userId: teacher.userId, type: 'payment', text, url: WALLET_URL });
    await notify(tx, {
      userId: teacher.userId,
      type: 'earning',
      data: {
        title: t('teaching.earningTitle'),
        body: text,
        url: WALLET_URL,
        transaction_id: earning.id,
        lesson_id: lesson.id,
        lesson_code: lesson.code,
      },
    });
    await transactionEvent(tx, teacher.userId, earning);
    return { paid: true };
  });
}

/**
 * Settles every lesson that ended by `now`, is not cancelled and not settled: the net of its takings
 * (after PLATFORM_COMMISSION_PERCENT) to the teacher's wallet as an `earning`. Safe to run from
 * several processes at once.
 */
export async function settleEndedLessons(
  ctx: EarningsContext,
  now = new Date(),
  { batch = 50 } = {},
): Promise<SettleRun> {
  const percent = commissionPercentOf(ctx);
  const run: SettleRun = { settled: 0, paid: 0 };
  let afterId = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(
        and(
          isNull(lessons.earningsSettledAt),
          isNull(lessons.cancelledAt),
          lte(lessons.endAt, now),
          sql`${lessons.id} > ${afterId}`,
        ),
      )
      .orderBy(asc(lessons.id))
      .limit(batch);
    for (const { id } of due) {
      afterId = id;
      try {
        const settled = await settleOne(ctx, id, now, percent);
        if (!settled) continue;
        run.settled += 1;
        if (settled.paid) run.paid += 1;
      } catch (error) {
        ctx.log?.warn({ err: error, lessonId: id }, 'lesson earnings not settled; retried next run');
      }
    }
    if (due.length < batch) return run;
  }
}

/** The job inside the server process: every `intervalMs` (the reminders' interval), one run at a time. */
export function startEarningsJob(ctx: EarningsContext, intervalMs: number) {
  return startIntervalJob(
    () => settleEndedLessons(ctx),
    intervalMs,
    (error) => ctx.log?.error({ err: error }, 'earnings run failed'),
  );
}

// ---- GET /api/teacher/earnings ----

/** Settled lessons that paid the teacher or were open to learners, newest first, with the totals. */
export async function listEarnings(ctx: EarningsContext, teacherId: number, page: PageRequest) {
  const where = and(
    eq(lessons.teacherId, teacherId),
    isNotNull(lessons.earningsSettledAt),
    or(isNotNull(lessons.earningsTransactionId), eq(lessons.isApproved, true)),
  );
  const metaNumber = (key: string) =>
    sql<number>`coalesce((${transactions.meta}->>${key})::numeric, 0)`.mapWith(Number);
  const {
    rows,
    meta,
    counted: totals,
  } = await paged(
    page,
    ctx.db
      .select({
        lesson: {
          id: lessons.id,
          code: lessons.code,
          topicName: topics.name,
          startAt: lessons.startAt,
          endAt: lessons.endAt,
          settledAt: lessons.earningsSettledAt,
        },
        transactionId: transactions.id,
        net: transactions.amountCents,
        learners: metaNumber('learners'),
        gross: metaNumber('gross_cents'),
        commission: metaNumber('commission_cents'),
        percent: sql<number | null>`(${transactions.meta}->>'commission_percent')::numeric`.mapWith(Number),
      })
      .from(lessons)
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .leftJoin(transactions, eq(transactions.id, lessons.earningsTransactionId))
      .where(where)
      .orderBy(desc(lessons.earningsSettledAt), desc(lessons.endAt), desc(lessons.id)),
    ctx.db
      .select({
        total: count(),
        gross: sql<number>`coalesce(sum((${transactions.meta}->>'gross_cents')::bigint), 0)`.mapWith(Number),
        commission:
          sql<number>`coalesce(sum((${transactions.meta}->>'commission_cents')::bigint), 0)`.mapWith(Number),
        net: sql<number>`coalesce(sum(${transactions.amountCents}), 0)`.mapWith(Number),
      })
      .from(lessons)
      .leftJoin(transactions, eq(transactions.id, lessons.earningsTransactionId))
      .where(where),
  );
  const percent = commissionPercentOf(ctx);
  const data = rows.map((row) =>
    earningResource({
      lesson: row.lesson,
      learners: row.learners,
      grossCents: row.gross,
      commissionCents: row.commission,
      netCents: row.net ?? 0,
      commissionPercent: row.percent ?? percent,
      transactionId: row.transactionId,
      settledAt: row.lesson.settledAt ?? new Date(0),
    } satisfies EarningRow),
  );
  return {
    data,
    meta,
    totals: {
      gross: centsToDecimal(totals?.gross ?? 0),
      commission: centsToDecimal(totals?.commission ?? 0),
      net: centsToDecimal(totals?.net ?? 0),
    },
    commission_percent: percent,
  };
}
