// Buying a whole class (issue 24, docs/class-purchase.md) against the real server: the demo student
// opens a class page, buys the whole class, pays by wallet and finds its lessons among the bookings.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { STUDENT } from './support/auth';
import { bookedCodes, checkOut, expectEmptyCart, payWith, walletBalance } from './support/commerce';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest(STUDENT);

// A seeded class no other browser test buys from.
const CLASS = 'grade-5-creative-arts-holiday-class';
const MPESA_SUCCESS = '0708374149';
const JSON_HEADERS = { Accept: 'application/json' };

/** What the class page's answer offers (lessons left, price) and the codes of the lessons not booked yet. */
async function offerOf(page: Page) {
  const response = await page.request.get(`/api/student/lessons/${CLASS}?filter=upcoming&per_page=50`, {
    headers: JSON_HEADERS,
  });
  expect(response.status(), 'GET /api/student/lessons/{class}').toBe(200);
  const body = (await response.json()) as {
    data: Array<{ code: string; is_booked: boolean }>;
    class: { purchase: { price: string; lessons_count: number } | null };
  };
  return {
    purchase: body.class.purchase,
    codes: body.data.filter((row) => !row.is_booked).map((row) => row.code),
  };
}

/** Tops the wallet up by M-Pesa express on the wallet page (the sandbox accepts 0708374149). */
async function topUp(page: Page, kes: number) {
  const before = Number(await walletBalance(page));
  await page.goto('/wallet');
  const form = page.getByRole('region', { name: 'Top up' });
  await form.getByRole('textbox', { name: /Amount/ }).fill(String(kes));
  await form.getByRole('button', { name: 'Top up' }).click();
  const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
  await modal.getByLabel(/^M-Pesa phone number/).fill(MPESA_SUCCESS);
  await modal.getByRole('button', { name: 'Send payment prompt' }).click();
  await expect.poll(async () => Number(await walletBalance(page)), { timeout: 30_000 }).toBe(before + kes);
  await modal.getByRole('button', { name: 'Done' }).click();
}

describe('buying a whole class', () => {
  test('buys every lesson left of a class at its price by wallet and finds them among the bookings', async ({
    signedInPage: page,
  }) => {
    const { purchase, codes } = await offerOf(page);
    expect(purchase).not.toBeNull();
    expect(codes).toHaveLength(purchase!.lessons_count);
    const price = Number(purchase!.price);
    await topUp(page, Math.ceil(price));
    const before = Number(await walletBalance(page));

    await page.goto(`/classes/show/${CLASS}`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { level: 1 }) });
    const kes = `KES ${new Intl.NumberFormat('en-US').format(price)}`;
    const lessons = `${purchase!.lessons_count} ${purchase!.lessons_count === 1 ? 'lesson' : 'lessons'}`;
    await header.getByText(`${lessons} for ${kes}`).waitFor();
    await header.getByRole('button', { name: 'Buy the whole class' }).click();

    const drawer = page.getByRole('dialog', { name: 'Your cart' });
    await drawer.getByText('Whole class').waitFor();
    await drawer.getByText(lessons, { exact: true }).waitFor();
    const checkout = await checkOut(page, drawer);
    await payWith(checkout, 'Wallet');
    const modal = page.getByRole('dialog', { name: 'Pay from your wallet' });
    for (const [index, digit] of [...'1234'].entries()) {
      await modal.getByLabel(`Wallet PIN, digit ${index + 1}`).fill(digit);
    }
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();
    await modal.getByRole('status').getByText('Order paid').waitFor();
    await modal.getByRole('button', { name: 'Done' }).click();
    await expectEmptyCart(page);

    expect(Number(await walletBalance(page))).toBeCloseTo(before - price, 2);
    const booked = await bookedCodes(page);
    for (const code of codes) expect(booked.filter((one) => one === code)).toHaveLength(1);
    await page.goto('/lessons/booking?filter=upcoming');
    await page.locator(`a[href="/lessons/show/${codes[0]}"]`).first().waitFor();
    // Nothing is left to buy: the class page offers it no more.
    await page.goto(`/classes/show/${CLASS}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Buy the whole class' }).count()).toBe(0);
  });
});
