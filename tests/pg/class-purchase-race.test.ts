// Buying a whole class on two server processes over one PostgreSQL (issue 24, docs/class-purchase.md
// "At payment"; docs/commerce.md "Lock order"): a class's payment locks every lesson of the class
// before the cart, so payments for a class whose lesson has one seat left take turns and one wins.
import { randomBytes } from 'node:crypto';
import { asc, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from '../../server/db/client';
import { classes, curricula, lessons, topics } from '../../server/db/schema';
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

const MPESA_PHONE = '0708374149';

let database: SharedDatabase;
let handle: DatabaseHandle;
let processes: [ServerProcess, ServerProcess];
let secrets: { passwordHash: string; pinHash: string };

type Person = RaceAccount;

beforeAll(async () => {
  // Kept after the run: `npm run test:pg` audits it with `npm run audit:money` once every test is done.
  database = await sharedDatabase({ keep: 'class-purchase-race' });
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

/** An approved class of `count` group lessons (`capacity` seats each) of `teacher`, priced `priceCents`. */
async function newClass(teacher: Person, count: number, capacity: number, priceCents: number) {
  const tag = randomBytes(3).toString('hex');
  const [topic] = await handle.db
    .select()
    .from(topics)
    .where(isNotNull(topics.gradeLevelId))
    .orderBy(asc(topics.id))
    .limit(1);
  const [curriculum] = await handle.db.select({ id: curricula.id }).from(curricula).limit(1);
  const base = Date.now() + 3 * 86_400_000;
  const [row] = await handle.db
    .insert(classes)
    .values({
      slug: `race-class-${tag}`,
      title: `Race class ${tag}`,
      teacherId: teacher.profileId,
      subjectId: topic?.subjectId ?? 0,
      gradeLevelId: topic?.gradeLevelId ?? 0,
      curriculumId: curriculum?.id ?? 0,
      type: 'revision',
      frequency: 'weekly',
      priceCents,
      startsAt: new Date(base - 3_600_000),
      endsAt: new Date(base + count * 86_400_000),
    })
    .returning({ id: classes.id });
  const stored = await handle.db
    .insert(lessons)
    .values(
      Array.from({ length: count }, (_, index) => ({
        code: `RCL-${tag}-${index}`.toUpperCase(),
        teacherId: teacher.profileId,
        classId: row?.id ?? null,
        type: 'group' as const,
        objective: 'A class two processes fight over.',
        priceCents: 100_000,
        startAt: new Date(base + index * 86_400_000),
        endAt: new Date(base + index * 86_400_000 + 3_600_000),
        isApproved: true,
        capacity,
      })),
    )
    .returning({ id: lessons.id, code: lessons.code });
  return { id: row?.id ?? 0, lessons: stored };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function addToCart(browser: Browser, path: string) {
  const added = await browser.post(path);
  if (added.status !== 200) throw new Error(`add-to-cart: ${added.status} ${added.text}`);
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

/** The money audit (`npm run audit:money`'s checks) finds nothing on the whole database. */
async function expectMoneyAddsUp() {
  const audit = await auditMoney(handle.db);
  expect(audit.checks.filter((check) => !check.ok)).toEqual([]);
}

describe('a whole class on two server processes', () => {
  it('sells a class whose lesson has one seat left once: one paid, the rest refused and not charged', async () => {
    const teacher = await person('teacher');
    const learners: Person[] = [];
    for (let index = 0; index < 7; index += 1) learners.push(await person('student'));
    const PRICE = 240_000;
    for (let round = 0; round < 3; round += 1) {
      const cls = await newClass(teacher, 3, 2, PRICE);
      // Someone already holds one of the two seats of the class's second lesson.
      const [first, ...racers] = learners;
      await addToCart(first!.on[round % 2]!, `/api/lessons/add-to-cart/${cls.lessons[1]!.id}`);
      expect((await pay(first!.on[round % 2]!, 'wallet')).outcome).toBe('completed');
      for (const racer of racers) await addToCart(racer.on[0], `/api/classes/add-to-cart/${cls.id}`);
      const answers = await Promise.all(
        racers.map((racer, index) =>
          // Across both processes; in the last round two of them pay by M-Pesa express.
          pay(racer.on[(index + round) % 2]!, round === 2 && index < 2 ? 'mpesa' : 'wallet'),
        ),
      );
      const granted = answers.filter((answer) => answer.outcome === 'completed').length;
      expect(granted, JSON.stringify(answers)).toBe(1);
      for (const answer of answers.filter((one) => one.outcome !== 'completed'))
        expect([409, 202]).toContain(answer.status);
      const { rows } = await database.pool.query<{ lesson_id: number; taken: number }>(
        `select lesson_id, count(*)::int as taken from bookings
          where lesson_id = any($1::int[]) and refund_transaction_id is null group by lesson_id order by lesson_id`,
        [cls.lessons.map((lesson) => lesson.id)],
      );
      expect(rows.map((row) => row.taken)).toEqual([1, 2, 1]);
      for (const racer of racers)
        await racer.on[0].post('/api/cart/remove/item', {
          purchasable_type: 'class',
          purchasable_id: cls.id,
        });
    }
    // Each racer paid the class price once per class they got (a lost M-Pesa payment went to the wallet).
    const { rows: spent } = await database.pool.query<{ booked: number; paid: string }>(
      `select (select count(*)::int from bookings b join students s on s.id = b.student_id where s.user_id = u.id) as booked,
          (select coalesce(sum(t.amount_cents), 0) from transactions t
            where t.user_id = u.id and t.type = 'payment' and t.status = 'completed')::bigint as paid
        from users u where u.id = any($1::int[])`,
      [learners.slice(1).map((learner) => learner.userId)],
    );
    for (const row of spent) expect(Number(row.paid)).toBe((row.booked / 3) * PRICE);
    expect(spent.reduce((sum, row) => sum + row.booked, 0)).toBe(9);
    await expectMoneyAddsUp();
  }, 180_000);
});
