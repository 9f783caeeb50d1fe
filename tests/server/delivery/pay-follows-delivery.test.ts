// Pay that follows delivery (issue 22, docs/classroom.md "Attendance and pay"): a lesson whose
// teacher never joined is refunded exactly once; a held lesson's earning waits 24 hours (the job's
// clock is injected) and any learner's report until an admin decides it, once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, users } from '../../../server/db/schema';
import { settleEndedLessons, type EarningsContext } from '../../../server/services/earnings-service';
import { EARNING_HOLD_MS } from '../../../src/shared/classroom';
import { balanceOf, newBuyer } from '../commerce/buyers';
import { startTestServer, type Browser, type Json, type TestServer } from '../support/test-server';
import { approvedLesson, dayAhead, endLesson, newTeacher, type Teacher } from '../teaching/support';
import {
  afterEnd,
  afterHold,
  expectMoneyClean,
  joined,
  learnerWhoPaid,
  lessonRow,
  linesOf,
  toldOf,
} from './support';

let server: TestServer;
let ctx: EarningsContext;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer();
  ctx = {
    db: server.db,
    config: { commissionPercent: 20, appUrl: 'http://somesha.test' },
  };
  admin = server.browser();
  await admin.signIn('admin@example.com');
});

afterAll(async () => {
  await server.close();
});

const MINUTE = 60_000;

/** A fresh teacher's lesson (KES `price`) bought by `buyers` learners, then ended an hour ago. */
async function endedLesson(price: number, buyers: number, hoursAgo = 2) {
  const teacher = await newTeacher(server);
  const lesson = await approvedLesson(server, teacher, { date: dayAhead(4), price });
  const learners = [];
  for (let index = 0; index < buyers; index += 1) learners.push(await learnerWhoPaid(server, lesson.id));
  await endLesson(server, lesson.id, hoursAgo);
  return { teacher, lesson, learners, row: await lessonRow(server, lesson.id) };
}

async function earningsOf(teacher: Teacher, lessonId: number): Promise<Json> {
  const listed = await teacher.browser.get('/api/teacher/earnings');
  expect(listed.status).toBe(200);
  return (listed.body.data as Json[]).find((row) => row.lesson.id === lessonId);
}

describe('a lesson whose teacher never joined', () => {
  it('is refunded exactly once to the wallets that paid, even to two runs at once, and everyone is told', async () => {
    const { teacher, lesson, learners, row } = await endedLesson(1500, 2);
    for (const learner of learners) expect(await balanceOf(server, learner.userId)).toBe(150_000);
    // Before the end nothing happens.
    await settleEndedLessons(ctx, afterEnd(row, -MINUTE));
    expect((await lessonRow(server, lesson.id)).outcome).toBeNull();

    await Promise.all([
      settleEndedLessons(ctx, afterEnd(row, MINUTE)),
      settleEndedLessons(ctx, afterEnd(row, MINUTE)),
    ]);
    await settleEndedLessons(ctx, afterHold(row));

    const after = await lessonRow(server, lesson.id);
    expect(after).toMatchObject({ outcome: 'not_held', earningsTransactionId: null });
    expect(after.earningsSettledAt).not.toBeNull();
    for (const learner of learners) {
      expect(await balanceOf(server, learner.userId)).toBe(300_000);
      const refunds = await linesOf(server, learner.userId, 'refund');
      expect(refunds).toHaveLength(1);
      expect(refunds[0]).toMatchObject({ amountCents: 150_000, status: 'completed' });
      expect((refunds[0]?.meta as Json).result_desc).toMatch(/^Refund: .* was not held\.$/);
      const told = await toldOf(learner.browser, 'lesson_not_held');
      expect(told).toHaveLength(1);
      expect(told[0].data.body).toMatch(
        /did not take place: the teacher did not join\. KES 1,500(\.00)? was refunded to your wallet\.$/,
      );
    }
    expect(await balanceOf(server, teacher.userId)).toBe(0);
    expect(await linesOf(server, teacher.userId, 'earning')).toEqual([]);
    const teacherTold = await toldOf(teacher.browser, 'lesson_not_held');
    expect(teacherTold).toHaveLength(1);
    expect(teacherTold[0].data.body).toMatch(/was not held: you did not join its classroom/);

    const mail = (await server.mail()).filter(
      (message) => message.subject.startsWith('Lesson not held') && message.text.includes(lesson.code),
    );
    const [teacherUser] = await server.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, teacher.userId));
    expect(mail.map((message) => message.to).sort()).toEqual(
      [...learners.map((learner) => learner.email), teacherUser?.email].sort(),
    );
    expect(mail[0]?.text).toContain(`http://somesha.test/lessons/show/${lesson.code}`);

    expect(await earningsOf(teacher, lesson.id)).toMatchObject({
      state: 'refunded',
      net: '0.00',
      transaction_id: null,
      held_until: null,
    });
    await expectMoneyClean(server);
  });
});

