// Flow: removing items from the cart drawer. The confirmation is asked first; Cancel keeps the item;
// the server removes it (the drawer shows the cart it answers with), refuses (its words in the
// snackbar), fails or drops the connection (the item stays), or takes its time (the dialog is busy).
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { scriptedEndpoint, useScriptedEndpoints } from '../../msw/flow-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { cartDrawer, openCart, snackbarText } from '../commerce/commerce-helpers';
import { expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

useFakeApi();
const removeCalls = scriptedEndpoint('post', '/api/cart/remove/item');
useScriptedEndpoints(removeCalls);

const REFUSAL = 'This lesson has started and can no longer be removed.';

export const itemRemovalModel = createMachine({
  id: 'itemRemoval',
  initial: 'full',
  states: {
    // Algebra (KES 1,500) and Premium (KES 2,000).
    full: { on: { 'ask.algebra': 'confirmAlgebra', 'ask.premium': 'confirmPremium' } },
    confirmAlgebra: {
      on: {
        cancel: 'full',
        confirm: 'onlyPremium',
        'confirm.serverError': 'keptAfterError',
        'confirm.offline': 'keptAfterError',
        'confirm.refused': 'keptAfterRefusal',
        'confirm.slow': 'removingAlgebra',
      },
    },
    // The call is out: the dialog stays, Remove spins, Cancel is off.
    removingAlgebra: { on: { 'answer.ok': 'onlyPremium', 'answer.serverError': 'keptAfterError' } },
    confirmPremium: { on: { cancel: 'full', confirm: 'onlyAlgebra', 'confirm.serverError': 'keptAfterError' } },
    keptAfterError: { on: { 'ask.algebra': 'confirmAlgebra', 'ask.premium': 'confirmPremium' } },
    keptAfterRefusal: { on: { 'ask.premium': 'confirmPremium' } },
    onlyPremium: { on: { 'ask.premium': 'confirmLastPremium' } },
    confirmLastPremium: { on: { cancel: 'onlyPremium', confirm: 'empty' } },
    onlyAlgebra: { on: { 'ask.algebra': 'confirmLastAlgebra' } },
    confirmLastAlgebra: { on: { cancel: 'onlyAlgebra', confirm: 'empty' } },
    empty: { type: 'final' },
  },
});

let app: ReturnType<typeof renderApp>;
const confirmDialog = () => screen.getByRole('dialog', { name: 'Remove item' });
const noConfirmDialog = () => waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remove item' })).not.toBeInTheDocument());

/** The drawer lists exactly these items, with this subtotal and count on the cart button. */
async function drawerShows(items: string[], subtotal: string) {
  await noConfirmDialog();
  await waitFor(() => expect(within(cartDrawer()).getAllByRole('listitem').length).toBe(items.length));
  for (const name of ['Algebra', 'Premium']) {
    if (items.includes(name)) expect(within(cartDrawer()).getByText(name)).toBeInTheDocument();
    else expect(within(cartDrawer()).queryByText(name)).not.toBeInTheDocument();
  }
  expect(within(cartDrawer()).getByTestId('cart-subtotal')).toHaveTextContent(subtotal);
  const count = items.length;
  expect(screen.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` })).toBeInTheDocument();
}

async function asks(name: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Remove item' });
  expect(within(dialog).getByText(`Remove ${name} from your cart?`)).toBeInTheDocument();
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeEnabled();
  expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
}

const said = (message: string) => waitFor(() => expect(snackbarText()).toBe(message));

const driver: FlowDriver = {
  see: {
    full: () => drawerShows(['Algebra', 'Premium'], 'KES 3,500'),
    confirmAlgebra: () => asks('Algebra'),
    confirmPremium: () => asks('Premium'),
    confirmLastAlgebra: () => asks('Algebra'),
    confirmLastPremium: () => asks('Premium'),
    removingAlgebra: async () => {
      expect(within(confirmDialog()).getByText('Remove Algebra from your cart?')).toBeInTheDocument();
      expect(within(confirmDialog()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(within(confirmDialog()).getByRole('button', { name: 'Remove' })).toHaveAttribute('data-loading', 'true');
      expect(within(cartDrawer()).getByText('Algebra')).toBeInTheDocument();
    },
    keptAfterError: async () => {
      await said(t('cart.removeItemError'));
      expect(screen.getByRole('alert')).toHaveTextContent(t('cart.removeItemError'));
      await drawerShows(['Algebra', 'Premium'], 'KES 3,500');
    },
    keptAfterRefusal: async () => {
      await said(REFUSAL);
      await drawerShows(['Algebra', 'Premium'], 'KES 3,500');
    },
    onlyPremium: async () => {
      await said('Algebra deleted');
      await drawerShows(['Premium'], 'KES 2,000');
    },
    onlyAlgebra: async () => {
      await said('Premium deleted');
      await drawerShows(['Algebra'], 'KES 1,500');
    },
    empty: async () => {
      await noConfirmDialog();
      expect(await within(cartDrawer()).findByText(t('cart.empty'))).toBeInTheDocument();
      expect(within(cartDrawer()).queryByRole('listitem')).not.toBeInTheDocument();
      expect(within(cartDrawer()).queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    },
  },
  act: {
    'ask.algebra': () => app.user.click(within(cartDrawer()).getByRole('button', { name: 'Remove Algebra' })),
    'ask.premium': () => app.user.click(within(cartDrawer()).getByRole('button', { name: 'Remove Premium' })),
    cancel: () => app.user.click(within(confirmDialog()).getByRole('button', { name: 'Cancel' })),
    confirm: () => app.user.click(within(confirmDialog()).getByRole('button', { name: 'Remove' })),
    'confirm.serverError': () => {
      removeCalls.next({ status: 500 });
      return app.user.click(within(confirmDialog()).getByRole('button', { name: 'Remove' }));
    },
    'confirm.offline': () => {
      removeCalls.next('offline');
      return app.user.click(within(confirmDialog()).getByRole('button', { name: 'Remove' }));
    },
    'confirm.refused': () => {
      removeCalls.next({ status: 422, message: REFUSAL });
      return app.user.click(within(confirmDialog()).getByRole('button', { name: 'Remove' }));
    },
    'confirm.slow': async () => {
      removeCalls.next('hold');
      await app.user.click(within(confirmDialog()).getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(removeCalls.held).toBe(1));
    },
    'answer.ok': async () => removeCalls.release('ok'),
    'answer.serverError': async () => removeCalls.release({ status: 500 }),
  },
};

const paths = flowPaths(itemRemovalModel, { maxSimple: 3, simpleTo: ['empty'] });

describe('flow: removing items from the cart drawer', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(itemRemovalModel, paths, driver)).toBe(22);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    commerce.fill();
    signedInAs('student@example.com');
    app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await openCart(app, 2);
    await walkFlow(path, driver);
  });
});
