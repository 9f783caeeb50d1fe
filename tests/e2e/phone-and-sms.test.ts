// Issue 26 end to end against the real server, its outbox job and the SMS sandbox (`/dev/sms.json`,
// which speaks Africa's Talking's protocol): a new user proves their phone with the code the SMS
// brought, turns SMS off for payments and pays (a top-up): the receipt comes by e-mail, no SMS goes;
// with SMS back on, the next top-up's receipt SMS arrives with a short link that opens the wallet.
// And the lesson reminder: the demo student (a proven phone in the seed) has the demo lesson the
// server books at its start as if made ahead, so its reminder falls due at once; the reminder job
// and the outbox send it, and its short link opens that lesson's classroom.
import type { Page } from 'playwright-core';
import { describe } from 'vitest';
import { signIn, STUDENT } from './support/auth';
import { outbox } from './support/mail';
import { completeStudentProfile, registerStudent } from './support/new-student';
import { expect, test } from './support/test';

type Sms = { to: string; text: string; status: string; created_at: string };

async function smsTo(baseUrl: string, phone: string): Promise<Sms[]> {
  const response = await fetch(new URL('/dev/sms.json', baseUrl));
  expect(response.status, 'GET /dev/sms.json').toBe(200);
  const body = (await response.json()) as { data: Sms[] };
  return body.data.filter((sms) => sms.to.replace(/^\+/, '') === phone);
}

const at = (page: Page, path: string) => page.waitForURL((url) => url.pathname === path);

/** Tops the wallet up by M-Pesa express in the sandbox (the customer accepts). */
async function topUp(page: Page, kes: number) {
  await page.goto('/wallet');
  const region = page.getByRole('region', { name: 'Top up' });
  await region.getByRole('textbox', { name: /Amount/ }).fill(String(kes));
  await region.getByRole('button', { name: 'Top up' }).click();
  const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
  await modal.getByLabel(/^M-Pesa phone number/).fill('0708374149');
  await modal.getByRole('button', { name: 'Send payment prompt' }).click();
  await modal
    .getByRole('status')
    .getByText(/Your wallet has been credited/)
    .waitFor({ timeout: 30_000 });
  await modal.getByRole('button', { name: 'Done' }).click();
}

describe('phones and SMS', () => {
  test('a new user verifies a phone with the SMS code, turns payment SMS off and gets none, then on and gets one with a short link', async ({
    page,
    baseUrl,
  }) => {
    // A number of its own per run: 07 then 8 digits of the clock.
    const digits = String(Date.now()).slice(-8);
    const phone = `2547${digits}`;
    const email = await registerStudent(page, baseUrl, {
      first: 'Amani',
      last: 'Otieno',
      stamp: Date.now().toString(36),
      phone: `07${digits}`,
    });
    await completeStudentProfile(page, 'Male');

    // Verify: the code comes by SMS (read from the sandbox's box, as a developer reads /dev/sms).
    await page.goto('/profile-setting');
    const section = page.getByRole('region', { name: 'Notifications' });
    await section.getByText('Not verified').waitFor();
    await section.getByRole('button', { name: 'Verify' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send code' }).click();
    let code = '';
    await expect
      .poll(
        async () => {
          const found = (await smsTo(baseUrl, phone)).map((sms) => /\b(\d{6})\b/.exec(sms.text)?.[1]);
          code = found.find(Boolean) ?? '';
          return code;
        },
        { timeout: 15_000 },
      )
      .toMatch(/^\d{6}$/);
    for (const [index, digit] of [...code].entries())
      await page.getByRole('textbox', { name: `Verification code, digit ${index + 1}` }).fill(digit);
    // The sixth digit sends the code (PinInput's onComplete); the dialog closes once it is right.
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('Verified', { exact: true }).waitFor();

    // SMS off for payments and wallet, then a top-up: the receipt by e-mail, no SMS.
    const paymentsSms = section.getByRole('switch', { name: 'Payments and wallet: SMS' });
    await paymentsSms.uncheck({ force: true });
    await section.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Notification choices saved.').first().waitFor();
    await topUp(page, 500);
    await expect
      .poll(
        async () =>
          (await outbox(baseUrl)).filter((mail) => mail.to.includes(email) && /receipt/i.test(mail.subject))
            .length,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);

    // SMS on again: the next top-up's receipt comes by SMS, with a short link to the wallet.
    await page.goto('/profile-setting');
    await section.getByText('Verified', { exact: true }).waitFor();
    await paymentsSms.check({ force: true });
    await section.getByRole('button', { name: 'Save choices' }).click();
    await page.getByText('Notification choices saved.').first().waitFor();
    await topUp(page, 200);
    let receipts: Sms[] = [];
    await expect
      .poll(
        async () => {
          receipts = (await smsTo(baseUrl, phone)).filter((sms) => /added to your wallet/.test(sms.text));
          return receipts.length;
        },
        { timeout: 15_000 },
      )
      .toBeGreaterThan(0);
    // The outbox sends in order: the first top-up's SMS was decided before this one went, and skipped.
    expect(receipts).toHaveLength(1);
    const sms = receipts[0]!;
    expect(sms.text).toMatch(/^Somesha: /);
    expect(sms.text.length).toBeLessThanOrEqual(160);
    const link = /(https?:\/\/\S+\/l\/[A-Za-z0-9]+)/.exec(sms.text)?.[1];
    expect(link, sms.text).toBeTruthy();
    await page.goto(new URL(new URL(link!).pathname, baseUrl).toString());
    await at(page, '/wallet');
  });

  test('a lesson reminder SMS carries the join link, which opens the lesson’s classroom', async ({
    page,
    baseUrl,
  }) => {
    await page.goto('/sign-in');
    await signIn(page, STUDENT.email, STUDENT.password);
    await at(page, '/workspace');
    const phone = '254712345678';
    let reminders: Sms[] = [];
    await expect
      .poll(
        async () => {
          reminders = (await smsTo(baseUrl, phone)).filter((sms) => /Join from 15 min before/.test(sms.text));
          return reminders.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const sms = reminders[0]!;
    expect(sms.text).toMatch(/^Somesha: /);
    expect(sms.text.length).toBeLessThanOrEqual(160);
    const link = /(https?:\/\/\S+\/l\/[A-Za-z0-9]+)/.exec(sms.text)?.[1];
    expect(link, sms.text).toBeTruthy();
    await page.goto(new URL(new URL(link!).pathname, baseUrl).toString());
    await page.waitForURL((url) => /^\/lessons\/live\/TRY-[A-Z0-9]+$/.test(url.pathname));
    await page.getByRole('button', { name: 'Enter the classroom' }).waitFor();
  });
});
