// After the purchase, against the real server and seed: the demo student pays for a lesson from the
// wallet, finds it under upcoming bookings and on the timetable, opens it and sees Join waiting with
// a countdown, sees the payment behind the notification bell, and downloads the lesson as an
// iCalendar file that a real parser (ical.js) reads back.
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { STUDENT } from './support/auth';
import { addLessonToCart, checkOut, expectEmptyCart, payWith } from './support/commerce';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest(STUDENT);

// Lessons other browser tests buy, and lessons the seed already books for the demo learners.
const TAKEN = new Set(['SOM-0009', 'SOM-0010', 'SOM-0012', 'SOM-0014', 'SOM-0031', 'SOM-0046']);
const HOUR = 60 * 60 * 1000;

type WireLesson = { id: number; code: string; start_at: string; end_at: string };

/** An upcoming public lesson that nobody else in these tests buys, starting more than an hour from now. */
async function aLessonToBuy(page: Page): Promise<WireLesson> {
  const response = await page.request.get('/api/lessons/filter?per_page=100');
  expect(response.status(), 'GET /api/lessons/filter').toBe(200);
  const body = (await response.json()) as { data: Array<WireLesson & { is_booked: boolean }> };
  const lesson = body.data.find(
    (candidate) =>
      !candidate.is_booked &&
      !TAKEN.has(candidate.code) &&
      !/^SOM-02\d\d$/.test(candidate.code) &&
      new Date(candidate.start_at).getTime() - Date.now() > 2 * HOUR,
  );
  expect(lesson, 'the seed has a lesson to buy').toBeTruthy();
  return lesson as WireLesson;
}

/** The lesson's day in Africa/Nairobi (UTC+3, no daylight saving), as the timetable's `date`. */
function nairobiDay(instant: string): string {
  return new Date(new Date(instant).getTime() + 3 * HOUR).toISOString().slice(0, 10);
}

describe('after paying, the learner finds, plans and opens the lesson', () => {
  test('a wallet payment shows under upcoming bookings, on the timetable, with a Join countdown, in the bell and as .ics', async ({
    signedInPage: page,
  }) => {
    const lesson = await aLessonToBuy(page);

    const checkout = await checkOut(page, await addLessonToCart(page, lesson.code));
    await checkout.getByText(/Balance: KES/).waitFor();
    await payWith(checkout, 'Wallet');
    const modal = page.getByRole('dialog', { name: 'Pay from your wallet' });
    for (const [index, digit] of [...'1234'].entries()) {
      await modal.getByLabel(`Wallet PIN, digit ${index + 1}`).fill(digit);
    }
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await modal.getByRole('status').getByText('Order paid').waitFor();
    await modal.getByRole('button', { name: 'Done' }).click();
    await expectEmptyCart(page);

    // Upcoming bookings: the lesson is there, with its state.
    await page.goto('/lessons/booking?filter=upcoming');
    const lessonLink = `a[href="/lessons/show/${lesson.code}"]`;
    let found = false;
    for (let pageNo = 1; pageNo <= 5 && !found; pageNo += 1) {
      if (pageNo > 1) await page.goto(`/lessons/booking?filter=upcoming&page=${pageNo}`);
      await page.getByRole('tab', { name: 'Upcoming', selected: true }).waitFor();
      await page.locator('a[href^="/lessons/show/"]').first().waitFor();
      found = (await page.locator(lessonLink).count()) > 0;
    }
    expect(found, `${lesson.code} is under upcoming bookings`).toBe(true);

    // The timetable's week of the lesson links to it.
    await page.goto(`/timetable?date=${nairobiDay(lesson.start_at)}`);
    await page.locator(lessonLink).first().waitFor();

    // The lesson page: Join waits, with a live countdown.
    await page.locator(lessonLink).first().click();
    await page.waitForURL((url) => url.pathname === `/lessons/show/${lesson.code}`);
    const joinBox = page.getByRole('complementary', { name: 'Join the lesson' });
    await expect.poll(() => joinBox.getByRole('button', { name: /^Join/ }).isDisabled()).toBe(true);
    const countdown = joinBox.getByText(/Join opens in/);
    await countdown.waitFor();
    const first = await countdown.textContent();
    await expect.poll(() => countdown.textContent(), { timeout: 5_000 }).not.toBe(first);

    // The bell counts the payment's notifications, and its list names the payment.
    const bell = page.getByRole('button', { name: /^Notifications, [1-9]\d* unread$/ });
    await bell.click();
    await page.getByRole('list', { name: 'Newest notifications' }).getByText(/Order paid/).first().waitFor();
    await page.keyboard.press('Escape');

    // Add to calendar → Download .ics: a real iCalendar file for this lesson.
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Download .ics' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`somesha-${lesson.code}.ics`);
    const text = await readFile(await download.path(), 'utf8');
    const calendar = new ICAL.Component(ICAL.parse(text));
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event.uid).toBe(`lesson-${lesson.id}@somesha`);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(lesson.start_at).toISOString());
    expect(event.endDate.toJSDate().toISOString()).toBe(new Date(lesson.end_at).toISOString());
    // In UTC, as RFC 5545's form 2 (a trailing Z), so every calendar app places it alike.
    expect(text).toMatch(/\r\nDTSTART:\d{8}T\d{6}Z\r\n/);
    expect(event.summary.length).toBeGreaterThan(0);
    expect(String(event.component.getFirstPropertyValue('url'))).toMatch(
      new RegExp(`/lessons/show/${lesson.code}$`),
    );
  }, 120_000);
});
