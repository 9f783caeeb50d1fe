// What is sent (issue 26, docs/messaging.md "What is sent" and "notices"): each cause writes its
// e-mail and SMS to the outbox in its own transaction: the right person (a child's to the parent),
// kind and purpose, a text that says what happened, an SMS of one GSM-7 part naming Somesha with a
// short link to the right page; a refused cause writes nothing.
import { and, asc, eq, gt, inArray, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bookings,
  lessonReminders,
  outboxMessages,
  shortLinks,
  students,
  users,
  wallets,
} from '../../../server/db/schema';
import { tellTopUp } from '../../../server/messaging/causes';
import { sendDueReminders } from '../../../server/services/reminder-service';
import { settleEndedLessons } from '../../../server/services/earnings-service';
import { afterEnd, joined, lessonRow } from '../delivery/support';
import { fitsOneSms, gsm7Length } from '../../../src/shared/notification-channels';
import { addLesson, balanceOf, finalTransaction, newBuyer } from '../commerce/buyers';
import { startTestServer, type TestServer } from '../support/test-server';
import { approvedLesson, buyLesson, dayAhead, endLesson, lessonBody, newTeacher } from '../teaching/support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);

afterAll(async () => {
  await server?.close();
});

type Row = typeof outboxMessages.$inferSelect;

/** The outbox rows written for `userId` since `afterId`, oldest first. */
async function outboxOf(userId: number, afterId = 0): Promise<Row[]> {
  return server.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.userId, userId), gt(outboxMessages.id, afterId)))
    .orderBy(asc(outboxMessages.id));
}

/** The newest outbox row's id: rows after it are the next cause's. */
async function lastOutboxId() {
  const [row] = await server.db.select({ id: max(outboxMessages.id) }).from(outboxMessages);
  return row?.id ?? 0;
}

const one = (rows: Row[], channel: 'email' | 'sms', purpose: string) => {
  const found = rows.filter((row) => row.channel === channel && row.purpose === purpose);
  expect(found, `${channel} ${purpose}`).toHaveLength(1);
  return found[0]!;
};

/** An SMS as the rules want it: one GSM-7 part, naming Somesha, with a short link to `path`. */
async function expectSms(row: Row, path: string) {
  expect(gsm7Length(row.text)).not.toBeNull();
  expect(fitsOneSms(row.text)).toBe(true);
  expect(row.text).toMatch(/^Somesha: /);
  const code = /\/l\/([a-z0-9]{7})$/.exec(row.text)?.[1];
  expect(code, row.text).toBeDefined();
  const [link] = await server.db.select().from(shortLinks).where(eq(shortLinks.code, code!));
  expect(link?.path).toBe(path);
}

async function userRow(userId: number) {
  const [row] = await server.db.select().from(users).where(eq(users.id, userId));
  return row!;
}

