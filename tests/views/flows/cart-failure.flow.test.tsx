// Flow: the cart could not load at sign-in. Opening the cart tries again; Try again in the drawer
// tries again; the server stays down, drops the connection, answers slowly, or comes back.
// A flat model of what the person sees (docs/testing-flows.md), walked through the real app.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { t } from '@/shared/messages';
import { commerce } from '../../msw/commerce-handlers';
import { scriptedEndpoint, useScriptedEndpoints, type Answer } from '../../msw/flow-handlers';
import { api } from '../../msw/handlers';
import { useFakeApi } from '../../msw/server';
import { renderApp, signedInAs } from '../../render';
import { expectEveryTransitionWalked, flowPaths, walkFlow, type FlowDriver } from './flow-model';

useFakeApi();
const cartCalls = scriptedEndpoint('get', '/api/cart');
useScriptedEndpoints(cartCalls);

const DOWN = { status: 503, message: 'The cart service is down.' };

export const cartFailureModel = createMachine({
  id: 'cartFailure',
  initial: 'closedFailed',
  states: {
    // Signed in while the cart service was down: the button says so with a red dot.
    closedFailed: {
      on: { 'open.stillDown': 'openFailed', 'open.offline': 'openOffline', 'open.up': 'openLoaded' },
    },
    openFailed: {
      on: {
        'retry.stillDown': 'openFailed',
        'retry.offline': 'openOffline',
        'retry.slow': 'openLoading',
        'retry.up': 'openLoaded',
        close: 'closedFailed',
      },
    },
    openOffline: { on: { 'retry.stillDown': 'openFailed', 'retry.up': 'openLoaded', close: 'closedFailed' } },
    // Try again is out and the server has not answered yet.
    openLoading: { on: { 'answer.up': 'openLoaded', 'answer.down': 'openFailed' } },
    openLoaded: { on: { close: 'closedLoaded' } },
    closedLoaded: { on: { open: 'openLoaded' } },
  },
});

let app: ReturnType<typeof renderApp>;
const drawer = () => screen.getByRole('dialog', { name: 'Your cart' });
const cartRequests = () => api.calls.filter((call) => call === 'GET /api/cart').length;

async function drawerFailedWith(message: string) {
  const alert = await within(await screen.findByRole('dialog', { name: 'Your cart' })).findByRole('alert');
  await waitFor(() => expect(alert).toHaveTextContent(message));
  expect(alert).toHaveTextContent(t('cart.error'));
  expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  expect(within(drawer()).queryByRole('listitem')).not.toBeInTheDocument();
  expect(within(drawer()).queryByRole('button', { name: 'Continue to checkout' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Cart, 0 items, could not load' })).toBeInTheDocument();
}

async function drawerClosed() {
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Your cart' })).not.toBeInTheDocument());
}

/**
 * With the server answering `answer`, acts, then waits until it was asked again (a failed GET is
 * asked twice: the SPA retries it once).
 */
const asksServer = (answer: Answer, run: () => Promise<unknown>) => async () => {
  cartCalls.answer = answer;
  const before = cartRequests();
  await run();
  await waitFor(() => expect(cartRequests()).toBeGreaterThanOrEqual(before + (answer === 'ok' ? 1 : 2)));
};

const clickCartButton = () => app.user.click(screen.getByRole('button', { name: /^Cart, / }));
const clickTryAgain = () => app.user.click(within(drawer()).getByRole('button', { name: 'Try again' }));

const driver: FlowDriver = {
  see: {
    closedFailed: async () => {
      await drawerClosed();
      expect(
        await screen.findByRole('button', { name: 'Cart, 0 items, could not load' }),
      ).toBeInTheDocument();
      expect(screen.getByTestId('cart-error-dot')).toBeInTheDocument();
    },
    openFailed: () => drawerFailedWith(DOWN.message),
    openOffline: () => drawerFailedWith(t('messages.general')),
    openLoading: async () => {
      expect(await within(drawer()).findByRole('status', { name: 'Loading cart' })).toBeInTheDocument();
      expect(within(drawer()).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
      expect(within(drawer()).queryByText('Algebra')).not.toBeInTheDocument();
    },
    openLoaded: async () => {
      expect(await within(drawer()).findByText('Algebra')).toBeInTheDocument();
      expect(within(drawer()).getByText('Premium')).toBeInTheDocument();
      expect(within(drawer()).getByTestId('cart-subtotal')).toHaveTextContent('KES 3,500');
      expect(within(drawer()).queryByRole('alert')).not.toBeInTheDocument();
      expect(within(drawer()).getByRole('button', { name: 'Continue to checkout' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
      expect(screen.queryByTestId('cart-error-dot')).not.toBeInTheDocument();
    },
    closedLoaded: async () => {
      await drawerClosed();
      expect(screen.getByRole('button', { name: 'Cart, 2 items' })).toBeInTheDocument();
      expect(screen.queryByTestId('cart-error-dot')).not.toBeInTheDocument();
    },
  },
  act: {
    // Opening a failed cart is asking for it again.
    'open.stillDown': asksServer(DOWN, clickCartButton),
    'open.offline': asksServer('offline', clickCartButton),
    'open.up': asksServer('ok', clickCartButton),
    // A loaded cart opens without a call.
    open: async () => {
      const before = cartRequests();
      await clickCartButton();
      await screen.findByRole('dialog', { name: 'Your cart' });
      expect(cartRequests()).toBe(before);
    },
    'retry.stillDown': asksServer(DOWN, clickTryAgain),
    'retry.offline': asksServer('offline', clickTryAgain),
    'retry.up': asksServer('ok', clickTryAgain),
    'retry.slow': async () => {
      cartCalls.answer = 'hold';
      await clickTryAgain();
      await waitFor(() => expect(cartCalls.held).toBe(1));
    },
    'answer.up': async () => cartCalls.release('ok'),
    'answer.down': async () => cartCalls.release(DOWN),
    close: () => app.user.click(within(drawer()).getByRole('button', { name: 'Close cart' })),
  },
};

const paths = flowPaths(cartFailureModel, { maxSimple: 3 });

describe('flow: the cart fails to load, and opening or Try again asks again', () => {
  it('the paths walk every transition of the model', () => {
    expect(expectEveryTransitionWalked(cartFailureModel, paths, driver)).toBe(15);
  });

  it.each(paths.map((path) => [path.name, path] as const))('%s', async (_, path) => {
    commerce.fill();
    cartCalls.answer = DOWN;
    signedInAs('student@example.com');
    app = renderApp('/workspace');
    await app.landsOn('/workspace');
    await walkFlow(path, driver);
  });
});
