// Shared steps of the commerce view tests: open the drawer, go to checkout, pick a method, pay.
import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { renderApp } from '../../render';

export type App = ReturnType<typeof renderApp>;

export const cartDrawer = () => screen.getByRole('dialog', { name: 'Your cart' });
export const checkoutDialog = () => screen.getByRole('dialog', { name: 'Checkout' });
export const snackbarText = () => screen.queryByTestId('snackbar-message')?.textContent ?? null;

/** Waits for the signed-in workspace with the cart loaded, then opens the drawer. */
export async function openCart(app: App, itemCount: number) {
  const label = `Cart, ${itemCount} ${itemCount === 1 ? 'item' : 'items'}`;
  await app.user.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: 'Your cart' });
}

/** From the open drawer to the checkout dialog. */
export async function openCheckout(app: App) {
  await app.user.click(within(cartDrawer()).getByRole('button', { name: 'Continue to checkout' }));
  return screen.findByRole('dialog', { name: 'Checkout' });
}

export async function choose(
  app: App,
  method: 'Wallet' | 'M-Pesa express' | 'M-Pesa paybill' | 'Pesapal (card and others)',
) {
  await app.user.click(within(checkoutDialog()).getByRole('radio', { name: method }));
}

export async function pay(app: App) {
  await app.user.click(within(checkoutDialog()).getByRole('button', { name: /^Pay/ }));
}

/** Types a 4-digit PIN into the labelled PIN group (one box per digit). */
export async function typePin(app: App, container: HTMLElement, label: string, pin: string) {
  const group = within(container).getByRole('group', { name: label });
  await app.user.click(within(group).getByLabelText(`${label}, digit 1`));
  await app.user.keyboard(pin);
  await waitFor(() =>
    expect(
      within(group)
        .getAllByLabelText(/digit/)
        .map((input) => (input as HTMLInputElement).value)
        .join(''),
    ).toBe(pin),
  );
}