describe('an order paid from the wallet', () => {
  it('writes the receipt (e-mail and SMS) and the booking e-mail to the payer', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(9), price: 1500 });
    const buyer = await buyLesson(server, lesson.id, 2000);
    const rows = await outboxOf(buyer.userId);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`).sort()).toEqual([
      'email lessons booking_confirmed',
      'email payments payment_receipt',
      'sms payments payment_receipt',
    ]);
    const user = await userRow(buyer.userId);
    const receipt = one(rows, 'email', 'payment_receipt');
    expect(receipt).toMatchObject({
      to: buyer.email,
      status: 'queued',
      subject: 'Somesha receipt: KES 1,500 paid',
    });
    expect(receipt.text).toMatch(new RegExp(`It paid for: .+ \\(${lesson.code}\\)\\.`));
    expect(receipt.text).toMatch(/We received your payment of KES 1,500 on .+ \(East Africa Time\)\./);
    expect(receipt.html).toContain('<a href="http://localhost:3000/wallet">Open your wallet</a>');
    const sms = one(rows, 'sms', 'payment_receipt');
    expect(sms.to).toBe(user.phone);
    expect(sms.text).toMatch(
      /^Somesha: payment of KES 1,500 received, ref PAY-[A-Z0-9-]+\. Thank you\. Receipt: /,
    );
    await expectSms(sms, '/wallet');
    const booked = one(rows, 'email', 'booking_confirmed');
    expect(booked.subject).toMatch(new RegExp(`^Booked: .+ \\(${lesson.code}\\)$`));
    expect(booked.text).toContain('Booked for you:');
    expect(booked.text).toMatch(new RegExp(`\\(${lesson.code}\\): .+ \\(East Africa Time\\)`));
  });

  it('writes nothing when the payment is refused (the one seat went to someone else)', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(11), price: 900, type: 'private' });
    const late = await newBuyer(server, { balanceKes: 2000 });
    await addLesson(late.browser, lesson.id);
    await buyLesson(server, lesson.id, 2000);
    const refused = await late.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(refused.status).toBe(409);
    expect(await balanceOf(server, late.userId)).toBe(200_000);
    expect(await outboxOf(late.userId)).toEqual([]);
  });

  it('writes nothing when the transaction of its cause rolls back', async () => {
    const buyer = await newBuyer(server);
    const links = async () => (await server.db.select().from(shortLinks)).length;
    const linksBefore = await links();
    await expect(
      server.db.transaction(async (tx) => {
        await tellTopUp(tx, 'http://localhost:3000', {
          userId: buyer.userId,
          reference: 'TOP-ROLLEDBACK',
          amountCents: 50_000,
          balanceCents: 50_000,
          now: new Date(),
        });
        expect(
          (await tx.select().from(outboxMessages).where(eq(outboxMessages.userId, buyer.userId))).length,
        ).toBe(2);
        throw new Error('the cause failed after its notice');
      }),
    ).rejects.toThrow('the cause failed after its notice');
    expect(await outboxOf(buyer.userId)).toEqual([]);
    expect(await links()).toBe(linksBefore);
  });

  it("a child's booking and its receipt go to the parent who paid", async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(12), price: 700 });
    const parent = await newBuyer(server, { role: 'parent', balanceKes: 2000, children: 1 });
    await addLesson(parent.browser, lesson.id);
    const paid = await parent.browser.post('/api/payments/wallet', {
      pin: '1234',
      student_id: parent.childIds[0],
    });
    expect(paid.status, paid.text).toBe(200);
    const rows = await outboxOf(parent.userId);
    expect(rows.map((row) => `${row.channel} ${row.purpose}`).sort()).toEqual([
      'email booking_confirmed',
      'email payment_receipt',
      'sms payment_receipt',
    ]);
    expect(one(rows, 'email', 'booking_confirmed').text).toContain('Booked for Child0:');
    const [child] = await server.db
      .select({ userId: students.userId })
      .from(students)
      .where(eq(students.id, parent.childIds[0]!));
    expect(await outboxOf(child!.userId!)).toEqual([]);
  });
});

describe('a top-up', () => {
  it('writes the top-up receipt with the new balance when M-Pesa confirms it', async () => {
    const buyer = await newBuyer(server, { balanceKes: 200 });
    const response = await buyer.browser.post('/api/wallet/topup', {
      amount: '500',
      method: 'mpesa',
      phone: '0708374149',
    });
    expect(response.status).toBe(202);
    expect(await outboxOf(buyer.userId)).toEqual([]);
    expect((await finalTransaction(buyer.browser, response.body.transaction.id)).status).toBe('completed');
    const rows = await outboxOf(buyer.userId);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`)).toEqual([
      'email payments topup_receipt',
      'sms payments topup_receipt',
    ]);
    expect(rows[0]!.subject).toBe('Somesha receipt: KES 500 added to your wallet');
    expect(rows[0]!.text).toContain('Your balance is now KES 700.');
    expect(rows[1]!.text).toMatch(/^Somesha: KES 500 added to your wallet, ref \S+\. Balance KES 700\. /);
    await expectSms(rows[1]!, '/wallet');
  });
});

