// Teachers' earnings (docs/teaching-admin.md "Money", docs/classroom.md "Attendance and pay"): a job in
// the server process decides, once, what became of every lesson that ended and is not cancelled
// (`held` when its teacher joined the classroom, else `not_held`: every paid booking refunded), and
// credits a held lesson's earning once its hold is over and no learner's report is open. Each step
// locks the lesson's row first (docs/commerce.md "Lock order" step 1) and claims with
// `UPDATE … WHERE <not done yet>` in the transaction that does it, so two runs (two processes, or a
// run and a restart) never refund or pay a lesson twice.
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gt,
  inArray,
  isNotNull,
  isNull,
  lte,
  not,
  or,
  sql,
} from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import {
  bookings,
  lessonAttendance,
  lessonReports,
  lessons,
  orderItems,
  orders,
  teachers,
  topics,
  transactions,
  users,
  wallets,
} from '../db/schema';
import type { MailMessage } from '../gateways/mail/mailer';
import { lessonNewsMail } from '../gateways/mail/templates';
import type { PageRequest } from '../http/query';
import { earningResource, type EarningRow } from '../resources/teaching-resource';
import { centsToDecimal } from '../resources/money';
import { EARNING_HOLD_MS, type EarningState } from '../../src/shared/classroom';
import { formatKes } from '../../src/shared/format';
import { t } from '../../src/shared/messages';
import { DEFAULT_COMMISSION_PERCENT } from '../../src/shared/teaching';
import { lessonName, lessonUrl, nairobiWhen, recordActivity } from './activity-service';
import { refundAndTell, type RefundTexts, type Told } from './lesson-cancellation-service';
import { seatEarns, seatGross } from './seat-gross';
import { lockLessons } from './lesson-seats';
import { lessonTitle } from './teacher-lesson-service';
import { notify, transactionEvent } from './notification-service';
import { paged } from './paged';
import { enqueueEmail } from './outbox-service';
import { newReference } from './payments';
import { startIntervalJob } from './reminder-service';

