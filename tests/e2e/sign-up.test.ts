import { expect, test } from './support/test';
import { DEMO_PASSWORD, signIn } from './support/auth';
import { linkMailedTo } from './support/mail';
import { completeStudentProfile, submitStudentSignUp } from './support/new-student';

test('a new student signs up, activates the account from the e-mail, signs in, completes the profile and lands in the workspace', async ({
  page,
  baseUrl,
}) => {
  // Unique per run, so the test also passes against a database that already has earlier runs.
  const stamp = Date.now().toString(36);
  const email = await submitStudentSignUp(page, {
    first: 'Amani',
    last: 'Njoroge',
    stamp,
    phone: '0712 345 679',
  });

  // Shown on the page (and also in the snackbar).
  await page.getByRole('main').getByText('Thanks for signing up. Check your e-mail to continue.').waitFor();

  const activationLink = await linkMailedTo(baseUrl, email, /\/email\/verify\//);
  await page.goto(activationLink);
  await page.waitForURL((url) => url.pathname === '/sign-in' && url.searchParams.get('verified') === '1');
  await page.getByRole('main').getByText('Your account is active. You can sign in now.').waitFor();

  await signIn(page, email, DEMO_PASSWORD);

  // The guard holds a student with an incomplete profile on the student completion screen.
  await page.waitForURL((url) => url.pathname === '/student');
  await page.getByRole('heading', { name: 'Complete your student profile' }).waitFor();
  await page.goto('/workspace');
  await page.waitForURL((url) => url.pathname === '/student');

  await completeStudentProfile(page, 'Male');
  // Once complete, the profile screen no longer holds the student.
  await page.goto('/profile-setting');
  await page.waitForURL((url) => url.pathname === '/profile-setting');
  expect(new URL(page.url()).pathname).toBe('/profile-setting');
});
