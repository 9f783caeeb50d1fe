// The global notification bar (SPEC §4 "Notification bar").
import { assign, setup } from 'xstate';

export const SNACKBAR_DEFAULT_TIMEOUT = 5000;
/** A timeout of -1 keeps the bar open until it is closed. */
export const SNACKBAR_NEVER_CLOSES = -1;

export type SnackbarColor = 'primary' | 'success' | 'error' | 'warning';

export type SnackbarContext = {
  timeout: number;
  color: SnackbarColor;
  visible: boolean;
  message: string;
};

type ShowWithColor<T extends string> = { type: T; message: string; timeout?: number };

export type SnackbarEvent =
  | { type: 'snackbar.show'; message: string; color?: SnackbarColor; timeout?: number }
  | ShowWithColor<'snackbar.primary'>
  | ShowWithColor<'snackbar.success'>
  | ShowWithColor<'snackbar.error'>
  | ShowWithColor<'snackbar.warning'>
  | { type: 'snackbar.setVisible'; visible: boolean }
  | { type: 'snackbar.hide' };

function colorOf(event: SnackbarEvent): SnackbarColor {
  switch (event.type) {
    case 'snackbar.show':
      return event.color ?? 'primary';
    case 'snackbar.success':
      return 'success';
    case 'snackbar.error':
      return 'error';
    case 'snackbar.warning':
      return 'warning';
    default:
      return 'primary';
  }
}

// Every way of showing: a new message restarts the display timer (reenter).
const show = {
  target: '#snackbar.visible',
  reenter: true,
  actions: 'showMessage',
} as const;

export const snackbarMachine = setup({
  types: {
    context: {} as SnackbarContext,
    events: {} as SnackbarEvent,
  },
  actions: {
    showMessage: assign(({ event }) => {
      if (!('message' in event)) return {};
      return {
        message: event.message,
        color: colorOf(event),
        timeout: event.timeout ?? SNACKBAR_DEFAULT_TIMEOUT,
        visible: true,
      };
    }),
    hideMessage: assign({ visible: false }),
  },
  guards: {
    closesItself: ({ context }) => context.timeout !== SNACKBAR_NEVER_CLOSES,
    asksVisible: ({ event }) => event.type === 'snackbar.setVisible' && event.visible,
    asksHidden: ({ event }) => event.type === 'snackbar.setVisible' && !event.visible,
  },
  delays: {
    displayTime: ({ context }) => Math.max(context.timeout, 0),
  },
}).createMachine({
  id: 'snackbar',
  context: { timeout: SNACKBAR_DEFAULT_TIMEOUT, color: 'primary', visible: false, message: '' },
  initial: 'hidden',
  on: {
    'snackbar.show': show,
    'snackbar.primary': show,
    'snackbar.success': show,
    'snackbar.error': show,
    'snackbar.warning': show,
  },
  states: {
    hidden: {
      on: {
        // Re-opens the last message (SPEC: "set visibility").
        'snackbar.setVisible': {
          guard: 'asksVisible',
          target: 'visible',
          actions: assign({ visible: true }),
        },
      },
    },
    visible: {
      after: {
        displayTime: { guard: 'closesItself', target: 'hidden', actions: 'hideMessage' },
      },
      on: {
        'snackbar.hide': { target: 'hidden', actions: 'hideMessage' },
        'snackbar.setVisible': { guard: 'asksHidden', target: 'hidden', actions: 'hideMessage' },
      },
    },
  },
});