export type EarningsContext = {
  db: Database;
  config: Pick<AppConfig, 'commissionPercent'> & Partial<Pick<AppConfig, 'appUrl'>>;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

const WALLET_URL = '/wallet';

const commissionPercentOf = (ctx: { config: Pick<AppConfig, 'commissionPercent'> }) =>
  ctx.config.commissionPercent ?? DEFAULT_COMMISSION_PERCENT;

/** The platform's share, rounded to the cent. */
const commissionOf = (grossCents: number, percent: number) => Math.round((grossCents * percent) / 100);

/** A booking that paid for its lesson: a paid order with a priced line for that lesson. */
const paidSeat = and(
  eq(orderItems.orderId, orders.id),
  eq(orderItems.purchasableType, 'lesson'),
  eq(orderItems.purchasableId, bookings.lessonId),
);

/**
 * What the lesson earns before commission: the gross of each seat not refunded (`seatGross`: what its
 * learner paid, or the list price where a plan covered or discounted it), and how many seats.
 */
async function grossOf(tx: Transaction, lessonId: number) {
  const [row] = await tx
    .select({
      cents: sql<number>`coalesce(sum(${seatGross()}), 0)`.mapWith(Number),
      learners: sql<number>`count(distinct ${bookings.id})`.mapWith(Number),
    })
    .from(bookings)
    .innerJoin(orders, and(eq(orders.id, bookings.orderId), eq(orders.status, 'paid')))
    .innerJoin(orderItems, paidSeat)
    .where(and(eq(bookings.lessonId, lessonId), seatEarns()));
  return { cents: row?.cents ?? 0, learners: row?.learners ?? 0 };
}

/** Whether the lesson's own teacher has an attendance row (joined its classroom at least once). */
async function teacherJoined(tx: Transaction, lesson: { id: number; teacherId: number }) {
  const [row] = await tx
    .select({ id: lessonAttendance.id })
    .from(lessonAttendance)
    .innerJoin(teachers, eq(teachers.userId, lessonAttendance.userId))
    .where(and(eq(lessonAttendance.lessonId, lesson.id), eq(teachers.id, lesson.teacherId)))
    .limit(1);
  return row !== undefined;
}

/** A report of the lesson waiting for an admin: its earning waits too. */
const openReportOf = (lessonId: number | typeof lessons.id) =>
  sql<boolean>`exists (select 1 from ${lessonReports} where ${lessonReports.lessonId} = ${lessonId} and ${lessonReports.status} = 'open')`;

/** When a held lesson's earning may be credited: EARNING_HOLD_MS after its end. */
export const heldUntil = (lesson: { endAt: Date }) => new Date(lesson.endAt.getTime() + EARNING_HOLD_MS);

export type SettleRun = {
  /** Lessons whose earning this run settled (credited, or settled with nothing to credit). */
  settled: number;
  /** …of which credited money to the teacher. */
  paid: number;
  /** Outcomes this run decided. */
  held: number;
  notHeld: number;
  /** Bookings refunded because their lesson was not held. */
  refunded: number;
};

// ---- 1. The outcome ----

const NOT_HELD_TEXTS: RefundTexts = {
  type: 'lesson_not_held',
  title: t('delivery.notHeldTitle'),
  text: (lesson, when) => t('delivery.notHeldText', { lesson, when }),
  refundText: (lesson, when, amount) => t('delivery.notHeldRefundText', { lesson, when, amount }),
  note: (lesson) => t('delivery.refundNote', { lesson }),
};

type Outcome = { outcome: 'held' | 'not_held'; refunds: number; mails: MailMessage[] };

/**
 * Decides once what became of an ended lesson; null when it is not due or another run decided it.
 * A lesson not held is refunded, its people told, and its earning settled with no money, all in the
 * transaction that claims it, e-mails included: the outbox writes them in that transaction, so they exist
 * exactly when the refund committed (docs/classroom.md).
 */
async function decideOutcome(ctx: EarningsContext, lessonId: number, now: Date): Promise<Outcome | null> {
  return ctx.db.transaction(async (tx) => {
    // Lock order step 1 (docs/commerce.md): the lesson's row. A second run waits here and then sees
    // the outcome this one wrote; a payment refuses an ended lesson anyway.
    const [locked] = await lockLessons(tx, [lessonId]);
    if (
      !locked ||
      locked.outcome !== null ||
      locked.cancelledAt !== null ||
      locked.earningsSettledAt !== null ||
      locked.endAt.getTime() > now.getTime()
    )
      return null;
    const outcome = (await teacherJoined(tx, locked)) ? 'held' : 'not_held';
    const [lesson] = await tx
      .update(lessons)
      .set({
        outcome,
        outcomeAt: now,
        // A lesson not held earns nothing: settled now, with no money.
        ...(outcome === 'not_held' ? { earningsSettledAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(lessons.id, lessonId), isNull(lessons.outcome)))
      .returning();
    if (!lesson) return null;
    if (outcome === 'held') return { outcome, refunds: 0, mails: [] };
    // Steps 3 and 4 (the bookings, then the payers' wallets by id) are refundAndTell's.
    const told: Told[] = [];
    const refunds = await refundAndTell(tx, lesson, now, { texts: NOT_HELD_TEXTS, told });
    const [booked] = await tx
      .select({ count: count() })
      .from(bookings)
      .where(eq(bookings.lessonId, lesson.id));
    const mails: MailMessage[] = [];
    // Nobody booked: nothing happened to anyone, so nobody hears of it.
    if (!booked?.count) return { outcome, refunds: refunds.length, mails };
    const [teacher] = await tx
      .select({ userId: teachers.userId })
      .from(teachers)
      .where(eq(teachers.id, lesson.teacherId));
    const name = await lessonTitle(tx, lesson);
    const url = lessonUrl(lesson.code);
    const teacherText = t('delivery.notHeldTeacherText', { lesson: name, when: nairobiWhen(lesson.startAt) });
    if (teacher) {
      const text = teacherText;
      await recordActivity(tx, { userId: teacher.userId, type: 'booking', text, url });
      await notify(tx, {
        userId: teacher.userId,
        type: 'lesson_not_held',
        data: {
          title: t('delivery.notHeldTitle'),
          body: text,
          url,
          lesson_id: lesson.id,
          lesson_code: lesson.code,
        },
      });
    }
    const people = told.map((row) => ({ ...row, teacher: false }));
    if (teacher) people.push({ userId: teacher.userId, text: teacherText, teacher: true });
    const addresses = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(
        inArray(
          users.id,
          people.map((person) => person.userId),
        ),
      );
    for (const person of people) {
      const user = addresses.find((row) => row.id === person.userId);
      if (!user?.email) continue;
      const mail = lessonNewsMail(user.email, user.firstName, {
        subject: t('delivery.notHeldSubject', { lesson: name }),
        text: person.text,
        url: `${ctx.config.appUrl ?? ''}${url}`,
        footer: t(person.teacher ? 'delivery.mailFooterTeacher' : 'delivery.mailFooterLearner'),
      });
      await enqueueEmail(tx, { kind: 'lessons', purpose: 'lesson_cancelled', userId: user.id, ...mail });
      mails.push(mail);
    }
    return { outcome, refunds: refunds.length, mails };
  });
}

// ---- 2. The release ----

/**
 * Credits a held lesson's earning if it is due (held, its hold over, no open report, not settled);
 * null when it is not, or another run (or an admin's decision) settled it first. The admin's last
 * decision on a lesson calls it too.
 */
export async function settleOne(
  ctx: EarningsContext,
  lessonId: number,
  now: Date,
  percent = commissionPercentOf(ctx),
) {
  return ctx.db.transaction(async (tx) => {
    // Lock order step 1 (docs/commerce.md): the lesson's row, then the teacher's wallet. A learner's
    // report is written under the same lock, so the check below sees every report committed before.
    const [locked] = await lockLessons(tx, [lessonId]);
    if (
      !locked ||
      locked.outcome !== 'held' ||
      locked.earningsSettledAt !== null ||
      locked.cancelledAt !== null ||
      heldUntil(locked).getTime() > now.getTime()
    )
      return null;
    const [reported] = await tx
      .select({ id: lessonReports.id })
      .from(lessonReports)
      .where(and(eq(lessonReports.lessonId, lessonId), eq(lessonReports.status, 'open')))
      .limit(1);
    if (reported) return null;
    const [lesson] = await tx
      .update(lessons)
      .set({ earningsSettledAt: now })
      .where(and(eq(lessons.id, lessonId), isNull(lessons.earningsSettledAt)))
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

// ---- The job ----

/** One page after another of lesson ids where `where` holds, in id order (a run that fails on one goes on). */
async function eachDue(
  ctx: EarningsContext,
  where: ReturnType<typeof and>,
  batch: number,
  handle: (id: number) => Promise<void>,
) {
  let afterId = 0;
  for (;;) {
    const due = await ctx.db
      .select({ id: lessons.id })
      .from(lessons)
      .where(and(where, gt(lessons.id, afterId)))
      .orderBy(asc(lessons.id))
      .limit(batch);
    for (const { id } of due) {
      afterId = id;
      try {
        await handle(id);
      } catch (error) {
        ctx.log?.warn({ err: error, lessonId: id }, 'lesson earnings not settled; retried next run');
      }
    }
    if (due.length < batch) return;
  }
}

/**
 * One run at `now`: (1) decides the outcome of every lesson that ended, is not cancelled and has none
 * (a lesson not held is refunded and its people told); (2) credits every held lesson whose hold is
 * over and that has no open report: the net of its takings (after PLATFORM_COMMISSION_PERCENT) to the
 * teacher's wallet as an `earning`. Safe to run from several processes at once.
 */
export async function settleEndedLessons(
  ctx: EarningsContext,
  now = new Date(),
  { batch = 50 } = {},
): Promise<SettleRun> {
  const percent = commissionPercentOf(ctx);
  const run: SettleRun = { settled: 0, paid: 0, held: 0, notHeld: 0, refunded: 0 };
  const ended = and(isNull(lessons.cancelledAt), isNull(lessons.earningsSettledAt), lte(lessons.endAt, now));
  await eachDue(ctx, and(ended, isNull(lessons.outcome)), batch, async (id) => {
    const decided = await decideOutcome(ctx, id, now);
    if (!decided) return;
    if (decided.outcome === 'held') run.held += 1;
    else run.notHeld += 1;
    run.refunded += decided.refunds;
  });
  const holdOver = lte(lessons.endAt, new Date(now.getTime() - EARNING_HOLD_MS));
  await eachDue(
    ctx,
    and(ended, eq(lessons.outcome, 'held'), holdOver, not(openReportOf(lessons.id))),
    batch,
    async (id) => {
      const settled = await settleOne(ctx, id, now, percent);
      if (!settled) return;
      run.settled += 1;
      if (settled.paid) run.paid += 1;
    },
  );
  return run;
}

/** The job inside the server process: every `intervalMs` (the reminders' interval), one run at a time. */
export function startEarningsJob(ctx: EarningsContext, intervalMs: number) {
  return startIntervalJob(
    () => settleEndedLessons(ctx),
    intervalMs,
    (error) => ctx.log?.error({ err: error }, 'earnings run failed'),
    // Lessons that ended or whose hold ran out while the server was down are settled at once.
    { runAtStart: true },
  );
}

// ---- GET /api/teacher/earnings ----

/** The state of a lesson's earning, from what the list reads of it (docs/classroom.md). */
function earningState(row: {
  transactionId: number | null;
  outcome: string | null;
  settledAt: Date | null;
  refundedSeats: number;
  reported: boolean;
}): EarningState {
  if (row.transactionId !== null) return 'paid';
  if (row.outcome === 'not_held') return 'refunded';
  // Settled with no money: every paid seat refunded on a report, or nothing was paid (a free lesson).
  if (row.settledAt !== null) return row.refundedSeats > 0 ? 'refunded' : 'paid';
  return row.reported ? 'reported' : 'held';
}

/**
 * Every ended, not cancelled lesson of the teacher that had learners (or paid them), newest first,
 * with the state of its earning; the totals are what was paid. A held or reported lesson shows
 * what it will earn if nothing more is refunded.
 */
export async function listEarnings(
  ctx: EarningsContext,
  teacherId: number,
  page: PageRequest,
  now = new Date(),
) {
  const booked = exists(
    ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.lessonId, lessons.id)),
  );
  const where = and(
    eq(lessons.teacherId, teacherId),
    isNull(lessons.cancelledAt),
    lte(lessons.endAt, now),
    or(isNotNull(lessons.earningsTransactionId), booked),
  );
  const metaNumber = (key: string) =>
    sql<number>`coalesce((${transactions.meta}->>${key})::numeric, 0)`.mapWith(Number);
  // What the bookings not refunded earn (`seatGross`), and how many they are (the earning to come).
  const pendingGross = sql<number>`(select coalesce(sum(${seatGross()}), 0)
    from ${bookings} inner join ${orders} on ${orders.id} = ${bookings.orderId} and ${orders.status} = 'paid'
    inner join ${orderItems} on ${paidSeat}
    where ${bookings.lessonId} = ${lessons.id} and ${seatEarns()})`.mapWith(Number);
  const pendingLearners = sql<number>`(select count(distinct ${bookings.id})
    from ${bookings} inner join ${orders} on ${orders.id} = ${bookings.orderId} and ${orders.status} = 'paid'
    inner join ${orderItems} on ${paidSeat}
    where ${bookings.lessonId} = ${lessons.id} and ${seatEarns()})`.mapWith(Number);
  const seats =
    sql<number>`(select count(*) from ${bookings} where ${bookings.lessonId} = ${lessons.id})`.mapWith(
      Number,
    );
  const refundedSeats = sql<number>`(select count(*) from ${bookings}
    where ${bookings.lessonId} = ${lessons.id} and not ${seatEarns()})`.mapWith(Number);
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
          outcome: lessons.outcome,
        },
        transactionId: transactions.id,
        net: transactions.amountCents,
        learners: metaNumber('learners'),
        gross: metaNumber('gross_cents'),
        commission: metaNumber('commission_cents'),
        percent: sql<number | null>`(${transactions.meta}->>'commission_percent')::numeric`.mapWith(Number),
        pendingGross,
        pendingLearners,
        seats,
        refundedSeats,
        reported: openReportOf(lessons.id),
      })
      .from(lessons)
      .leftJoin(topics, eq(topics.id, lessons.topicId))
      .leftJoin(transactions, eq(transactions.id, lessons.earningsTransactionId))
      .where(where)
      .orderBy(desc(lessons.endAt), desc(lessons.id)),
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
  const data = rows.map((row) => {
    const state = earningState({
      transactionId: row.transactionId,
      outcome: row.lesson.outcome,
      settledAt: row.lesson.settledAt,
      refundedSeats: row.refundedSeats,
      reported: Boolean(row.reported),
    });
    const base = { lesson: row.lesson, commissionPercent: row.percent ?? percent };
    const pending = state === 'held' || state === 'reported';
    const shown: EarningRow = row.transactionId
      ? {
          ...base,
          learners: row.learners,
          grossCents: row.gross,
          commissionCents: row.commission,
          netCents: row.net ?? 0,
          transactionId: row.transactionId,
          settledAt: row.lesson.settledAt,
          state,
          heldUntil: null,
        }
      : {
          ...base,
          learners: pending ? row.pendingLearners : row.seats,
          grossCents: pending ? row.pendingGross : 0,
          commissionCents: pending ? commissionOf(row.pendingGross, percent) : 0,
          netCents: pending ? row.pendingGross - commissionOf(row.pendingGross, percent) : 0,
          transactionId: null,
          settledAt: row.lesson.settledAt,
          state,
          heldUntil: state === 'held' ? heldUntil(row.lesson) : null,
        };
    return earningResource(shown);
  });
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
