// A model-based test of checkout and payment through the real drawer, checkout dialog and payment
// modal: an abstract machine of what the person sees; every transition is driven by user-event
// against the fake API (msw), every state asserts the screen. Shortest paths over (state, event,
// previous state) reach every edge, and the walk checks that against the adjacency map.
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createMachine, type EventFrom, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { t } from '@/shared/messages';
import { commerce, MPESA_CANCEL_REASON, PAYBILL, PESAPAL_URL } from '../../msw/commerce-handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { checkoutDialog, choose, openCheckout, pay, typePin } from './commerce-helpers';

useFakeApi();

const checkoutModel = createMachine({
  id: 'checkout',
  types: {} as {
    events:
      | { type: 'cart.open' }
      | { type: 'checkout.open' }
      | { type: 'checkout.openWithoutPin' }
      | { type: 'checkout.cancel' }
      | { type: 'pay.noMethod' }
      | { type: 'pay.badPhone' }
      | { type: 'pay.wallet' }
      | { type: 'pay.mpesa' }
      | { type: 'pay.paybill' }
      | { type: 'pay.pesapal' }
      | { type: 'pin.wrong' }
      | { type: 'pin.right' }
      | { type: 'pin.mismatch' }
      | { type: 'pin.setUp' }
      | { type: 'phone.paying' }
      | { type: 'phone.cancelling' }
      | { type: 'paybill.notYet' }
      | { type: 'paybill.paid' }
      | { type: 'payment.confirm' }
      | { type: 'payment.retry' }
      | { type: 'payment.close' }
      | { type: 'payment.done' };
  },
  initial: 'drawer',
  states: {
    drawer: { on: { 'checkout.open': 'checkout', 'checkout.openWithoutPin': 'checkoutWithoutPin' } },
    // Cancelled before paying: the dialog is gone, the cart is still full.
    closed: { on: { 'cart.open': 'drawer' } },
    checkout: {
      on: {
        'checkout.cancel': 'closed',
        'pay.noMethod': 'methodMissing',
        'pay.badPhone': 'phoneInvalid',
        'pay.wallet': 'walletPin',
        'pay.mpesa': 'mpesaPhone',
        'pay.paybill': 'paybill',
        'pay.pesapal': 'pesapal',
      },
    },
    methodMissing: { on: { 'checkout.cancel': 'closed', 'pay.wallet': 'walletPin' } },
    phoneInvalid: { on: { 'checkout.cancel': 'closed', 'pay.mpesa': 'mpesaPhone' } },
    checkoutWithoutPin: { on: { 'checkout.cancel': 'closed', 'pay.wallet': 'pinSetup' } },
    pinSetup: {
      on: { 'pin.mismatch': 'pinMismatch', 'pin.setUp': 'walletPin', 'payment.close': 'checkoutWithoutPin' },
    },
    pinMismatch: { on: { 'pin.setUp': 'walletPin', 'payment.close': 'checkoutWithoutPin' } },
    walletPin: { on: { 'pin.wrong': 'pinWrong', 'pin.right': 'paid', 'payment.close': 'checkout' } },
    pinWrong: { on: { 'pin.right': 'paid', 'payment.close': 'checkout' } },
    mpesaPhone: {
      on: {
        'phone.paying': 'mpesaPending',
        'phone.cancelling': 'mpesaCancelPending',
        'payment.close': 'checkout',
      },
    },
    mpesaPending: { on: { 'payment.confirm': 'paid', 'payment.close': 'checkout' } },
    mpesaCancelPending: { on: { 'payment.confirm': 'mpesaCancelled' } },
    mpesaCancelled: { on: { 'payment.retry': 'mpesaPhone', 'payment.close': 'checkout' } },
    paybill: {
      on: { 'paybill.notYet': 'paybillWaiting', 'paybill.paid': 'paid', 'payment.close': 'checkout' },
    },
    paybillWaiting: { on: { 'paybill.paid': 'paid', 'payment.close': 'checkout' } },
    pesapal: { on: { 'payment.confirm': 'paid', 'payment.close': 'checkout' } },
    paid: { on: { 'payment.done': 'done' } },
    done: { type: 'final' },
  },
});

type ModelState = SnapshotFrom<typeof checkoutModel>;
type ModelEvent = EventFrom<typeof checkoutModel>;
const keyOf = (state: ModelState) => JSON.stringify(state.value);

let app: ReturnType<typeof renderApp>;
let current: ModelState;
const covered = new Set<string>();

const modal = (title: string) => screen.findByRole('dialog', { name: title });
const noDialog = (name: string | RegExp) =>
  waitFor(() => expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument());
const inCheckoutWithNoProblem = async () => {
  expect(
    within(await screen.findByRole('dialog', { name: 'Checkout' })).queryByRole('alert'),
  ).not.toBeInTheDocument();
  await noDialog(/^Pay/);
};

