// Issue 24, second round (docs/issue-24.md "vetting (second round)"), against the real server and
// seed: a teacher uploads a vetting document from their profile and an admin finds it on the
// teacher's approval card; and the completion guard (SPEC §2) holds a signed-in user whose profile
// is incomplete on the completion screen, public pages included, while sign-out still works.
import type { Browser, Page } from 'playwright-core';
import { describe } from 'vitest';
import { DEMO_PASSWORD, signIn } from './support/auth';
import { completeStudentProfile, registerStudent } from './support/new-student';
import { expect, test } from './support/test';

// The seed's teacher who submitted her profile and waits for an admin (server/db/seed-teaching.ts).
const APPLICANT = { email: 'winnie.jepkosgei@example.com', name: 'Winnie Jepkosgei' };
const ADMIN = 'admin@example.com';
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);

/** A signed-in tab of its own browser context (own cookies). */
async function signedIn(browser: Browser, baseUrl: string, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await signIn(page, email, DEMO_PASSWORD);
  await page.waitForURL((url) => url.pathname !== '/sign-in');
  return page;
}

const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

describe('vetting documents', () => {
  test('a teacher uploads a PDF certificate from the profile and sees it listed; an admin finds it on the approval card', async ({
    browser,
    baseUrl,
  }) => {
    // Unique per run, so the test also passes against a database that already has earlier runs.
    const name = `degree-${Date.now().toString(36)}.pdf`;
    const teacher = await signedIn(browser, baseUrl, APPLICANT.email);
    await teacher.goto('/teacher');
    const section = teacher.getByRole('region', { name: 'Vetting documents' });
    const form = section.getByRole('form', { name: 'Upload a document' });
    await form.waitFor();

    // Nothing chosen: the fields say what is missing, and nothing is sent.
    await form.getByRole('button', { name: 'Upload document' }).click();
    await form.getByText('Choose what the document is: ID or certificate.').waitFor();
    await form.getByText('Choose a PDF or an image of the document.').waitFor();

    await form.getByRole('radio', { name: 'Certificate' }).check();
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    await form.getByText(name).waitFor();
    await form.getByRole('button', { name: 'Upload document' }).click();

    await teacher.getByText('Document uploaded. An admin will check it with your profile.').first().waitFor();
    const listed = section.getByRole('listitem').filter({ hasText: name });
    await listed.waitFor();
    expect(await listed.textContent()).toContain(`Certificate: ${name}`);
    // Still there after a reload: it was stored, not only shown.
    await teacher.reload();
    await section.getByRole('link', { name }).waitFor();

    const admin = await signedIn(browser, baseUrl, ADMIN);
    await admin.goto('/admin/teachers');
    const documents = admin.getByRole('region', { name: `Documents of ${APPLICANT.name}` });
    const link = documents.getByRole('link', { name });
    await link.waitFor();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/api\/files\/\d+$/);
    // The admin downloads the very bytes the teacher sent.
    const file = await admin.request.get(href ?? '');
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    await teacher.context().close();
    await admin.context().close();
  });
});

describe('the completion guard (SPEC §2)', () => {
  test('a signed-in user with an incomplete profile is held on the completion screen, public pages included; sign-out works; once complete the pages open', async ({
    page,
    baseUrl,
  }) => {
    // A new student: registered and activated, the profile not yet completed.
    const email = await registerStudent(page, baseUrl, {
      first: 'Zuri',
      last: 'Wambui',
      stamp: Date.now().toString(36),
      phone: '0712 345 680',
    });

    // Public pages and workspace pages alike lead to the completion screen.
    for (const path of ['/classes', '/', '/teachers', '/timetable', '/wallet']) {
      await page.goto(path);
      await at(page, '/student');
      await page.getByRole('heading', { name: 'Complete your student profile' }).waitFor();
    }

    // Sign-out is the one way out, and the public pages are then open to the visitor.
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname !== '/student' && url.pathname !== '/sign-out');
    await page.goto('/classes');
    await at(page, '/classes');
    expect(await page.getByRole('link', { name: 'Sign in' }).first().isVisible()).toBe(true);

    // Signed in again, still held; once the profile is complete, the pages open.
    await page.goto('/sign-in');
    await signIn(page, email, DEMO_PASSWORD);
    await at(page, '/student');
    await completeStudentProfile(page, 'Female');
    for (const path of ['/classes', '/timetable']) {
      await page.goto(path);
      await at(page, path);
    }
  });
});
