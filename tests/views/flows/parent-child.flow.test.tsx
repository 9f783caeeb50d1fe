// Flow: a parent of two children pays for lessons and says whom they are for. Pay without a child is
// refused on the checkout; a child chosen (or changed) goes with the payment as `student_id`; the
// server may still refuse the child (its words in the payment modal); closing keeps the choice,
// cancelling checkout forgets it. (The Learner select of the workspace lists: learner-select.flow.)
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { api } from '../../msw/handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { checkoutDialog, choose, openCart, openCheckout, pay, typePin } from '../commerce/commerce-helpers';
import { expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

useFakeApi();
const walletCalls = scriptedEndpoint('post', '/api/payments/wallet/:id?');
useScriptedEndpoints(walletCalls);

const WANJIRU = { id: 21, name: 'Wanjiru Kamau' };
const OTIENO = { id: 22, name: 'Otieno Kamau' };
const NOT_LINKED = 'Wanjiru Kamau is no longer linked to your account.';

export const parentChildModel = createMachine({
  id: 'parentChild',
  initial: 'asking',
  states: {
    // Checkout asks "Who are these lessons for?", nobody chosen.
    asking: { on: { 'pay.noChild': 'childMissing', 'choose.wanjiru': 'forWanjiru', 'choose.otieno': 'forOtieno', cancel: 'drawer' } },
    childMissing: { on: { 'choose.wanjiru': 'forWanjiru', 'choose.otieno': 'forOtieno', cancel: 'drawer' } },
    forWanjiru: { on: { 'choose.otieno': 'forOtieno', pay: 'pinForWanjiru', cancel: 'drawer' } },
    forOtieno: { on: { 'choose.wanjiru': 'forWanjiru', pay: 'pinForOtieno', cancel: 'drawer' } },
    pinForWanjiru: { on: { 'pin.ok': 'paidForWanjiru', 'pin.childRefused': 'childRefused', close: 'forWanjiru' } },
    childRefused: { on: { close: 'forWanjiru' } },
    pinForOtieno: { on: { 'pin.ok': 'paidForOtieno', close: 'forOtieno' } },
    // Checkout cancelled: the cart is still full; opening checkout again asks again.
    drawer: { on: { 'checkout.open': 'asking' } },
    paidForWanjiru: { type: 'final' },
    paidForOtieno: { type: 'final' },
  },
});

let app: ReturnType<typeof renderApp>;
const whom = () => within(checkoutDialog()).getByRole('radiogroup', { name: /Who are these lessons for\?/ });
const walletModal = () => screen.getByRole('dialog', { name: t('payment.walletTitle') });
const noWalletModal = () => waitFor(() => expect(screen.queryByRole('dialog', { name: t('payment.walletTitle') })).not.toBeInTheDocument());
const child = (id: number, firstName: string) => ({
  id,
  student_no: `STD-2026-000${id}`,
  profile_completed: true,
  user: { id: id + 1000, first_name: firstName, last_name: 'Kamau', username: firstName.toLowerCase() },
});

/** Checkout is open with `chosen` checked (null: nobody), and no payment modal over it. */
async function checkoutFor(chosen: typeof WANJIRU | null) {
  await noWalletModal();
  await screen.findByRole('dialog', { name: 'Checkout' });
  for (const someone of [WANJIRU, OTIENO]) {
    const radio = within(whom()).getByRole('radio', { name: someone.name });
    if (someone === chosen) expect(radio).toBeChecked();
    else expect(radio).not.toBeChecked();
  }
}

async function askingPin(forWhom: typeof WANJIRU) {
  const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
  expect(within(modal).getByRole('group', { name: 'Wallet PIN' })).toBeInTheDocument();
  expect(within(modal).queryByRole('alert')).not.toBeInTheDocument();
  // The choice behind the modal is the one the payment carries.
  expect(within(whom()).getByRole('radio', { name: forWhom.name })).toBeChecked();
}

async function paidFor(forWhom: typeof WANJIRU) {
  const modal = await screen.findByRole('dialog', { name: t('payment.walletTitle') });
  expect(await within(modal).findByText(t('payment.paid'), { selector: 'p' })).toBeInTheDocument();
  expect(api.bodies.get('POST /api/payments/wallet/41')).toEqual({ pin: '1234', student_id: forWhom.id });
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
  expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
}

async function payByWallet() {
  await choose(app, 'Wallet');
  await pay(app);
}

async function submitPin() {
  await typePin(app, walletModal(), 'Wallet PIN', '1234');
  await app.user.click(within(walletModal()).getByRole('button', { name: t('payment.submitPay') }));
}

const driver: FlowDriver = {
  see: {
    asking: async () => {
      await checkoutFor(null);
      expect(within(checkoutDialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    childMissing: async () => {
      expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('payment.childRequired'));
      await checkoutFor(null);
      expect(api.bodies.has('POST /api/payments/wallet/41')).toBe(false);
    },
    forWanjiru: async () => {
      await checkoutFor(WANJIRU);
      expect(within(checkoutDialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    forOtieno: async () => {
      await checkoutFor(OTIENO);
      expect(within(checkoutDialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    pinForWanjiru: () => askingPin(WANJIRU),
    pinForOtieno: () => askingPin(OTIENO),
    childRefused: async () => {
      expect(await within(walletModal()).findByRole('alert')).toHaveTextContent(NOT_LINKED);
      expect(within(walletModal()).getByRole('group', { name: 'Wallet PIN' })).toBeInTheDocument();
    },
    drawer: async () => {
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument());
      expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
    },
    paidForWanjiru: () => paidFor(WANJIRU),
    paidForOtieno: () => paidFor(OTIENO),
  },
  act: {
    'pay.noChild': payByWallet,
    pay: payByWallet,
    'choose.wanjiru': () => app.user.click(within(whom()).getByRole('radio', { name: WANJIRU.name })),
    'choose.otieno': () => app.user.click(within(whom()).getByRole('radio', { name: OTIENO.name })),
    cancel: () => app.user.click(within(checkoutDialog()).getByRole('button', { name: 'Cancel' })),
    'checkout.open': async () => {
      // Cancelled within the drawer's second it is still open; otherwise the cart button opens it.
      if (!screen.queryByRole('dialog', { name: 'Your cart' })) await openCart(app, 2);
      await openCheckout(app);
    },
    'pin.ok': submitPin,
    'pin.childRefused': () => {
      walletCalls.next({ status: 422, message: NOT_LINKED, errors: { student_id: [NOT_LINKED] } });
      return submitPin();
    },
    close: () => app.user.click(within(walletModal()).getByRole('button', { name: 'Close payment' })),
  },
};

const paths = flowPaths(parentChildModel, { maxSimple: 2, chain: 3 });

describe('flow: a parent of two says whom the lessons are for at checkout', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(parentChildModel, paths, driver)).toBe(20);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    const parent = api.accounts.get('parent@example.com')!;
    parent.user.parent = { ...(parent.user.parent as object), students_count: 2, students: [child(WANJIRU.id, 'Wanjiru'), child(OTIENO.id, 'Otieno')] };
    commerce.fill();
    signedInAs('parent@example.com');
    app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await openCheckout(app);
    await walkFlow(path, driver);
  });
});