describe("a teacher's cancellation and reschedule", () => {
  it('tells each payer of the cancellation and the refund, by e-mail and SMS', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(8), price: 1500 });
    const buyer = await buyLesson(server, lesson.id, 1500);
    const before = await lastOutboxId();
    const response = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {
      reason: 'Unwell',
    });
    expect(response.status).toBe(200);
    const rows = await outboxOf(buyer.userId, before);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`)).toEqual([
      'email lessons lesson_cancelled',
      'sms lessons lesson_cancelled',
    ]);
    expect(rows[0]!.subject).toMatch(new RegExp(`^Lesson cancelled: .*\\(${lesson.code}\\)$`));
    expect(rows[0]!.text).toContain('was cancelled by the teacher.');
    expect(rows[0]!.text).toContain('KES 1,500 was refunded to your Somesha wallet.');
    expect(rows[1]!.text).toMatch(
      new RegExp(
        `^Somesha: teacher cancelled .*\\(${lesson.code}\\) on .+\\. KES 1,500 back in your wallet\\. `,
      ),
    );
    await expectSms(rows[1]!, '/wallet');
    // A second cancel is refused and writes nothing more.
    const again = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect(again.status).toBe(409);
    expect(await outboxOf(buyer.userId, before)).toHaveLength(2);
  });

  it('tells of a moved lesson with the page to keep or cancel it; a child with an e-mail is told through the parent', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(14), time: '10:00', price: 500 });
    const parent = await newBuyer(server, { role: 'parent', children: 1 });
    const [child] = await server.db
      .select({ userId: students.userId })
      .from(students)
      .where(eq(students.id, parent.childIds[0]!));
    await server.db
      .update(users)
      .set({ email: `child.${parent.userId}@example.com`, phone: '254711111111' })
      .where(eq(users.id, child!.userId!));
    await server.db
      .insert(bookings)
      .values({ lessonId: lesson.id, studentId: parent.childIds[0]!, orderId: null });
    const before = await lastOutboxId();
    const moved = await teacher.browser.post(`/api/teacher/lessons/update/${lesson.id}`, {
      ...lessonBody(teacher, { date: dayAhead(15), time: '16:00', price: 500 }),
    });
    expect(moved.status).toBe(200);
    expect(await outboxOf(child!.userId!, before)).toEqual([]);
    const rows = await outboxOf(parent.userId, before);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose} ${row.to}`)).toEqual([
      `email lessons lesson_moved ${parent.email}`,
      `sms lessons lesson_moved ${(await userRow(parent.userId)).phone}`,
    ]);
    expect(rows[0]!.text).toContain("Child0's lesson");
    expect(rows[0]!.text).toMatch(/It now starts on .+ \(East Africa Time\)\./);
    expect(rows[0]!.text).toContain('Keep or cancel: http://localhost:3000/lessons/show/');
    expect(rows[1]!.text).toMatch(/moved to .+\. Keep it or cancel for a full refund: /);
    await expectSms(rows[1]!, `/lessons/show/${lesson.code}`);
  });
});

describe("a learner's own cancellation", () => {
  it('writes the refund to the payer, by e-mail and SMS', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(9), price: 1200 });
    const buyer = await buyLesson(server, lesson.id, 1200);
    const [booking] = await server.db.select().from(bookings).where(eq(bookings.lessonId, lesson.id));
    const before = await lastOutboxId();
    const cancelled = await buyer.browser.post(`/api/bookings/cancel/${booking!.id}`, {});
    expect(cancelled.status).toBe(200);
    const rows = await outboxOf(buyer.userId, before);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`)).toEqual([
      'email payments booking_refunded',
      'sms payments booking_refunded',
    ]);
    expect(rows[0]!.subject).toMatch(/^Refund: KES 1,200 for /);
    expect(rows[0]!.text).toContain('KES 1,200 was refunded to your Somesha wallet.');
    expect(rows[1]!.text).toMatch(/^Somesha: KES 1,200 refunded to your wallet for .+\. /);
    await expectSms(rows[1]!, '/wallet');
  });
});

describe("an admin's refund of a reported lesson", () => {
  it('writes the refund to the payer, by e-mail and SMS, with the decision', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(6), price: 1100 });
    const buyer = await buyLesson(server, lesson.id, 1100);
    await endLesson(server, lesson.id, 2);
    // The teacher came, so the earnings job holds the pay and the learner may report.
    await joined(server, lesson.id, teacher.userId);
    const row = await lessonRow(server, lesson.id);
    await settleEndedLessons(
      { db: server.db, config: { commissionPercent: 20, appUrl: 'http://localhost:3000' } },
      afterEnd(row, 60_000),
    );
    const reported = await buyer.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'teacher_absent',
    });
    expect(reported.status, reported.text).toBe(201);
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    const before = await lastOutboxId();
    const decided = await admin.post(`/api/admin/reports/resolve/${reported.body.data.id}`, {
      decision: 'refund',
      remark: 'The teacher did not come.',
    });
    expect(decided.status, decided.text).toBe(200);
    const rows = await outboxOf(buyer.userId, before);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`)).toEqual([
      'email payments booking_refunded',
      'sms payments booking_refunded',
    ]);
    expect(rows[0]!.text).toContain('We looked into the report on');
    expect(rows[0]!.text).toContain('KES 1,100 was refunded to your Somesha wallet.');
    await expectSms(rows[1]!, '/wallet');
  });
});

