// Payments, cancellations and the last seat on two server processes over one PostgreSQL (issue 20,
// holes 3 and 4; docs/commerce.md "Lock order"). Setup rows (teacher, learners, lessons) go in
// through the test's own connection; what races goes through the API of two real processes.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { lessons } from '../../server/db/schema';
import { auditMoney } from '../../server/services/money-audit-service';
import type { RoleName } from '../../server/services/account-service';
import { Browser, type ApiResponse } from '../server/support/test-server';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';
import { raceAccount, raceSecrets, type RaceAccount } from './support/race-accounts';

const PRICE_CENTS = 150_000;
const MPESA_PHONE = '0708374149';

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];
let secrets: { passwordHash: string; pinHash: string };

type Person = RaceAccount;

beforeAll(async () => {
  // Kept after the run: `npm run test:pg` audits it with `npm run audit:money` once every test is done.
  database = await sharedDatabase({ keep: 'payment-locks' });
  handle = await createDatabase({ url: database.url });
  processes = await Promise.all([startServerProcess(database), startServerProcess(database)]);
  secrets = await raceSecrets();
}, 180_000);

afterAll(async () => {
  await Promise.all((processes ?? []).map((process) => process?.stop()));
  await handle?.close();
  await database?.drop();
}, 60_000);

/** An account made in SQL, signed in on both processes (support/race-accounts.ts). */
const person = (role: RoleName): Promise<Person> => raceAccount(handle.db, processes, secrets, role);