describe("a held lesson's earning", () => {
  it('is held for 24 hours after the end, then credited once', async () => {
    const { teacher, lesson, learners, row } = await endedLesson(2000, 1);
    await joined(server, lesson.id, teacher.userId, 'teacher', row.startAt);
    await joined(server, lesson.id, learners[0]!.userId, 'learner', row.startAt);

    await settleEndedLessons(ctx, afterEnd(row, MINUTE));
    expect((await lessonRow(server, lesson.id)).outcome).toBe('held');
    expect(await earningsOf(teacher, lesson.id)).toMatchObject({
      state: 'held',
      held_until: afterEnd(row, EARNING_HOLD_MS).toISOString(),
      learners: 1,
      gross: '2000.00',
      net: '1600.00',
      transaction_id: null,
      settled_at: null,
    });
    await settleEndedLessons(ctx, afterEnd(row, EARNING_HOLD_MS - MINUTE));
    expect(await balanceOf(server, teacher.userId)).toBe(0);

    await Promise.all([settleEndedLessons(ctx, afterHold(row)), settleEndedLessons(ctx, afterHold(row))]);
    await settleEndedLessons(ctx, afterEnd(row, 2 * EARNING_HOLD_MS));
    expect(await balanceOf(server, teacher.userId)).toBe(160_000);
    expect(await linesOf(server, teacher.userId, 'earning')).toHaveLength(1);
    expect(await balanceOf(server, learners[0]!.userId)).toBe(100_000);
    expect(await earningsOf(teacher, lesson.id)).toMatchObject({
      state: 'paid',
      net: '1600.00',
      held_until: null,
      settled_at: afterHold(row).toISOString(),
    });
    const listed = await teacher.browser.get('/api/teacher/earnings');
    expect(listed.body.totals).toEqual({ gross: '2000.00', commission: '400.00', net: '1600.00' });
    await expectMoneyClean(server);
  });
});

