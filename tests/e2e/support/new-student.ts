// A new student as a person makes one, by the labels they read: signs up, activates from the mail,
// signs in (held on the completion screen), and completes the profile.
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, field, signIn } from './auth';
import { linkMailedTo } from './mail';

export type NewStudent = { first: string; last: string; stamp: string; phone: string };

const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

/** Fills the sign-up form as a new student reads it and presses Create account; returns their e-mail. */
export async function submitStudentSignUp(page: Page, student: NewStudent): Promise<string> {
  const email = `${student.first.toLowerCase()}.${student.stamp}@example.com`;
  await page.goto('/sign-up');
  await field(page, 'First name').fill(student.first);
  await field(page, 'Last name').fill(student.last);
  await field(page, 'Username').fill(`${student.first.toLowerCase()}_${student.stamp}`);
  await field(page, 'Email').fill(email);
  await field(page, 'Phone').fill(student.phone);
  await field(page, 'I am a').selectOption({ label: 'Student' });
  await field(page, 'Password').fill(DEMO_PASSWORD);
  await field(page, 'Confirm password').fill(DEMO_PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  return email;
}

/** Signs a new student up, activates the account and signs in; returns their e-mail (now on /student). */
export async function registerStudent(page: Page, baseUrl: string, student: NewStudent): Promise<string> {
  const email = await submitStudentSignUp(page, student);
  await page.getByRole('main').getByText('Thanks for signing up. Check your e-mail to continue.').waitFor();
  await page.goto(await linkMailedTo(baseUrl, email, /\/email\/verify\//));
  await at(page, '/sign-in');
  await signIn(page, email, DEMO_PASSWORD);
  await at(page, '/student');
  return email;
}

/** Completes the student profile on /student (a Grade 7 CBC day scholar); lands on /workspace. */
export async function completeStudentProfile(page: Page, gender: 'Female' | 'Male'): Promise<void> {
  await field(page, 'School name').fill('Moi Avenue Primary School');
  await field(page, 'Study mode').selectOption({ label: 'Day scholar' });
  await field(page, 'Curriculum').selectOption({ label: 'Competency Based Curriculum (CBC)' });
  await field(page, 'Education level').selectOption({ label: 'Junior School' });
  await field(page, 'Grade level').selectOption({ label: 'Grade 7' });
  await field(page, 'Date of birth').fill('2013-08-21');
  await field(page, 'Gender').selectOption({ label: gender });
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await at(page, '/workspace');
}
