// The payment modal's own steps, shared by the flows that pay (checkout) or top up (wallet): check a
// pending payment, settle it, let two minutes pass, Try again, Close, Done.
import { waitFor, within } from '@testing-library/react';
import { expect, vi } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { api } from '../../msw/handlers';
import type { renderApp } from '../../render';

type App = ReturnType<typeof renderApp>;

/** How many times the SPA asked for a transaction's status. */
export const statusChecks = () => api.calls.filter((call) => call.startsWith('GET /api/wallet/transaction/show/')).length;
/** The gateway transaction the last payment started. */
export const latestTransaction = () => [...commerce.transactions.values()].at(-1)!;

/** Actions on the open payment modal (`modal()`), for the app `app()` of the running test. */
export function paymentModalActs(app: () => App, modal: () => HTMLElement) {
  const click = (name: string) => () => app().user.click(within(modal()).getByRole('button', { name }));
  return {
    click,
    acts: {
      // "I have completed the payment": the check says it is still pending.
      'confirm.stillPending': async () => {
        const before = statusChecks();
        await click(t('payment.submitComplete'))();
        await waitFor(() => expect(statusChecks()).toBeGreaterThan(before));
      },
      // "I have completed the payment": the check finds it completed.
      'confirm.settled': () => {
        latestTransaction().checksLeft = 0;
        return click(t('payment.submitComplete'))();
      },
      // Nobody answers the prompt on the phone: two minutes pass (needs the fake clock).
      'wait.timeout': () => vi.advanceTimersByTimeAsync(120_000),
      retry: click('Try again'),
      close: () =>
        app().user.click(
          within(modal()).queryByRole('button', { name: 'Close' }) ?? within(modal()).getByRole('button', { name: 'Close payment' }),
        ),
      done: click('Done'),
    },
  };
}