describe('the lesson reminder', () => {
  it('adds an SMS with the join link to the reminder e-mail', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(7), price: 500 });
    const buyer = await buyLesson(server, lesson.id, 500);
    const mine = server.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.lessonId, lesson.id));
    await server.db
      .update(lessonReminders)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(inArray(lessonReminders.bookingId, mine));
    const before = await lastOutboxId();
    await sendDueReminders({ db: server.db, config: { appUrl: 'http://localhost:3000' } });
    const sms = one(await outboxOf(buyer.userId, before), 'sms', 'lesson_reminder');
    expect(sms).toMatchObject({ kind: 'lessons', to: (await userRow(buyer.userId)).phone });
    expect(sms.text).toMatch(/ starts at .+\. Join from 15 min before: /);
    await expectSms(sms, `/lessons/live/${lesson.code}`);
  });
});

describe('teaching decisions', () => {
  it('approving or declining a teacher writes the SMS beside the e-mail', async () => {
    const admin = server.browser();
    await admin.signIn('admin@example.com');
    const approved = await newTeacher(server, 'pending');
    const declined = await newTeacher(server, 'pending');
    expect((await admin.post(`/api/admin/teachers/approve/${approved.teacherId}`)).status).toBe(200);
    expect(
      (
        await admin.post(`/api/admin/teachers/decline/${declined.teacherId}`, {
          remark: 'Add your certificate',
        })
      ).status,
    ).toBe(200);
    const yes = one(await outboxOf(approved.userId), 'sms', 'teacher_approved');
    expect(yes.kind).toBe('teaching');
    expect(yes.text).toMatch(/^Somesha: your teacher profile is approved\./);
    await expectSms(yes, '/teaching/lessons');
    const no = one(await outboxOf(declined.userId), 'sms', 'teacher_declined');
    expect(no.text).toMatch(/^Somesha: your teacher profile was not approved\./);
    await expectSms(no, '/complete-profile/teacher');
  });
});

describe('withdrawals', () => {
  it('writes the paid and the failed notices with the withdrawal', async () => {
    const teacher = server.browser();
    await teacher.signIn('teacher@example.com');
    const [user] = await server.db.select().from(users).where(eq(users.email, 'teacher@example.com'));
    if (!user!.phone)
      await server.db.update(users).set({ phone: '254722000001' }).where(eq(users.id, user!.id));
    const phone = (await userRow(user!.id)).phone;
    const payTo = (number: string) =>
      server.db
        .update(wallets)
        .set({ withdrawalNo: number, withdrawalNoSetAt: new Date(Date.now() - 2 * 86_400_000) })
        .where(eq(wallets.userId, user!.id));

    await payTo('254708374149');
    let before = await lastOutboxId();
    expect((await teacher.post('/api/wallet/withdraw', { amount: 300, pin: '1234' })).status).toBe(202);
    await server.settlePayments();
    let rows = await outboxOf(user!.id, before);
    expect(rows.map((row) => `${row.channel} ${row.kind} ${row.purpose}`)).toEqual([
      'email payments withdrawal_paid',
      'sms payments withdrawal_paid',
    ]);
    expect(rows[0]!.text).toMatch(/Your withdrawal of KES 300 was paid to M-Pesa .*149\./);
    expect(rows[1]).toMatchObject({ to: phone });
    expect(rows[1]!.text).toMatch(/^Somesha: withdrawal of KES 300 paid to M-Pesa, receipt [A-Z0-9]{10}\. /);
    await expectSms(rows[1]!, '/wallet');

    await payTo('254700000040');
    before = await lastOutboxId();
    expect((await teacher.post('/api/wallet/withdraw', { amount: 200, pin: '1234' })).status).toBe(202);
    await server.settlePayments();
    rows = await outboxOf(user!.id, before);
    expect(rows.map((row) => `${row.channel} ${row.purpose}`)).toEqual([
      'email withdrawal_failed',
      'sms withdrawal_failed',
    ]);
    expect(rows[0]!.text).toContain('The amount is back in your Somesha wallet.');
    expect(rows[1]!.text).toMatch(
      /^Somesha: withdrawal of KES 200 failed\. The money is back in your wallet\. /,
    );
    await expectSms(rows[1]!, '/wallet');
  });
});