/** Approved lessons of `teacher` starting in a few days, inserted directly. */
async function newLessons(
  teacher: Person,
  count: number,
  fields: { type?: 'public' | 'private' | 'group'; capacity?: number | null } = {},
) {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const base = Date.now() + 3 * 86_400_000;
  return handle.db
    .insert(lessons)
    .values(
      Array.from({ length: count }, (_, index) => ({
        code: `RACE-${tag}-${index}`,
        teacherId: teacher.profileId,
        type: fields.type ?? 'public',
        objective: 'A lesson two processes fight over.',
        priceCents: PRICE_CENTS,
        startAt: new Date(base + index * 7_200_000),
        endAt: new Date(base + index * 7_200_000 + 3_600_000),
        isApproved: true,
        capacity: fields.capacity ?? null,
      })),
    )
    .returning({ id: lessons.id, code: lessons.code });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addToCart(browser: Browser, lessonId: number) {
  const added = await browser.post(`/api/lessons/add-to-cart/${lessonId}`);
  if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${added.text}`);
}

async function emptyCart(browser: Browser, lessonId: number) {
  await browser.post('/api/cart/remove/item', { purchasable_type: 'lesson', purchasable_id: lessonId });
}

/** A pending gateway transaction, followed until it is final. */
async function finalStatus(browser: Browser, id: number): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const answer = await browser.get(`/api/wallet/transaction/show/${id}`);
    const status = answer.body?.data?.status;
    if (status && status !== 'pending') return status;
    if (Date.now() > deadline) throw new Error(`transaction ${id} still pending: ${answer.text}`);
    await pause(100);
  }
}

/** Pays the cart by wallet PIN (200 or a refusal), or by M-Pesa express (202, then followed). */
async function pay(
  browser: Browser,
  method: 'wallet' | 'mpesa',
): Promise<{ status: number; outcome: string }> {
  if (method === 'wallet') {
    const answer = await browser.post('/api/payments/wallet', { pin: '1234' });
    return { status: answer.status, outcome: answer.status === 200 ? 'completed' : answer.text };
  }
  const answer: ApiResponse = await browser.post('/api/payments/mpesa', { phone: MPESA_PHONE });
  if (answer.status !== 202) return { status: answer.status, outcome: answer.text };
  return { status: 202, outcome: await finalStatus(browser, answer.body.transaction.id) };
}

/** Wallets whose balance is not their ledger: [user id, balance, expected]. */
async function walletsOffLedger(userIds: number[]) {
  const { rows } = await database.pool.query<{ user_id: number; balance: string; expected: string }>(
    `select w.user_id, w.balance_cents::bigint as balance,
        (coalesce((select sum(case
            when t.type in ('topup', 'refund', 'earning') then t.amount_cents
            when t.type = 'payment' and t.gateway = 'wallet' then -t.amount_cents
            else 0 end)
          from transactions t where t.wallet_id = w.id and t.status = 'completed'), 0))::bigint as expected
      from wallets w where w.user_id = any($1::int[])`,
    [userIds],
  );
  return rows
    .filter((row) => row.balance !== row.expected)
    .map((row) => [row.user_id, row.balance, row.expected]);
}

/** The money audit (`npm run audit:money`'s checks) finds nothing on the whole database. */
async function expectMoneyAddsUp() {
  const audit = await auditMoney(handle.db);
  expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
}

describe('two server processes on one PostgreSQL', () => {
  it('never leaves a paid, unrefunded booking on a cancelled lesson (120 payment/cancel races)', async () => {
    const teacher = await person('teacher');
    const learners: Person[] = [];
    for (let index = 0; index < 12; index += 1) learners.push(await person('student'));
    const RACES = 120;
    const raced = await newLessons(teacher, RACES);
    const outcomes: string[] = [];

    for (let batch = 0; batch < RACES / learners.length; batch += 1) {
      await Promise.all(
        learners.map(async (learner, index) => {
          const race = batch * learners.length + index;
          const lesson = raced[race]!;
          const side = race % 2;
          // Every third race is M-Pesa express, whose settlement (`settle`) is what races the cancel.
          const method = race % 3 === 0 ? 'mpesa' : 'wallet';
          const buyer = learner.on[side]!;
          const canceller = teacher.on[1 - side]!;
          await addToCart(buyer, lesson.id);
          // The cancel starts 0–400 ms after the payment (0–300 ms for M-Pesa, whose settlement comes
          // with the sandbox's callback): spread so that either may take the lesson's lock first.
          const jitter = (race * 37) % (method === 'mpesa' ? 300 : 400);
          const [paid, cancelled] = await Promise.all([
            pay(buyer, method),
            (async () => {
              await pause(jitter);
              return canceller.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
            })(),
          ]);
          expect(cancelled.status, cancelled.text).toBe(200);
          expect([200, 202, 409], paid.outcome).toContain(paid.status);
          outcomes.push(`${method}:${paid.status}:${paid.outcome.slice(0, 12)}`);
          await emptyCart(buyer, lesson.id);
        }),
      );
    }

    const { rows: unrefunded } = await database.pool.query(
      `select b.id as booking_id, l.code from bookings b
         join orders o on o.id = b.order_id
         join lessons l on l.id = b.lesson_id
        where l.cancelled_at is not null and b.refund_transaction_id is null and o.status = 'paid'`,
    );
    expect(unrefunded).toEqual([]);
    expect(await walletsOffLedger(learners.map((learner) => learner.userId))).toEqual([]);
    // Both orders of events happened: some payments won the race (and were refunded), some lost.
    const won = outcomes.filter((outcome) => /:(200|202):completed/.test(outcome)).length;
    expect(won).toBeGreaterThan(0);
    expect(won).toBeLessThan(RACES);
    await expectMoneyAddsUp();
  }, 150_000);

  it('sells a lesson’s last seats once: N paid, the rest refused and not charged', async () => {
    const teacher = await person('teacher');
    const learners: Person[] = [];
    for (let index = 0; index < 7; index += 1) learners.push(await person('student'));
    const rounds: Array<{ type: 'private' | 'group'; capacity: number }> = [
      { type: 'private', capacity: 1 },
      { type: 'group', capacity: 2 },
      { type: 'group', capacity: 3 },
      { type: 'private', capacity: 1 },
      { type: 'group', capacity: 4 },
      { type: 'group', capacity: 2 },
    ];
    for (const [round, shape] of rounds.entries()) {
      const [lesson] = await newLessons(teacher, 1, shape);
      const seats = shape.type === 'private' ? 1 : shape.capacity;
      for (const learner of learners) await addToCart(learner.on[0], lesson!.id);
      const answers = await Promise.all(
        learners.map((learner, index) =>
          // Across both processes; in the last rounds two of them pay by M-Pesa express.
          pay(learner.on[(index + round) % 2]!, round >= 4 && index < 2 ? 'mpesa' : 'wallet'),
        ),
      );
      const granted = answers.filter((answer) => answer.outcome === 'completed').length;
      expect(granted, JSON.stringify(answers)).toBe(seats);
      for (const answer of answers.filter((one) => one.outcome !== 'completed'))
        expect([409, 202]).toContain(answer.status);
      const { rows } = await database.pool.query(
        `select count(*)::int as taken from bookings where lesson_id = $1 and refund_transaction_id is null`,
        [lesson!.id],
      );
      expect(rows[0].taken).toBe(seats);
      for (const learner of learners) await emptyCart(learner.on[0], lesson!.id);
    }
    // Every learner paid exactly for the seats they got (a lost M-Pesa payment went to the wallet).
    const { rows: spent } = await database.pool.query<{ user_id: number; booked: number; paid: string }>(
      `select u.id as user_id,
          (select count(*)::int from bookings b join students s on s.id = b.student_id where s.user_id = u.id) as booked,
          (select coalesce(sum(t.amount_cents), 0) from transactions t
            where t.user_id = u.id and t.type = 'payment' and t.status = 'completed')::bigint as paid
        from users u where u.id = any($1::int[])`,
      [learners.map((learner) => learner.userId)],
    );
    for (const row of spent) expect(Number(row.paid)).toBe(row.booked * PRICE_CENTS);
    expect(await walletsOffLedger(learners.map((learner) => learner.userId))).toEqual([]);
    await expectMoneyAddsUp();
  }, 120_000);
});
