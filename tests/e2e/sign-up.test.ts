import { expect, test } from './support/test';
import { DEMO_PASSWORD, field, signIn } from './support/auth';
import { linkMailedTo } from './support/mail';

test('a new student signs up, activates the account from the e-mail, signs in, completes the profile and lands in the workspace', async ({
  page,
  baseUrl,
}) => {
  // Unique per run, so the test also passes against a database that already has earlier runs.
  const stamp = Date.now().toString(36);
  const email = `amani.${stamp}@example.com`;

  await page.goto('/sign-up');
  await field(page, 'First name').fill('Amani');
  await field(page, 'Last name').fill('Njoroge');
  await field(page, 'Username').fill(`amani_${stamp}`);
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill('0712 345 679');
  await field(page, 'I am a').selectOption({ label: 'Student' });
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await field(page, 'Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();

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

  await field(page, 'School name').fill('Moi Avenue Primary School');
  await field(page, 'Study mode').selectOption({ label: 'Day scholar' });
  await field(page, 'Curriculum').selectOption({ label: 'Competency Based Curriculum (CBC)' });
  await field(page, 'Education level').selectOption({ label: 'Junior School' });
  await field(page, 'Grade level').selectOption({ label: 'Grade 7' });
  await field(page, 'Date of birth').fill('2013-08-21');
  await field(page, 'Gender').selectOption({ label: 'Male' });
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await page.waitForURL((url) => url.pathname === '/workspace');
  // Once complete, the profile screen no longer holds the student.
  await page.goto('/profile-setting');
  await page.waitForURL((url) => url.pathname === '/profile-setting');
  expect(new URL(page.url()).pathname).toBe('/profile-setting');
});
