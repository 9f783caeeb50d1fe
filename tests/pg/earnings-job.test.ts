// The earnings job in two server processes over one PostgreSQL (issue 22, docs/classroom.md
// "Attendance and pay"): both run it every 100 ms on the same ended lessons, and still a lesson not
// held refunds each paid booking once and a held lesson pays its teacher once. Setup rows go in
// through the test's own connection; the bookings are bought through the processes' API.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { lessonAttendance, lessons, transactions } from '../../server/db/schema';
import { auditMoney } from '../../server/services/money-audit-service';
import type { RoleName } from '../../server/services/account-service';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';
import { raceAccount, raceSecrets, type RaceAccount } from './support/race-accounts';

const PRICE_CENTS = 120_000;
const HOUR = 3_600_000;

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];
let secrets: Awaited<ReturnType<typeof raceSecrets>>;

beforeAll(async () => {
  // Kept after the run: `npm run test:pg` audits it with `npm run audit:money` once every test is done.
  database = await sharedDatabase({ keep: 'earnings-job' });
  handle = await createDatabase({ url: database.url });
  // Both processes run the earnings job (on the reminders' interval) against the same rows.
  processes = await Promise.all([
    startServerProcess(database, { REMINDER_CHECK_INTERVAL_MS: '100' }),
    startServerProcess(database, { REMINDER_CHECK_INTERVAL_MS: '100' }),
  ]);
  secrets = await raceSecrets();
}, 180_000);

afterAll(async () => {
  await Promise.all((processes ?? []).map((process) => process?.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

/** An account made in SQL, signed in on both processes (support/race-accounts.ts). */
const person = (role: RoleName): Promise<RaceAccount> => raceAccount(handle.db, processes, secrets, role);

async function buy(learner: RaceAccount, lessonId: number, side: 0 | 1) {
  const browser = learner.on[side];
  const added = await browser.post(`/api/lessons/add-to-cart/${lessonId}`);
  if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${added.text}`);
  const paid = await browser.post('/api/payments/wallet', { pin: '1234' });
  if (paid.status !== 200) throw new Error(`pay: ${paid.status} ${paid.text}`);
}

const linesOf = (userIds: number[], type: 'refund' | 'earning') =>
  handle.db
    .select({ userId: transactions.userId, amountCents: transactions.amountCents })
    .from(transactions)
    .where(and(inArray(transactions.userId, userIds), eq(transactions.type, type)));

/** Polls the database until `done` holds (the processes' jobs run on their own clocks). */
async function until(done: () => Promise<boolean>, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('The earnings jobs did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the earnings job in two processes', () => {
  it('refunds each booking of a lesson not held once, and pays a held lesson once', async () => {
    const teacher = await person('teacher');
    const learners = await Promise.all([person('student'), person('student'), person('student')]);
    const tag = randomBytes(3).toString('hex').toUpperCase();
    const base = Date.now() + 3 * 86_400_000;
    const created = await handle.db
      .insert(lessons)
      .values(
        Array.from({ length: 8 }, (_, index) => ({
          code: `JOB-${tag}-${index}`,
          teacherId: teacher.profileId,
          type: 'public' as const,
          objective: 'A lesson two jobs settle at once.',
          priceCents: PRICE_CENTS,
          startAt: new Date(base + index * 2 * HOUR),
          endAt: new Date(base + index * 2 * HOUR + HOUR),
          isApproved: true,
        })),
      )
      .returning({ id: lessons.id });
    const ids = created.map((row) => row.id);
    // Each learner books every lesson, on either process.
    for (const [index, learner] of learners.entries())
      for (const id of ids) await buy(learner, id, ((index + id) % 2) as 0 | 1);
    const notHeld = ids.slice(0, 4);
    const held = ids.slice(4);
    // The held lessons' teacher came; they ended long enough ago for their hold to be over.
    await handle.db.insert(lessonAttendance).values(
      held.map((lessonId) => ({
        lessonId,
        userId: teacher.userId,
        role: 'teacher' as const,
        firstJoinedAt: new Date(Date.now() - 27 * HOUR),
        lastJoinedAt: new Date(Date.now() - 27 * HOUR),
      })),
    );
    await handle.db.transaction(async (tx) => {
      const now = Date.now();
      await tx
        .update(lessons)
        .set({ startAt: new Date(now - 2 * HOUR), endAt: new Date(now - HOUR) })
        .where(inArray(lessons.id, notHeld));
      await tx
        .update(lessons)
        .set({ startAt: new Date(now - 27 * HOUR), endAt: new Date(now - 26 * HOUR) })
        .where(inArray(lessons.id, held));
    });

    await until(async () => {
      const rows = await handle.db
        .select({ outcome: lessons.outcome, settled: lessons.earningsSettledAt })
        .from(lessons)
        .where(inArray(lessons.id, ids));
      return rows.every((row) => row.settled !== null);
    });
    // A few more rounds of both jobs: nothing more happens.
    await new Promise((resolve) => setTimeout(resolve, 1000));

    const outcomes = await handle.db
      .select({ id: lessons.id, outcome: lessons.outcome, earning: lessons.earningsTransactionId })
      .from(lessons)
      .where(inArray(lessons.id, ids));
    for (const row of outcomes)
      expect(row).toMatchObject(
        notHeld.includes(row.id) ? { outcome: 'not_held', earning: null } : { outcome: 'held' },
      );
    const learnerIds = learners.map((learner) => learner.userId);
    const refunds = await linesOf(learnerIds, 'refund');
    expect(refunds).toHaveLength(notHeld.length * learners.length);
    const earnings = await linesOf([teacher.userId], 'earning');
    // Each held lesson: three learners' KES 1,200 less the 20% commission.
    expect(earnings.map((row) => row.amountCents)).toEqual(held.map(() => 3 * PRICE_CENTS * 0.8));
    const audit = await auditMoney(handle.db);
    expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
    for (const process of processes) expect(process.output()).not.toMatch(/deadlock/i);
  }, 120_000);
});