describe("a learner's report", () => {
  it('waits for an admin, who pays the teacher once: the decisions race and one wins', async () => {
    const { teacher, lesson, learners, row } = await endedLesson(1500, 1);
    const [learner] = learners;
    await joined(server, lesson.id, teacher.userId);
    await settleEndedLessons(ctx, afterEnd(row, MINUTE));

    const reported = await learner!.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'cut_short',
      text: 'The call ended after twenty minutes.',
    });
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({
      message: expect.stringContaining('Your report was sent'),
      data: { lesson_id: lesson.id, reason: 'cut_short', status: 'open', remark: null },
    });
    const twice = await learner!.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'teacher_absent',
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'You have already reported a problem with this lesson.' },
    });
    const told = await toldOf(teacher.browser, 'lesson_report');
    expect(told[0].data.body).toMatch(/reported a problem with .*: The lesson was cut short\./);

    // The hold is over, but the report holds the earning.
    await settleEndedLessons(ctx, afterHold(row));
    expect(await balanceOf(server, teacher.userId)).toBe(0);
    expect(await earningsOf(teacher, lesson.id)).toMatchObject({ state: 'reported', held_until: null });

    const open = await admin.get('/api/admin/reports?status=open&per_page=100');
    expect(open.status).toBe(200);
    expect(open.body.meta).toMatchObject({ current_page: 1 });
    const listed = (open.body.data as Json[]).find((report) => report.id === reported.body.data.id);
    expect(listed).toMatchObject({
      reason: 'cut_short',
      reason_label: 'The lesson was cut short',
      text: 'The call ended after twenty minutes.',
      status: 'open',
      lesson: {
        id: lesson.id,
        code: lesson.code,
        start_at: row.startAt.toISOString(),
        end_at: row.endAt.toISOString(),
        teacher: { user_id: teacher.userId, name: expect.any(String) },
      },
      reporter: { id: learner!.userId, email: learner!.email },
      learners: [{ name: expect.stringContaining('Buyer'), attended: false }],
      attendance: [{ user_id: teacher.userId, role: 'teacher', first_joined_at: expect.any(String) }],
    });

    // A day later in real time, the decision itself credits the teacher.
    await endLesson(server, lesson.id, 27);
    const decide = () =>
      admin.post(`/api/admin/reports/resolve/${listed.id}`, {
        decision: 'pay',
        remark: 'The recording shows a full lesson.',
      });
    const answers = await Promise.all([decide(), decide()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const won = answers.find((answer) => answer.status === 200)!;
    expect(won.body).toMatchObject({
      message: 'Decided: the teacher is paid.',
      data: { id: listed.id, status: 'paid', remark: 'The recording shows a full lesson.' },
    });
    expect(answers.find((answer) => answer.status === 409)!.body.message).toBe(
      'This report has already been decided.',
    );
    expect(await balanceOf(server, teacher.userId)).toBe(120_000);
    await settleEndedLessons(ctx, afterHold(await lessonRow(server, lesson.id)));
    expect(await linesOf(server, teacher.userId, 'earning')).toHaveLength(1);
    expect(await linesOf(server, learner!.userId, 'refund')).toEqual([]);
    for (const browser of [learner!.browser, teacher.browser]) {
      const decided = (await toldOf(browser, 'lesson_report')).find((row) => row.data.decision === 'pay');
      expect(decided.data.body).toContain('The recording shows a full lesson.');
    }
    const resolved = await admin.get('/api/admin/reports?status=resolved');
    expect((resolved.body.data as Json[]).some((report) => report.id === listed.id)).toBe(true);
    await expectMoneyClean(server);
  });

  it('refunded by an admin: the reporter once, the teacher paid for the rest', async () => {
    const { teacher, lesson, learners, row } = await endedLesson(1500, 2);
    const [reporter, other] = learners;
    await joined(server, lesson.id, teacher.userId);
    await joined(server, lesson.id, other!.userId, 'learner');
    await settleEndedLessons(ctx, afterEnd(row, MINUTE));
    const reported = await reporter!.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'teacher_absent',
    });
    expect(reported.status).toBe(201);

    // Decided within the hold: the refund at once, the teacher's earning when the hold ends.
    const decided = await admin.post(`/api/admin/reports/resolve/${reported.body.data.id}`, {
      decision: 'refund',
      remark: 'The teacher joined for two minutes only.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      message: "Decided: the learner's booking is refunded.",
      data: { status: 'refunded', learners: [{ attended: false }] },
    });
    expect(await balanceOf(server, reporter!.userId)).toBe(300_000);
    expect(await balanceOf(server, teacher.userId)).toBe(0);
    const again = await admin.post(`/api/admin/reports/resolve/${reported.body.data.id}`, {
      decision: 'pay',
      remark: 'Changed my mind.',
    });
    expect(again.status).toBe(409);

    await Promise.all([settleEndedLessons(ctx, afterHold(row)), settleEndedLessons(ctx, afterHold(row))]);
    expect(await linesOf(server, reporter!.userId, 'refund')).toHaveLength(1);
    expect(await linesOf(server, other!.userId, 'refund')).toEqual([]);
    expect(await balanceOf(server, other!.userId)).toBe(150_000);
    // One learner's KES 1,500 less 20%.
    expect(await balanceOf(server, teacher.userId)).toBe(120_000);
    expect(await earningsOf(teacher, lesson.id)).toMatchObject({
      state: 'paid',
      learners: 1,
      net: '1200.00',
    });
    const told = (await toldOf(reporter!.browser, 'lesson_report'))[0];
    expect(told.data.body).toContain('The teacher joined for two minutes only.');
    await expectMoneyClean(server);
  });

  it('is refused outside its window, for a lesson not held, and to anyone who did not book', async () => {
    const { teacher, lesson, learners, row } = await endedLesson(1000, 1);
    const [learner] = learners;
    const report = (browser: Browser, body: Json = { reason: 'teacher_absent' }) =>
      browser.post(`/api/lessons/report/${lesson.id}`, body);

    // Ended, but the job has not decided yet.
    expect((await report(learner!.browser)).body).toMatchObject({
      message: "This lesson's attendance is still being checked. Try again in a few minutes.",
      errors: { lesson: [expect.any(String)] },
    });
    await settleEndedLessons(ctx, afterEnd(row, MINUTE));
    const notHeld = await report(learner!.browser);
    expect(notHeld.status).toBe(422);
    expect(notHeld.body.errors.lesson).toEqual([
      'This lesson was not held, and its bookings were refunded: there is nothing to report.',
    ]);
    expect((await report(server.browser())).status).toBe(401);
    const stranger = await newBuyer(server);
    expect((await report(stranger.browser)).status).toBe(404);
    expect((await report(teacher.browser)).status).toBe(404);

    // Not ended yet.
    const upcoming = await approvedLesson(server, teacher, { date: dayAhead(5), price: 500 });
    const booked = await learnerWhoPaid(server, upcoming.id);
    const early = await booked.browser.post(`/api/lessons/report/${upcoming.id}`, { reason: 'cut_short' });
    expect(early.status).toBe(422);
    expect(early.body.errors.lesson).toEqual(['You can report a problem once the lesson has ended.']);

    // Held, but the hold (and the time to report) is over.
    const late = await endedLesson(1000, 1, 30);
    await joined(server, late.lesson.id, late.teacher.userId);
    await settleEndedLessons(ctx, afterHold(late.row));
    const closed = await late.learners[0]!.browser.post(`/api/lessons/report/${late.lesson.id}`, {
      reason: 'cut_short',
    });
    expect(closed.status).toBe(422);
    expect(closed.body.errors.lesson).toEqual(['The time to report a problem with this lesson has passed.']);
  });

  it('comes from a parent for their booked child, and speaks for that child only', async () => {
    const { teacher, lesson, row } = await endedLesson(1000, 1);
    const parent = await newBuyer(server, { role: 'parent', children: 2 });
    // A free seat for the first child (a booking without an order), so nothing is refunded for it.
    await server.db.insert(bookings).values({ lessonId: lesson.id, studentId: parent.childIds[0]! });
    const otherParent = await newBuyer(server, { role: 'parent', children: 1 });
    await joined(server, lesson.id, teacher.userId);
    await settleEndedLessons(ctx, afterEnd(row, MINUTE));

    expect(
      (await otherParent.browser.post(`/api/lessons/report/${lesson.id}`, { reason: 'cut_short' })).status,
    ).toBe(404);
    const reported = await parent.browser.post(`/api/lessons/report/${lesson.id}`, {
      reason: 'other',
      text: 'The sound never worked for my daughter.',
    });
    expect(reported.status).toBe(201);
    const decided = await admin.post(`/api/admin/reports/resolve/${reported.body.data.id}`, {
      decision: 'refund',
      remark: 'Refunding the booking.',
    });
    expect(decided.status).toBe(200);
    expect(decided.body.data).toMatchObject({
      reporter: { id: parent.userId },
      learners: [
        { student_id: parent.childIds[0], name: expect.stringContaining('Child0'), attended: false },
      ],
      status: 'refunded',
    });
    expect(await linesOf(server, parent.userId, 'refund')).toEqual([]);
  });

  it('checks what it is sent, declaratively', async () => {
    const cases: [Json, Record<string, string[]>][] = [
      [{}, { reason: ['This field is required.'] }],
      [{ reason: 'bogus' }, { reason: [expect.any(String)] }],
      [{ reason: 'other' }, { text: ['Tell us what went wrong.'] }],
      [{ reason: 'cut_short', text: 'too short' }, { text: ['Write at least 10 characters.'] }],
      [{ reason: 'other', text: 'x'.repeat(1001) }, { text: ['Write at most 1000 characters.'] }],
    ];
    const learner = await newBuyer(server);
    for (const [body, errors] of cases) {
      const answer = await learner.browser.post('/api/lessons/report/1', body);
      expect({ body, status: answer.status, errors: answer.body.errors }).toEqual({
        body,
        status: 422,
        errors,
      });
    }
  });
});

