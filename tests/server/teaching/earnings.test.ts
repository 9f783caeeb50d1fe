// Teachers' earnings (docs/teaching-admin.md "Money"): an ended lesson's takings less the platform's
// commission go to the teacher's wallet once, even when two runs settle at the same time. Since issue
// 22 only a lesson its teacher joined earns, 24 hours after its end (tests/server/delivery covers the
// rest): these lessons ended 26 hours ago and their teacher joined.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, transactions } from '../../../server/db/schema';
import { settleEndedLessons } from '../../../server/services/earnings-service';
import { balanceOf } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { joined } from '../delivery/support';
import { approvedLesson, buyLesson, dayAhead, endLesson, newTeacher } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

const ctx = (commissionPercent?: number) => ({ db: server.db, config: { commissionPercent } });

async function earningsOf(userId: number) {
  return server.db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, userId), eq(transactions.type, 'earning')));
}

describe('settling earnings', () => {
  it('credits the net once, even to two runs at the same time, and lists it', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(3), price: 1500 });
    await buyLesson(server, lesson.id);
    await buyLesson(server, lesson.id);
    // Not ended yet: nothing to settle.
    await settleEndedLessons(ctx());
    expect(await earningsOf(teacher.userId)).toEqual([]);

    await endLesson(server, lesson.id, 26);
    await joined(server, lesson.id, teacher.userId);
    await Promise.all([settleEndedLessons(ctx()), settleEndedLessons(ctx())]);
    await settleEndedLessons(ctx());

    const paid = await earningsOf(teacher.userId);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ amountCents: 240_000, status: 'completed' });
    expect(await balanceOf(server, teacher.userId)).toBe(240_000);
    const [row] = await server.db.select().from(lessons).where(eq(lessons.id, lesson.id));
    expect(row?.earningsSettledAt).not.toBeNull();
    expect(row?.earningsTransactionId).toBe(paid[0]?.id);

    const listed = await teacher.browser.get('/api/teacher/earnings');
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({
      data: [
        {
          lesson: {
            id: lesson.id,
            code: lesson.code,
            start_at: expect.any(String),
            end_at: expect.any(String),
          },
          learners: 2,
          gross: '3000.00',
          commission: '600.00',
          net: '2400.00',
          commission_percent: 20,
          transaction_id: paid[0]?.id,
          settled_at: expect.any(String),
          state: 'paid',
          held_until: null,
        },
      ],
      meta: { total: 1, current_page: 1 },
      totals: { gross: '3000.00', commission: '600.00', net: '2400.00' },
      commission_percent: 20,
    });

    const told = (await teacher.browser.get('/api/notifications')).body.data as Json[];
    expect(told.filter((row) => row.type === 'earning')).toHaveLength(1);
    expect(told[0].data.body).toMatch(
      /^You earned KES 2,400(\.00)? for .* \(2 learners, after the 20% platform commission\)\.$/,
    );
  });

  it('rounds the commission to the cent and never settles a cancelled lesson', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { date: dayAhead(3), time: '08:00', price: 999 });
    await buyLesson(server, lesson.id);
    const cancelled = await approvedLesson(server, teacher, { date: dayAhead(3), time: '12:00', price: 500 });
    await buyLesson(server, cancelled.id);
    expect((await teacher.browser.post(`/api/teacher/lessons/cancel/${cancelled.id}`, {})).status).toBe(200);
    await endLesson(server, lesson.id, 29);
    await endLesson(server, cancelled.id, 27);
    await joined(server, lesson.id, teacher.userId);

    const run = await settleEndedLessons(ctx(12.5));
    expect(run.paid).toBeGreaterThanOrEqual(1);
    // 12.5% of KES 999.00 is KES 124.875: the platform keeps 124.88.
    const paid = await earningsOf(teacher.userId);
    expect(paid.map((row) => row.amountCents)).toEqual([99_900 - 12_488]);
    const [row] = await server.db.select().from(lessons).where(eq(lessons.id, cancelled.id));
    expect(row?.earningsSettledAt).toBeNull();
  });

  it('is for teachers only and checks its page', async () => {
    const teacher = await newTeacher(server);
    expect((await teacher.browser.get('/api/teacher/earnings')).body).toMatchObject({
      data: [],
      totals: { gross: '0.00', commission: '0.00', net: '0.00' },
    });
    expect((await teacher.browser.get('/api/teacher/earnings?page=0')).status).toBe(422);
    expect((await server.browser().get('/api/teacher/earnings')).status).toBe(401);
  });
});
