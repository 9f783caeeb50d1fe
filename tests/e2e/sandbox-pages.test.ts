// The payment sandboxes' pages are for signed-in testers: a visitor is sent to sign in and comes
// back to the page (a server page, loaded whole), which passes axe-core on a phone and a desktop.
import { describe } from 'vitest';
import { seriousViolations } from './support/axe';
import { signIn, STUDENT } from './support/auth';
import { expect, test } from './support/test';

describe('the M-Pesa paybill sandbox page', () => {
  test('sends a visitor to sign in, then back to the pre-filled form, which passes axe-core', async ({
    page,
  }) => {
    await page.goto('/sandbox/mpesa/paybill?account=SOM-TEST01&amount=1500');
    await page.waitForURL((url) => url.pathname === '/sign-in');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(
      '/sandbox/mpesa/paybill?account=SOM-TEST01&amount=1500',
    );

    await signIn(page, STUDENT.email, STUDENT.password);
    await page.waitForURL((url) => url.pathname === '/sandbox/mpesa/paybill');
    await page.getByRole('heading', { name: 'Pay with M-Pesa (sandbox)' }).waitFor();
    await expect.poll(() => page.getByLabel('Account number').inputValue()).toBe('SOM-TEST01');
    await expect.poll(() => page.getByLabel('Amount (KES)').inputValue()).toBe('1500');

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `${viewport.width} px`).toEqual([]);
    }
  });
});