/** What the person must see in each model state. */
const SEE: Record<string, () => Promise<void>> = {
  '"drawer"': async () => {
    const drawer = await screen.findByRole('dialog', { name: 'Your cart' });
    expect(within(drawer).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,500');
    expect(screen.queryByRole('dialog', { name: 'Checkout' })).not.toBeInTheDocument();
  },
  '"closed"': async () => {
    await noDialog('Checkout');
    expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
  },
  '"checkout"': async () => {
    await inCheckoutWithNoProblem();
    expect(within(checkoutDialog()).getByText('Balance: KES 10,000')).toBeInTheDocument();
  },
  '"checkoutWithoutPin"': inCheckoutWithNoProblem,
  '"methodMissing"': async () => {
    expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('validation.paymentMethod'));
  },
  '"phoneInvalid"': async () => {
    expect(within(checkoutDialog()).getByRole('alert')).toHaveTextContent(t('validation.general'));
    expect(within(checkoutDialog()).getByRole('textbox', { name: /M-Pesa phone number/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
  '"pinSetup"': async () => {
    const dialog = await modal(t('payment.pinSetupTitle'));
    expect(within(dialog).getByRole('group', { name: 'New PIN' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Confirm PIN' })).toBeInTheDocument();
  },
  '"pinMismatch"': async () => {
    expect(await within(await modal(t('payment.pinSetupTitle'))).findByRole('alert')).toHaveTextContent(
      t('validation.pinMismatch'),
    );
  },
  '"walletPin"': async () => {
    const dialog = await modal(t('payment.walletTitle'));
    expect(within(dialog).getByRole('group', { name: 'Wallet PIN' })).toBeInTheDocument();
    expect(within(dialog).getByText('KES 3,500')).toBeInTheDocument();
  },
  '"pinWrong"': async () => {
    expect(await within(await modal(t('payment.walletTitle'))).findByRole('alert')).toHaveTextContent(
      t('wallet.pinIncorrect', { count: 4 }),
    );
  },
  '"mpesaPhone"': async () => {
    const dialog = await modal(t('payment.mpesaTitle'));
    expect(
      await within(dialog).findByRole('button', { name: t('payment.submitPrompt') }),
    ).toBeInTheDocument();
  },
  '"mpesaPending"': async () => {
    expect(
      await within(await modal(t('payment.mpesaTitle'))).findByText(t('payment.mpesaPrompt')),
    ).toBeInTheDocument();
  },
  '"mpesaCancelPending"': async () => {
    expect(
      await within(await modal(t('payment.mpesaTitle'))).findByText(t('payment.mpesaPrompt')),
    ).toBeInTheDocument();
  },
  '"mpesaCancelled"': async () => {
    const dialog = await modal(t('payment.mpesaTitle'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MPESA_CANCEL_REASON);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
  '"paybill"': async () => {
    const dialog = await modal(t('payment.paybillTitle'));
    expect(await within(dialog).findByText(PAYBILL.business_number)).toBeInTheDocument();
    expect(within(dialog).getByText(PAYBILL.account_number)).toBeInTheDocument();
  },
  '"paybillWaiting"': async () => {
    expect(
      await within(await modal(t('payment.paybillTitle'))).findByText(t('payment.paybillWaiting')),
    ).toBeInTheDocument();
  },
  '"pesapal"': async () => {
    const dialog = await modal(t('payment.pesapalTitle'));
    expect(await within(dialog).findByTitle('Pesapal secure payment page')).toHaveAttribute(
      'src',
      PESAPAL_URL,
    );
  },
  '"paid"': async () => {
    const dialog = await screen.findByRole('dialog', { name: /^Pay/ });
    expect(await within(dialog).findByRole('button', { name: 'Done' })).toBeInTheDocument();
    expect(within(dialog).getByText(/Order paid/, { selector: 'p' })).toBeInTheDocument();
    await noDialog('Checkout');
    expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  },
  '"done"': async () => {
    // (The drawer may still be open: a payment faster than its 1000 ms stops the timer with checkout.)
    await noDialog(/^Pay/);
    await noDialog('Checkout');
    expect(screen.getByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
  },
};

const openPaymentModal = () => screen.getByRole('dialog', { name: /^(Pay|Set up)/ });
const click = (name: string) => () =>
  app.user.click(within(openPaymentModal()).getByRole('button', { name }));

async function typePhone(container: HTMLElement, phone: string) {
  const field = within(container).getByRole('textbox', { name: /M-Pesa phone number/ });
  await app.user.clear(field);
  await app.user.type(field, phone);
}

const executors: Record<ModelEvent['type'], () => Promise<unknown>> = {
  'cart.open': async () => {
    // Cancelling before the drawer closed leaves it open; otherwise the cart button opens it.
    if (!screen.queryByRole('dialog', { name: 'Your cart' }))
      await app.user.click(screen.getByRole('button', { name: 'Cart, 2 items' }));
  },
  'checkout.open': () => openCheckout(app),
  'checkout.openWithoutPin': () => {
    commerce.pin = null;
    return openCheckout(app);
  },
  'checkout.cancel': () => app.user.click(within(checkoutDialog()).getByRole('button', { name: 'Cancel' })),
  'pay.noMethod': () => pay(app),
  'pay.badPhone': async () => {
    await choose(app, 'M-Pesa express');
    await typePhone(checkoutDialog(), '0733000000');
    await pay(app);
  },
  'pay.wallet': async () => {
    await choose(app, 'Wallet');
    await pay(app);
  },
  'pay.mpesa': async () => {
    await choose(app, 'M-Pesa express');
    await typePhone(checkoutDialog(), '0712345678');
    await pay(app);
  },
  'pay.paybill': async () => {
    await choose(app, 'M-Pesa paybill');
    await pay(app);
  },
  'pay.pesapal': async () => {
    await choose(app, 'Pesapal (card and others)');
    await pay(app);
  },
  'pin.wrong': async () => {
    await typePin(app, openPaymentModal(), 'Wallet PIN', '9999');
    await click(t('payment.submitPay'))();
  },
  'pin.right': async () => {
    await typePin(app, openPaymentModal(), 'Wallet PIN', commerce.pin ?? '');
    await click(t('payment.submitPay'))();
  },
  'pin.mismatch': async () => {
    await typePin(app, openPaymentModal(), 'New PIN', '4321');
    await typePin(app, openPaymentModal(), 'Confirm PIN', '4320');
    await click(t('payment.submitPin'))();
  },
  'pin.setUp': async () => {
    await typePin(app, openPaymentModal(), 'New PIN', '4321');
    await typePin(app, openPaymentModal(), 'Confirm PIN', '4321');
    await click(t('payment.submitPin'))();
  },
  'phone.paying': async () => {
    await typePhone(openPaymentModal(), '0708374149');
    await click(t('payment.submitPrompt'))();
  },
  'phone.cancelling': async () => {
    await typePhone(openPaymentModal(), '0700000032');
    await click(t('payment.submitPrompt'))();
  },
  'paybill.notYet': click(t('payment.submitPaybill')),
  'paybill.paid': () => {
    commerce.paybillPaid = true;
    return click(t('payment.submitPaybill'))();
  },
  'payment.confirm': click(t('payment.submitComplete')),
  'payment.retry': click('Try again'),
  'payment.close': async () => {
    const dialog = openPaymentModal();
    await app.user.click(
      within(dialog).queryByRole('button', { name: 'Close' }) ??
        within(dialog).getByRole('button', { name: 'Close payment' }),
    );
  },
  'payment.done': click('Done'),
};

const model = createTestModel(checkoutModel, {
  events: (Object.keys(executors) as Array<ModelEvent['type']>).map((type) => ({ type })),
  filterEvents: (state, event) => state.can(event),
  // One node per (state, arriving event, previous state): shortest paths then reach every edge.
  serializeState: (state, event, previous) =>
    `${keyOf(state)} via ${event?.type ?? 'start'} from ${previous ? keyOf(previous) : '-'}`,
});

const events = Object.fromEntries(
  Object.entries(executors).map(([type, run]) => [
    type,
    async (step: { state: ModelState; event: { type: string } }) => {
      covered.add(`${keyOf(current)} -${step.event.type}-> ${keyOf(step.state)}`);
      current = step.state;
      await run();
    },
  ]),
);

const states = {
  '*': async (state: ModelState) => {
    const see = SEE[keyOf(state)];
    if (!see) throw new Error(`No expectation for model state ${keyOf(state)}`);
    await see();
  },
};

describe('checkout and payment, walked through the drawer, dialog and modal', () => {
  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      // Gateways answer at the first check, so a pending payment settles on "I have completed…".
      commerce.fill();
      commerce.checksBeforeFinal = 0;
      signedInAs('student@example.com');
      app = renderApp('/workspace');
      await app.landsOn('/workspace');
      await app.user.click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
      current = checkoutModel.resolveState({ value: 'drawer', context: {} });
      await path.test({ states, events });
    });
  }

  afterAll(() => {
    const edges = new Set<string>();
    for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
      const moves: Array<{ event: { type: string }; state: ModelState }> = Object.values(transitions);
      for (const move of moves) edges.add(`${keyOf(state)} -${move.event.type}-> ${keyOf(move.state)}`);
    }
    expect(edges.size).toBeGreaterThan(35);
    expect([...edges].filter((edge) => !covered.has(edge))).toEqual([]);
  });
});
