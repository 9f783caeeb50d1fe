// A visitor's cart lives in the server session and follows the visitor into their account.
import { describe } from 'vitest';
import { expect, test } from './support/test';
import { signIn, STUDENT } from './support/auth';

describe('a visitor buying a lesson', () => {
  test('searches "mathematics", opens a lesson, adds it to the cart, signs in and finds it still in the cart', async ({
    page,
  }) => {
    await page.goto('/search');
    // The search page's own box (the header has one too, issue 24).
    await page.getByRole('searchbox', { name: /questions and subjects/ }).fill('mathematics');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mathematics');

    // The first lesson among the results.
    // The segmented control's radio inputs are visually hidden; a person clicks the label.
    await page.locator('label', { hasText: /^Lessons/ }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'lesson');
    const lessonLink = page.getByRole('article').getByRole('link').first();
    await lessonLink.waitFor();
    const lessonTitle = (await lessonLink.textContent())?.trim() ?? '';
    await lessonLink.click();
    await page.waitForURL((url) => url.pathname.startsWith('/lessons/view/'));
    const code = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    await page.getByRole('heading', { level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByText('Lesson added to cart').first().waitFor();

    await page.goto('/sign-in');
    await signIn(page, STUDENT.email, STUDENT.password);
    await page.waitForURL((url) => url.pathname === '/workspace');

    // The same lesson is in the signed-in user's cart, on the server and on the cart button.
    await expect
      .poll(async () => {
        const response = await page.request.get('/api/cart', { headers: { Accept: 'application/json' } });
        const body = (await response.json()) as {
          cart: { items: Array<{ purchasable: { code: string } | null }> } | null;
        };
        return body.cart?.items.map((item) => item.purchasable?.code) ?? [];
      })
      .toContain(code);
    await page.getByRole('button', { name: /^Cart, [1-9]\d* items?/ }).click();
    await page.getByRole('list', { name: 'Items in your cart' }).waitFor();
    expect(lessonTitle).not.toBe('');
  });
});