describe('the admin reports API', () => {
  it('is for admins only and checks its input', async () => {
    const teacher = await newTeacher(server);
    const learner = await newBuyer(server);
    for (const browser of [teacher.browser, learner.browser]) {
      expect((await browser.get('/api/admin/reports')).status).toBe(403);
      expect(
        (await browser.post('/api/admin/reports/resolve/1', { decision: 'pay', remark: 'Looks fine.' }))
          .status,
      ).toBe(403);
    }
    expect((await server.browser().get('/api/admin/reports')).status).toBe(401);
    expect((await admin.get('/api/admin/reports?status=closed')).status).toBe(422);
    expect((await admin.get('/api/admin/reports?page=0')).status).toBe(422);
    const bad = await admin.post('/api/admin/reports/resolve/1', { decision: 'maybe', remark: 'abc' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      decision: [expect.any(String)],
      remark: ['Use at least 5 characters.'],
    });
    const long = await admin.post('/api/admin/reports/resolve/1', {
      decision: 'pay',
      remark: 'x'.repeat(1001),
    });
    expect(long.body.errors).toEqual({ remark: ['Use at most 1000 characters.'] });
    expect(
      (await admin.post('/api/admin/reports/resolve/999999', { decision: 'pay', remark: 'Looks fine.' }))
        .status,
    ).toBe(404);
  });
});
