// Seats (issue 20, docs/teaching-admin.md "Seats"): a teacher sets a group lesson's seats (2–100),
// a public one may set them or leave no limit, a private lesson has one seat; the lists say how many
// are left, a full lesson cannot be added to a cart, and a payment for a seat that went meanwhile
// is a 409 that charges nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons, orders } from '../../../server/db/schema';
import { addLesson, balanceOf, newBuyer } from '../commerce/buyers';
import { startTestServer, type Json, type TestServer } from '../support/test-server';
import { approve, approvedLesson, buyLesson, dayAhead, lessonBody, newTeacher } from './support';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

async function capacityOf(id: number) {
  const [row] = await server.db
    .select({ capacity: lessons.capacity })
    .from(lessons)
    .where(eq(lessons.id, id));
  return row?.capacity;
}

describe('seats of a lesson', () => {
  it('refuses a group lesson without seats or outside 2–100, with the form’s messages', async () => {
    const teacher = await newTeacher(server);
    const store = (overrides: Record<string, unknown>) =>
      teacher.browser.post('/api/teacher/lessons/store', lessonBody(teacher, overrides));

    const none = await store({ type: 'group' });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ capacity: ['Enter how many learners can join this group lesson.'] });
    for (const capacity of [1, 101, 'many', 2.5]) {
      const wrong = await store({ type: 'group', capacity });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.capacity).toEqual(['A lesson has between 2 and 100 seats.']);
    }
    const publicZero = await store({ type: 'public', capacity: 0, date: dayAhead(11) });
    expect(publicZero.status).toBe(422);
    expect(publicZero.body.errors.capacity).toEqual(['A lesson has between 2 and 100 seats.']);

    const group = await store({ type: 'group', capacity: 12, date: dayAhead(12) });
    expect(group.status).toBe(201);
    expect(group.body.data[0]).toMatchObject({ capacity: 12 });
    const open = await store({ type: 'public', date: dayAhead(13) });
    expect(open.status).toBe(201);
    expect(await capacityOf(open.body.data[0].id)).toBeNull();
  });

  it('gives a private lesson one seat whatever the teacher sends', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { type: 'private', capacity: 30 });
    expect(await capacityOf(lesson.id)).toBe(1);

    // Both put it in their carts while it was free; the first to pay gets the seat.
    const first = await newBuyer(server, { balanceKes: 5000 });
    const second = await newBuyer(server, { balanceKes: 5000 });
    await addLesson(first.browser, lesson.id);
    await addLesson(second.browser, lesson.id);
    expect((await first.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);
    const late = await second.browser.post('/api/payments/wallet', { pin: '1234' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`${lesson.code} is full. Remove it from your cart and try again.`);
    expect(await balanceOf(server, second.userId)).toBe(500_000);
    expect(await server.db.select().from(orders).where(eq(orders.userId, second.userId))).toEqual([]);

    // Nobody else can put it in a cart now.
    const third = await newBuyer(server);
    const refused = await third.browser.post(`/api/lessons/add-to-cart/${lesson.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.purchasable_id).toEqual(['This lesson is full.']);
  });

  it('keeps a booked lesson’s seats: only the date and time of a booked lesson change', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { type: 'group', capacity: 5 });
    await buyLesson(server, lesson.id);
    const changed = await teacher.browser.post(
      `/api/teacher/lessons/update/${lesson.id}`,
      lessonBody(teacher, { type: 'group', capacity: 6 }),
    );
    expect(changed.status).toBe(409);
    expect(await capacityOf(lesson.id)).toBe(5);
  });

  it('shows the seats left in the public list and view and in Find lessons', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { type: 'group', capacity: 3, date: dayAhead(20) });
    const open = await approvedLesson(server, teacher, { type: 'public', date: dayAhead(21) });
    await buyLesson(server, lesson.id);
    await buyLesson(server, lesson.id);

    const view = await server.browser().get(`/api/web/lessons/${lesson.code}`);
    expect(view.body.data).toMatchObject({ seats_left: 1, bookable: true });
    const openView = await server.browser().get(`/api/web/lessons/${open.code}`);
    expect(openView.body.data).toMatchObject({ seats_left: null, bookable: true });

    const learner = await newBuyer(server);
    const found = await learner.browser.get(
      `/api/lessons/filter?per_page=100&from=${dayAhead(20)}&to=${dayAhead(21)}`,
    );
    const card = (found.body.data as Json[]).find((row) => row.id === lesson.id);
    expect(card).toMatchObject({ capacity: 3, seats_left: 1 });
    expect((found.body.data as Json[]).find((row) => row.id === open.id)).toMatchObject({ seats_left: null });
    const shown = await learner.browser.get(`/api/lessons/show/${lesson.code}`);
    expect(shown.body.data).toMatchObject({ seats_left: 1 });

    await buyLesson(server, lesson.id);
    const full = await server.browser().get(`/api/web/lessons/${lesson.code}`);
    expect(full.body.data).toMatchObject({ seats_left: 0, bookable: false });
  });

  it('does not count a refunded booking as a seat', async () => {
    const teacher = await newTeacher(server);
    const lesson = await approvedLesson(server, teacher, { type: 'group', capacity: 2, date: dayAhead(22) });
    await buyLesson(server, lesson.id);
    await buyLesson(server, lesson.id);
    const cancelled = await teacher.browser.post(`/api/teacher/lessons/cancel/${lesson.id}`, {});
    expect(cancelled.status).toBe(200);
    // Reopened by staff (as an admin tool might): the refunded bookings no longer hold seats.
    await server.db.update(lessons).set({ cancelledAt: null }).where(eq(lessons.id, lesson.id));
    await approve(server, lesson.id);
    const view = await server.browser().get(`/api/web/lessons/${lesson.code}`);
    expect(view.body.data).toMatchObject({ seats_left: 2 });
  });
});
