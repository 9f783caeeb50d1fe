// The demo student buys lessons against the real server: by wallet, by M-Pesa express (the
// sandbox answers by phone number) and by Pesapal through the sandbox's hosted page. Each time the
// cart empties and the lesson is among the bookings.
import { mpesaPaymentReason, STK_RESULT } from '../../src/shared/mpesa-results';
import { describe } from 'vitest';
import { STUDENT } from './support/auth';
import { seriousViolations } from './support/axe';
import {
  addLessonToCart,
  bookedCodes,
  cartCodes,
  checkOut,
  expectEmptyCart,
  payWith,
  walletBalance,
} from './support/commerce';
import { expect, signedInTest } from './support/student-session';

const test = signedInTest(STUDENT);

// Seeded lessons outside the programs other browser tests search for (CBC Grade 4 English and
// Kiswahili), so no other file books them first.
const WALLET_LESSON = 'SOM-0009';
const MPESA_LESSON = 'SOM-0010';
const CANCELLED_THEN_PESAPAL_LESSON = 'SOM-0012';

const MPESA_SUCCESS = '0708374149';
const MPESA_CANCELLED = '0700000032';

describe('paying for lessons', () => {
  test('pays by wallet with PIN 1234: "Order paid", the wallet is debited, the cart empties and the lesson is booked', async ({
    signedInPage: page,
  }) => {
    const before = Number(await walletBalance(page));
    const checkout = await checkOut(page, await addLessonToCart(page, WALLET_LESSON));
    await checkout.getByText(/Balance: KES/).waitFor();

    await payWith(checkout, 'Wallet');
    const modal = page.getByRole('dialog', { name: 'Pay from your wallet' });
    for (const [index, digit] of [...'1234'].entries()) {
      await modal.getByLabel(`Wallet PIN, digit ${index + 1}`).fill(digit);
    }
    await modal.getByRole('button', { name: 'Pay', exact: true }).click();

    await modal.getByRole('status').getByText('Order paid').waitFor();
    await modal.getByRole('button', { name: 'Done' }).click();
    await checkout.waitFor({ state: 'hidden' });
    await expectEmptyCart(page);
    expect(await bookedCodes(page)).toContain(WALLET_LESSON);
    expect(Number(await walletBalance(page))).toBeLessThan(before);
  });

  test('pays by M-Pesa express with 0708374149: the prompt, then "Order paid", the cart empties and the lesson is booked', async ({
    signedInPage: page,
  }) => {
    const checkout = await checkOut(page, await addLessonToCart(page, MPESA_LESSON));

    await checkout.getByRole('radio', { name: 'M-Pesa express' }).click();
    await checkout.getByLabel(/^M-Pesa phone number/).fill(MPESA_SUCCESS);
    await checkout.getByRole('button', { name: /^Pay KES/ }).click();
    const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
    await expect.poll(() => modal.getByLabel(/^M-Pesa phone number/).inputValue()).toBe('254708374149');
    await modal.getByRole('button', { name: 'Send payment prompt' }).click();

    await modal.getByText('Check your phone and enter your M-Pesa PIN to complete the payment.').waitFor();
    // The sandbox posts its callback after about 3 s; the modal checks every 3 s.
    await modal.getByRole('status').getByText('Order paid').waitFor({ timeout: 30_000 });
    await modal.getByRole('button', { name: 'Done' }).click();
    await expectEmptyCart(page);
    expect(await bookedCodes(page)).toContain(MPESA_LESSON);
  });

  test('tops up the wallet by M-Pesa express: the modal says the wallet was credited, with the new balance', async ({
    signedInPage: page,
  }) => {
    const before = Number(await walletBalance(page));
    await page.goto('/wallet');
    const topUp = page.getByRole('region', { name: 'Top up' });
    await topUp.getByRole('textbox', { name: /Amount/ }).fill('500');
    await topUp.getByRole('button', { name: 'Top up' }).click();
    const modal = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
    await modal.getByLabel(/^M-Pesa phone number/).fill(MPESA_SUCCESS);
    await modal.getByRole('button', { name: 'Send payment prompt' }).click();

    const balance = new Intl.NumberFormat('en-US').format(before + 500);
    await modal
      .getByRole('status')
      .getByText(`Your wallet has been credited. Balance: KES ${balance}.`)
      .waitFor({ timeout: 30_000 });
    await expect.poll(async () => Number(await walletBalance(page))).toBe(before + 500);
    await modal.getByRole('button', { name: 'Done' }).click();
  });

  test('sees an M-Pesa prompt cancelled on 0700000032, then pays the same cart by Pesapal on the sandbox page', async ({
    signedInPage: page,
  }) => {
    const checkout = await checkOut(page, await addLessonToCart(page, CANCELLED_THEN_PESAPAL_LESSON));

    await checkout.getByRole('radio', { name: 'M-Pesa express' }).click();
    await checkout.getByLabel(/^M-Pesa phone number/).fill(MPESA_CANCELLED);
    await checkout.getByRole('button', { name: /^Pay KES/ }).click();
    const mpesa = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
    await mpesa.getByRole('button', { name: 'Send payment prompt' }).click();
    await mpesa
      .getByRole('alert')
      .getByText(mpesaPaymentReason(STK_RESULT.cancelled))
      .waitFor({ timeout: 30_000 });
    // Nothing was paid: the lesson waits in the cart, not among the bookings.
    expect(await cartCodes(page)).toContain(CANCELLED_THEN_PESAPAL_LESSON);
    expect(await bookedCodes(page)).not.toContain(CANCELLED_THEN_PESAPAL_LESSON);
    await mpesa.getByRole('button', { name: 'Close', exact: true }).click();
    await mpesa.waitFor({ state: 'hidden' });

    // Back in the checkout dialog, which stayed open behind the payment modal.
    await payWith(checkout, 'Pesapal (card and others)');
    const pesapal = page.getByRole('dialog', { name: 'Pay by card (Pesapal)' });
    await pesapal.getByTitle('Pesapal secure payment page').waitFor();
    // The hosted page answers Pay by sending the whole window to the return page, so it is used in
    // its own tab (the link the modal offers), as a person whose bank refuses frames would.
    const [hosted] = await Promise.all([
      page.context().waitForEvent('page'),
      pesapal.getByRole('link', { name: 'Open the payment page in a new tab' }).click(),
    ]);
    // The sandbox's hosted page stands in for Pesapal's: a customer meets it, so it must be accessible.
    await hosted.getByRole('button', { name: 'Pay', exact: true }).waitFor();
    expect(await seriousViolations(hosted)).toEqual([]);
    await hosted.getByRole('button', { name: 'Pay', exact: true }).click();
    await hosted.waitForURL((url) => url.pathname === '/payments/return');
    await hosted.getByRole('heading', { name: 'Payment complete' }).waitFor();
    await hosted.close();

    // The modal in the first tab follows the transaction to the end.
    await pesapal.getByRole('status').getByText('Order paid').waitFor({ timeout: 30_000 });
    await pesapal.getByRole('button', { name: 'Done' }).click();
    await expectEmptyCart(page);
    expect(await bookedCodes(page)).toContain(CANCELLED_THEN_PESAPAL_LESSON);
  });
});
