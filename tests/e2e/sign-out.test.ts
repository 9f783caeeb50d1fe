import { expect, test } from './support/test';
import { signIn, STUDENT } from './support/auth';

test('signing out from the user menu returns to sign-in, and the workspace then asks to sign in again', async ({
  page,
}) => {
  await page.goto('/sign-in');
  await signIn(page, STUDENT.email, STUDENT.password);
  await page.waitForURL((url) => url.pathname === '/workspace');

  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();

  await page.waitForURL((url) => url.pathname === '/sign-in');
  await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

  await page.goto('/workspace');
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.search === '?redirect=%2Fworkspace');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/workspace');
});
