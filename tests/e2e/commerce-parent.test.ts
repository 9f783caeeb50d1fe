// The demo parent (two children) books a lesson for one of them against the real server: checkout
// asks whom the lessons are for, the booking is made for that child, and Lesson bookings shows it
// under that child only.
import { describe } from 'vitest';
import { DEMO_PASSWORD } from './support/auth';
import { addLessonToCart, checkOut, expectEmptyCart } from './support/commerce';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest({ email: 'parent@example.com', password: DEMO_PASSWORD });

// 8-4-4 Form 2 Chemistry: no other browser test books it.
const LESSON = 'SOM-0014';

describe('a parent of two paying for a lesson', () => {
  test('chooses the child at checkout, pays by M-Pesa express, and the lesson is booked for that child', async ({
    signedInPage: page,
  }) => {
    const checkout = await checkOut(page, await addLessonToCart(page, LESSON));
    const whom = checkout.getByRole('radiogroup', { name: /Who are these lessons for\?/ });
    await whom.getByRole('radio', { name: 'Achieng Otieno' }).waitFor();

    await checkout.getByRole('radio', { name: 'M-Pesa express' }).click();
    await checkout.getByLabel(/^M-Pesa phone number/).fill('0708374149');
    await checkout.getByRole('button', { name: /^Pay KES/ }).click();
    await checkout.getByRole('alert').getByText('Choose which child these lessons are for.').waitFor();

    await whom.getByRole('radio', { name: 'Baraka Otieno' }).check();
    await checkout.getByRole('button', { name: /^Pay KES/ }).click();
    const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
    await modal.getByRole('button', { name: 'Send payment prompt' }).click();
    await modal.getByRole('status').getByText('Order paid').waitFor({ timeout: 30_000 });
    await modal.getByRole('button', { name: 'Done' }).click();
    await expectEmptyCart(page);

    const response = await page.request.get('/api/lessons/bookings?filter=all&per_page=100', {
      headers: { Accept: 'application/json' },
    });
    const body = (await response.json()) as {
      data: Array<{ code: string; booking: { student_name: string } }>;
    };
    expect(
      body.data.filter((lesson) => lesson.code === LESSON).map((lesson) => lesson.booking.student_name),
    ).toEqual(['Baraka Otieno']);

    // Lesson bookings: choosing Baraka lists it, said to be for him; choosing Achieng does not.
    await page.goto('/lessons/booking?filter=upcoming');
    const booked = page.locator(`a[href="/lessons/show/${LESSON}"]`);
    await page.getByLabel('Learner', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Baraka Otieno' }).click();
    await page.waitForURL((url) => url.searchParams.has('student_id'));
    await booked.first().waitFor();
    const card = page.locator('li, article').filter({ has: booked.first() }).last();
    await card.getByText(/For Baraka Otieno/).waitFor();

    await page.getByLabel('Learner', { exact: true }).first().click();
    await page.getByRole('option', { name: 'Achieng Otieno' }).click();
    await page.locator('a[href^="/lessons/show/"]').first().waitFor();
    await expect.poll(() => booked.count()).toBe(0);
  });
});
