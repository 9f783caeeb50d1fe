// Issue 25 against the real server and seed: the demo student opens a past lesson they attended,
// rates its teacher with stars and a text from "Rate your teacher", and sees the published review
// with Edit and Delete; the composer passes axe-core on a desktop and a phone.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { STUDENT } from './support/auth';
import { seriousViolations } from './support/axe';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest(STUDENT);

type PastBooking = {
  code: string;
  attended: boolean | null;
  cancelled_at: string | null;
  teacher: { id: number } | null;
};

/** A past lesson the student attended whose teacher they have not reviewed yet. */
async function aLessonToReview(page: Page): Promise<PastBooking> {
  const response = await page.request.get('/api/lessons/bookings?filter=past&per_page=100');
  expect(response.status(), 'GET /api/lessons/bookings?filter=past').toBe(200);
  const { data } = (await response.json()) as { data: PastBooking[] };
  for (const booking of data) {
    if (!booking.attended || booking.cancelled_at || !booking.teacher) continue;
    const mine = await page.request.get(`/api/reviews/mine?teacher_id=${booking.teacher.id}`);
    const answer = (await mine.json()) as { data: unknown; eligible: boolean };
    if (answer.eligible && answer.data === null) return booking;
  }
  // Another browser test (choose-a-teacher) may have reviewed them already: start again from none.
  for (const booking of data) {
    if (!booking.attended || booking.cancelled_at || !booking.teacher) continue;
    const mine = await page.request.get(`/api/reviews/mine?teacher_id=${booking.teacher.id}`);
    const answer = (await mine.json()) as { data: { id: number } | null; eligible: boolean };
    if (!answer.eligible || answer.data === null) continue;
    // As the app sends it: the session cookie and the XSRF token it reads from its cookie.
    if (!page.url().startsWith('http')) await page.goto('/workspace');
    const status = await page.evaluate(async (id) => {
      const token = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const answer = await fetch(`/api/reviews/delete/${id}`, {
        method: 'DELETE',
        headers: { 'X-XSRF-TOKEN': token, Accept: 'application/json' },
      });
      return answer.status;
    }, answer.data.id);
    expect(status, 'DELETE /api/reviews/delete').toBe(200);
    return booking;
  }
  throw new Error('The seed has no attended past lesson whose teacher the demo student may review');
}

const TEXT = 'Patient and clear: the worked examples made expressions easy to follow.';

describe('rate your teacher', () => {
  test('the demo student reviews the teacher of a past lesson and sees the review', async ({
    signedInPage: page,
  }) => {
    const lesson = await aLessonToReview(page);
    await page.goto(`/lessons/show/${lesson.code}`);
    const composer = page.getByRole('region', { name: 'Rate your teacher' });
    await composer.getByRole('button', { name: 'Publish review' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The hidden radio's label is the star a pointer clicks.
    const fiveId = await composer.getByRole('radio', { name: '5 stars' }).getAttribute('id');
    await composer.locator(`label[for="${fiveId}"]`).click();
    await composer.getByRole('textbox', { name: /Your review/ }).fill(TEXT);
    await composer.getByRole('button', { name: 'Publish review' }).click();

    await composer.getByText(TEXT).waitFor();
    await composer.getByRole('img', { name: '5 stars out of 5' }).waitFor();
    await composer.getByRole('button', { name: 'Edit review' }).waitFor();
    await page.getByText('Thank you: your review is published.').waitFor();

    // Still there after a reload, on a phone too: it is the learner's review now.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('region', { name: 'Rate your teacher' }).getByText(TEXT).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
