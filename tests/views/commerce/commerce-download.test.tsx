// The commerce actors' code downloads the first time the cart drawer opens or the wallet page shows.
// On a phone that download can fail: the user is told, and the next attempt loads it.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { snackbarText } from './commerce-helpers';

useFakeApi();

/** A download of the commerce module that fails the first time, like a dropped connection. */
function flakyImport() {
  let calls = 0;
  const importCommerce = () => {
    calls += 1;
    return calls === 1
      ? Promise.reject(new TypeError('Failed to fetch dynamically imported module'))
      : import('@/machines/commerce-logic');
  };
  return { importCommerce, calls: () => calls };
}

describe('when the commerce code fails to download', () => {
  it('closes the cart drawer with a message, and opens it on the next click', async () => {
    commerce.fill();
    signedInAs('student@example.com');
    const flaky = flakyImport();
    const app = renderApp('/workspace', { importCommerce: flaky.importCommerce });
    await app.landsOn('/workspace');
    const cartButton = await screen.findByRole('button', { name: 'Cart, 2 items' });

    await app.user.click(cartButton);
    await waitFor(() => expect(snackbarText()).toBe(t('messages.general')));
    await waitFor(() => expect(app.actors.cart.getSnapshot().matches({ drawer: 'hidden' })).toBe(true));
    expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument();

    await app.user.click(cartButton);
    expect(await screen.findByRole('dialog', { name: 'Your cart' })).toBeInTheDocument();
    expect(flaky.calls()).toBe(2);
  });

  it('shows the wallet page an error with "Try again", which loads it', async () => {
    signedInAs('student@example.com');
    const flaky = flakyImport();
    const app = renderApp('/wallet', { importCommerce: flaky.importCommerce });
    await app.landsOn('/wallet');
    const title = await screen.findByText(t('messages.loadError', { name: 'wallet' }));
    const alert = title.closest('[role="alert"]') as HTMLElement;
    expect(snackbarText()).toBe(t('messages.general'));

    await app.user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('wallet-balance')).toHaveTextContent('KES 10,000');
    expect(flaky.calls()).toBe(2);
  });
});
