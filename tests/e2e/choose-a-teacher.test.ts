// Issue 25 end to end, two browsers against the real server and seed: the demo student opens the demo
// teacher's profile from a past lesson's page, leaves (or, if an earlier run left one, edits) a review
// there and sees it and the rating it makes; then writes to the teacher from the profile's Message.
// The teacher, signed in elsewhere on /messages, sees it arrive without a reload and replies; the
// student sees the reply arrive in the open thread, also without a reload.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { peopleAt, STUDENT, TEACHER } from './support/auth';
import { expect, test } from './support/test';

type PastBooking = {
  code: string;
  attended: boolean | null;
  cancelled_at: string | null;
  teacher: { id: number; user_id: number; name: string } | null;
};

/** How many reviews the profile's rating counts ("Rated 4.6 out of 5 from 12 reviews"), 0 for none. */
async function reviewCount(page: Page): Promise<number> {
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await reviews.waitFor();
  const rating = reviews.getByRole('img', { name: /^Rated .* out of 5 from \d+ reviews?$/ });
  if ((await rating.count()) === 0) return 0;
  const label = (await rating.first().getAttribute('aria-label')) ?? '';
  return Number(/from (\d+) review/.exec(label)?.[1] ?? 0);
}

describe('choosing a teacher', () => {
  test('the student reviews the teacher from the profile, sees the new rating, and their messages go both ways live', async ({
    browser,
    baseUrl,
  }) => {
    const people = peopleAt(browser, baseUrl);
    const open = people.open;
    try {
      const teacher = await open(TEACHER);
      const me = (await (await teacher.request.get('/api/user')).json()) as {
        data?: { id: number; first_name: string; last_name: string };
      };
      const teacherUserId = me.data?.id;
      expect(teacherUserId).toBeTruthy();
      await teacher.goto('/messages');
      await teacher.getByRole('region', { name: 'Conversations' }).waitFor();

      // A past lesson of the demo teacher the student attended.
      const student = await open(STUDENT);
      const past = (await (
        await student.request.get('/api/lessons/bookings?filter=past&per_page=100')
      ).json()) as { data: PastBooking[] };
      const lesson = past.data.find(
        (booking) => booking.attended && !booking.cancelled_at && booking.teacher?.user_id === teacherUserId,
      );
      expect(lesson, 'the seed has a past lesson of the demo teacher the student attended').toBeTruthy();
      const name = lesson!.teacher!.name;
      const teacherId = lesson!.teacher!.id;

      // From the lesson's page to the teacher's profile.
      await student.goto(`/lessons/show/${lesson!.code}`);
      await student.getByRole('link', { name, exact: true }).first().click();
      await student.waitForURL((url) => url.pathname.startsWith(`/teachers/${teacherId}`));
      await student.getByRole('heading', { level: 1, name }).waitFor();
      const before = await reviewCount(student);
      const mine = (await (
        await student.request.get(`/api/reviews/mine?teacher_id=${teacherId}`)
      ).json()) as {
        data: unknown;
      };

      // The review, written on the profile: new, or the student's own one edited.
      const text = `Clear and patient: fractions finally make sense to me. (${Date.now().toString(36)})`;
      const composer = student.getByRole('region', { name: 'Rate your teacher' });
      if (mine.data !== null) await composer.getByRole('button', { name: 'Edit review' }).click();
      const fiveId = await composer.getByRole('radio', { name: '5 stars' }).getAttribute('id');
      await composer.locator(`label[for="${fiveId}"]`).click();
      await composer.getByRole('textbox', { name: /Your review/ }).fill(text);
      await composer.getByRole('button', { name: mine.data === null ? 'Publish review' : /Save/ }).click();
      await composer.getByText(text).waitFor();
      await composer.getByRole('button', { name: 'Edit review' }).waitFor();

      // After a reload the profile lists it and its rating counts it.
      await student.reload();
      await student.getByRole('region', { name: 'Reviews' }).getByText(text).first().waitFor();
      expect(await reviewCount(student)).toBe(before + (mine.data === null ? 1 : 0));

      // Message, from the profile.
      await student.getByRole('link', { name: 'Message' }).first().click();
      await student.waitForURL((url) => url.pathname.startsWith('/messages'));
      const question = `Can we go over equations on Tuesday? (${Date.now().toString(36)})`;
      await student.getByRole('textbox', { name: 'Write a message' }).fill(question);
      await student.getByRole('button', { name: 'Send' }).click();
      await student.waitForURL((url) => /^\/messages\/\d+$/.test(url.pathname));
      await expect.poll(() => student.getByText(question).count()).toBeGreaterThan(0);
      const threadPath = new URL(student.url()).pathname;

      // The teacher's page was not reloaded: the message comes over the stream, as a toast with its link.
      const toast = teacher.locator('.mantine-Notification-root').filter({ hasText: question });
      await toast.waitFor({ timeout: 10_000 });
      await toast.getByRole('link', { name: 'Open' }).click();
      await teacher.waitForURL((url) => url.pathname === threadPath);
      await expect
        .poll(() => teacher.getByRole('region', { name: 'Messages' }).getByText(question).count())
        .toBe(1);

      const reply = `Yes, Tuesday at 4 works. (${Date.now().toString(36)})`;
      await teacher.getByRole('textbox', { name: 'Write a message' }).fill(reply);
      await teacher.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => teacher.getByText(reply).count()).toBeGreaterThan(0);

      // The student's open thread gets the reply live.
      await expect
        .poll(() => student.getByRole('region', { name: 'Messages' }).getByText(reply).count(), {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      await people.close();
    }
  }, 150_000);
});
