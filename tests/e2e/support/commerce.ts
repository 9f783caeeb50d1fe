// The steps a buyer takes from a lesson page to the payment modal, by the labels they read, and
// what the API says afterwards (cart and bookings).
import type { Locator, Page } from 'playwright-core';
import { expect } from './test';

/** Opens the lesson's public page and adds it to the cart; the cart drawer opens with it. */
export async function addLessonToCart(page: Page, code: string): Promise<Locator> {
  await page.goto(`/lessons/view/${encodeURIComponent(code)}`);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Your cart' });
  await drawer.waitFor();
  await expect.poll(() => cartCodes(page)).toContain(code);
  return drawer;
}

/** From the open drawer: "Continue to checkout", then the fullscreen checkout dialog. */
export async function checkOut(page: Page, drawer: Locator): Promise<Locator> {
  // The drawer re-renders once the cart arrives; the button is there when the items are.
  await drawer.getByRole('list', { name: 'Items in your cart' }).waitFor();
  await drawer.getByRole('button', { name: 'Continue to checkout' }).click();
  const checkout = page.getByRole('dialog', { name: 'Checkout' });
  await checkout.waitFor();
  return checkout;
}

/** Chooses a payment method in the checkout dialog and presses its Pay button. */
export async function payWith(checkout: Locator, method: string): Promise<void> {
  await checkout.getByRole('radio', { name: method }).click();
  await checkout.getByRole('button', { name: /^Pay KES/ }).click();
}

export async function cartCodes(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/cart', { headers: { Accept: 'application/json' } });
  expect(response.status(), 'GET /api/cart').toBe(200);
  const body = (await response.json()) as {
    cart: { items: Array<{ purchasable: { code?: string } | null }> } | null;
  };
  return (body.cart?.items ?? []).map((item) => item.purchasable?.code ?? '');
}

export async function bookedCodes(page: Page): Promise<string[]> {
  const response = await page.request.get('/api/lessons/bookings?filter=all&per_page=100', {
    headers: { Accept: 'application/json' },
  });
  expect(response.status(), 'GET /api/lessons/bookings').toBe(200);
  const body = (await response.json()) as { data: Array<{ code: string }> };
  return body.data.map((lesson) => lesson.code);
}

export async function walletBalance(page: Page): Promise<string> {
  const response = await page.request.get('/api/wallet', { headers: { Accept: 'application/json' } });
  expect(response.status(), 'GET /api/wallet').toBe(200);
  return ((await response.json()) as { data: { balance: string } }).data.balance;
}

/** The cart button in the top bar reads the item count ("Cart, 0 items"). */
export async function expectEmptyCart(page: Page): Promise<void> {
  await expect.poll(() => cartCodes(page)).toEqual([]);
  await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
}
