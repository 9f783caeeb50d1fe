import { describe } from 'vitest';
import { expect, test } from './support/test';
import { field, signIn, STUDENT } from './support/auth';

describe('signing in', () => {
  test('a visitor opening /profile-setting is sent to sign-in, and is back on /profile-setting after signing in as the demo student', async ({
    page,
  }) => {
    await page.goto('/profile-setting');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(pathWithQuery(page.url())).toBe('/sign-in?redirect=%2Fprofile-setting');

    await signIn(page, STUDENT.email, STUDENT.password);

    await page.waitForURL((url) => url.pathname === '/profile-setting');
    await page.getByRole('heading', { name: 'Profile settings' }).waitFor();
    await expect.poll(() => field(page, 'Email').inputValue()).toBe(STUDENT.email);
  });

  test('the demo student lands on her feed after signing in, and finds it again on a fresh load', async ({
    page,
    browser,
    baseUrl,
  }) => {
    await page.goto('/sign-in');
    await signIn(page, STUDENT.email, STUDENT.password);
    await page.waitForURL((url) => url.pathname === '/workspace');
    const feed = async (on: typeof page) => {
      await on.getByRole('heading', { level: 1, name: 'Hello, Wanjiru' }).waitFor();
      await on.getByRole('region', { name: 'Activity' }).getByText(/^Booked /).first().waitFor();
      expect(await on.getByText('Oops, something went wrong').count()).toBe(0);
    };
    await feed(page);
    // The same phone opening the app again: the feed's chunk loads first this time.
    const again = await browser.newContext({ baseURL: baseUrl, storageState: await page.context().storageState() });
    try {
      const fresh = await again.newPage();
      await fresh.goto('/workspace');
      await feed(fresh);
    } finally {
      await again.close();
    }
  });

  test('a wrong password shows "Invalid credentials. please try again." and keeps the visitor on sign-in', async ({
    page,
  }) => {
    await page.goto('/sign-in');
    await signIn(page, STUDENT.email, 'Wrong-passw0rd!');

    await page.getByRole('main').getByText('Invalid credentials. please try again.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
  });
});

function pathWithQuery(href: string): string {
  const url = new URL(href);
  return `${url.pathname}${url.search}`;
}
