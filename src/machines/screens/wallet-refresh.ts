// The wallet page's end of the app machine's link "a top-up succeeded → `load.refresh` to the actor
// with systemId `wallet`" (docs/commerce.md "Wiring"), while the page still loads its data with
// `useLoad`: it counts the refreshes, and the page loads the wallet again when the count changes.
// The wallet's loader (the load machine, spawned under the same systemId) takes the same event.
import { assign, setup } from 'xstate';

export const walletRefreshMachine = setup({
  types: {
    context: {} as { refreshes: number },
    events: {} as { type: 'load.refresh' },
  },
}).createMachine({
  id: 'walletRefresh',
  context: { refreshes: 0 },
  on: {
    'load.refresh': { actions: assign({ refreshes: ({ context }) => context.refreshes + 1 }) },
  },
});
