import { act, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import { FakeEventSource, installFakeEventSource } from '../../msw/notification-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { checkoutDialog, choose, openCart, openCheckout, pay } from '../commerce/commerce-helpers';

useFakeApi();
installFakeEventSource();
afterAll(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('payment modal on the live stream', () => {
  it('shows success as soon as the stream says the transaction settled, without waiting for the 3 s poll', async () => {
    commerce.fill();
    commerce.checksBeforeFinal = 0;
    signedInAs('student@example.com');
    const app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await openCheckout(app);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      act(() => FakeEventSource.latest()!.open());
      await choose(app, 'M-Pesa express');
      const phone = within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ });
      await app.user.clear(phone);
      await app.user.type(phone, '0708374149');
      await pay(app);
      const modal = await screen.findByRole('dialog', { name: t('payment.mpesaTitle') });
      await app.user.click(within(modal).getByRole('button', { name: t('payment.submitPrompt') }));
      await within(modal).findByText(t('payment.mpesaPrompt'));
      const checks = () =>
        api.calls.filter((call) => call.startsWith('GET /api/wallet/transaction/show')).length;
      expect(checks()).toBe(0);
      // The pending M-Pesa transaction is the last one the fake gateway created.
      const transactionId = commerce.nextTransactionId - 1;
      act(() => FakeEventSource.latest()!.send('transaction', { id: transactionId, status: 'completed' }));
      expect(
        await within(modal).findByText(t('payment.paid'), { selector: 'p' }, { timeout: 1000 }),
      ).toBeInTheDocument();
      expect(checks()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
