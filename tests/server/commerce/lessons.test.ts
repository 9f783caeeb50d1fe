import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lessons } from '../../../server/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { addLesson, newBuyer, upcomingLessons } from './buyers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function lessonStartingIn(minutes: number, code: string) {
  const teacherId = (await upcomingLessons(server))[0]?.teacherId ?? 0;
  const startAt = new Date(Date.now() + minutes * 60_000);
  const [row] = await server.db
    .insert(lessons)
    .values({
      code,
      teacherId,
      objective: 'Revise simultaneous equations',
      priceCents: 30_000,
      startAt,
      endAt: new Date(startAt.getTime() + 60 * 60_000),
      isApproved: true,
    })
    .returning();
  if (!row) throw new Error('Lesson insert failed');
  return row;
}

describe('joining a booked lesson', () => {
  it('opens the lesson’s own room from 15 minutes before the start, and only to those who booked it', async () => {
    const soon = await lessonStartingIn(10, 'JOIN-SOON');
    const later = await lessonStartingIn(120, 'JOIN-LATER');
    const buyer = await newBuyer(server, { balanceKes: 1000 });
    await addLesson(buyer.browser, soon.id);
    await addLesson(buyer.browser, later.id);
    expect((await buyer.browser.post('/api/payments/wallet', { pin: '1234' })).status).toBe(200);

    const joined = await buyer.browser.post(`/api/lessons/join/${soon.id}`);
    expect(joined.status).toBe(200);
    expect(joined.body).toEqual({
      provider: 'jitsi',
      link: expect.stringMatching(/^https:\/\/meet\.jit\.si\/somesha-[a-z2-7]{26}$/),
      embed: null,
    });

    const early = await buyer.browser.post(`/api/lessons/join/${later.id}`);
    expect(early.status).toBe(422);
    expect(early.body.opens_at).toBe(new Date(later.startAt.getTime() - 15 * 60_000).toISOString());

    // Issue 22: someone who did not book finds no classroom at all (was 403 "Book this lesson to join it.").
    const stranger = await newBuyer(server);
    const refused = await stranger.browser.post(`/api/lessons/join/${soon.id}`);
    expect(refused.status).toBe(404);
    const shown = await stranger.browser.get(`/api/lessons/show/${soon.code}`);
    expect(shown.body.data).toMatchObject({
      code: 'JOIN-SOON',
      is_booked: false,
      link: null,
      classroom: null,
    });
  });

  it('lists bookings by filter and refuses an unknown filter', async () => {
    const buyer = await newBuyer(server);
    const list = await buyer.browser.get('/api/lessons/bookings?filter=upcoming');
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 15, total: 0 } });
    expect((await buyer.browser.get('/api/lessons/bookings?filter=someday')).status).toBe(422);
    expect((await buyer.browser.get('/api/lessons/show/NO-SUCH-CODE')).status).toBe(404);
  });
});
