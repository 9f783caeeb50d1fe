// Helpers of the delivery tests (issue 22, docs/classroom.md "Attendance and pay"): who joined a
// lesson's classroom (rows written as the join endpoint writes them) and the clock of the earnings job.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { lessonAttendance, lessons, transactions } from '../../../server/db/schema';
import { auditMoney } from '../../../server/services/money-audit-service';
import { EARNING_HOLD_MS } from '../../../src/shared/classroom';
import { addLesson, finalTransaction, newBuyer } from '../commerce/buyers';
import type { Browser, Json, TestServer } from '../support/test-server';

/** `userId` joined the lesson's classroom at `at` (as its teacher, or as a learner or parent). */
export async function joined(
  server: TestServer,
  lessonId: number,
  userId: number,
  role: 'teacher' | 'learner' = 'teacher',
  at = new Date(),
) {
  await server.db
    .insert(lessonAttendance)
    .values({ lessonId, userId, role, firstJoinedAt: at, lastJoinedAt: at, joins: 1 })
    .onConflictDoNothing();
}

/** A moment `ms` after a lesson's end (the job's injected clock). */
export const afterEnd = (lesson: { endAt: Date }, ms: number) => new Date(lesson.endAt.getTime() + ms);

/** Just after a held lesson's earning may be credited. */
export const afterHold = (lesson: { endAt: Date }) => afterEnd(lesson, EARNING_HOLD_MS + 60_000);

/**
 * A fresh learner who tops up `kes` by M-Pesa (so the money audit can hold the wallet to its ledger)
 * and pays the lesson from the wallet.
 */
export async function learnerWhoPaid(server: TestServer, lessonId: number, kes = 3000) {
  const learner = await newBuyer(server);
  const topUp = await learner.browser.post('/api/wallet/topup', {
    amount: String(kes),
    method: 'mpesa',
    phone: '0708374149',
  });
  if (topUp.status !== 202) throw new Error(`top-up: ${topUp.status} ${topUp.text}`);
  await server.settlePayments();
  await finalTransaction(learner.browser, topUp.body.transaction.id);
  await addLesson(learner.browser, lessonId);
  const paid = await learner.browser.post('/api/payments/wallet', { pin: '1234' });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
  return learner;
}

/** The lesson's row as the job reads it. */
export async function lessonRow(server: TestServer, lessonId: number) {
  const [row] = await server.db.select().from(lessons).where(eq(lessons.id, lessonId));
  if (!row) throw new Error(`No lesson ${lessonId}`);
  return row;
}

/** The user's notifications of `type`, newest first. */
export async function toldOf(browser: Browser, type: string): Promise<Json[]> {
  const answer = await browser.get('/api/notifications?per_page=100');
  return (answer.body.data as Json[]).filter((row) => row.type === type);
}

/** The user's wallet lines of `type`. */
export async function linesOf(server: TestServer, userId: number, type: 'refund' | 'earning') {
  return server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, type)));
}

/** Every check of the money audit holds. */
export async function expectMoneyClean(server: TestServer) {
  const audit = await auditMoney(server.db);
  expect(audit.checks.filter((entry) => !entry.ok)).toEqual([]);
}
