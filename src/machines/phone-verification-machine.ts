// Proving a phone number on /profile-setting (issue 26, docs/messaging.md "Phones and choices"): the
// dialog opens on the profile's number, sends a 6-digit code by SMS, and checks what the user types.
// A refusal (a wrong or expired code, the hourly limit) shows on the code field and the dialog stays;
// once verified the session gets the user (`userUpdated`, so the page shows "Verified") and a toast
// says so (`notify`). On its own (in its model test) the machine emits both.
import { assign, emit, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { UserAnswer } from '@/services/auth-service';
import { errorText } from '@/services/envelope';
import { sendPhoneCode, verifyPhone } from '@/services/phone-service';
import type { User } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { PHONE_CODE_LENGTH } from '@/shared/notification-channels';
import type { NotifyColor } from './session-machine';

export type PhoneVerificationContext = {
  /** The number being proved (the profile's, as stored). */
  phone: string;
  /** Where the last code went ("We sent a 6-digit code to …"), once one was sent. */
  sent: string | null;
  /** What is wrong, shown on the code field: the server's words or the client check's. */
  error: string | null;
};

export type PhoneVerificationEvent =
  | { type: 'phone.open'; phone: string }
  | { type: 'phone.close' }
  | { type: 'code.send' }
  | { type: 'code.submit'; code: string };

export type PhoneVerificationEmitted =
  { type: 'userUpdated'; user: User } | { type: 'notify'; color: NotifyColor; message: string };

const CODE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

export const phoneVerificationMachine = setup({
  types: {
    context: {} as PhoneVerificationContext,
    events: {} as PhoneVerificationEvent,
    emitted: {} as PhoneVerificationEmitted,
  },
  actors: {
    sendCode: fromPromise<{ message: string }, { phone: string }>(({ input }) => sendPhoneCode(input.phone)),
    verifyCode: fromPromise<UserAnswer, { phone: string; code: string }>(({ input }) =>
      verifyPhone(input.phone, input.code),
    ),
  },
  actions: {
    start: assign((_, params: { phone: string }) => ({ phone: params.phone, sent: null, error: null })),
    keepSent: assign((_, params: { message: string }) => ({ sent: params.message, error: null })),
    showError: assign((_, params: { error: unknown }) => ({ error: errorText(params.error) })),
    refuseCode: assign({ error: () => t('phone.codeFormat') }),
    clearError: assign({ error: null }),
    userUpdated: emit((_, params: { user: User }) => ({ type: 'userUpdated' as const, user: params.user })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
  },
  guards: {
    wasSent: ({ context }) => context.sent !== null,
    isCode: (_, params: { code: string }) => CODE.test(params.code),
  },
}).createMachine({
  id: 'phoneVerification',
  context: { phone: '', sent: null, error: null },
  initial: 'closed',
  states: {
    closed: {
      on: {
        'phone.open': {
          target: 'ready',
          actions: { type: 'start', params: ({ event }) => ({ phone: event.phone }) },
        },
      },
    },
    // The dialog shows the number and "Send code".
    ready: {
      on: {
        'code.send': 'sending',
        'phone.close': 'closed',
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ phone: context.phone }),
        onDone: {
          target: 'entering',
          actions: { type: 'keepSent', params: ({ event }) => ({ message: event.output.message }) },
        },
        // The hourly limit (429) or no connection: said on the field; a code sent before still counts.
        onError: [
          {
            guard: 'wasSent',
            target: 'entering',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'ready',
            actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // The PIN input for the code, with "Send a new code".
    entering: {
      on: {
        'code.submit': [
          {
            guard: { type: 'isCode', params: ({ event }) => ({ code: event.code }) },
            target: 'checking',
            actions: 'clearError',
          },
          { actions: 'refuseCode' },
        ],
        'code.send': 'sending',
        'phone.close': 'closed',
      },
    },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context, event }) => ({
          phone: context.phone,
          code: event.type === 'code.submit' ? event.code : '',
        }),
        onDone: {
          target: 'closed',
          actions: [
            { type: 'userUpdated', params: ({ event }) => ({ user: event.output.user }) },
            {
              type: 'notify',
              params: ({ event }) => ({ color: 'success' as const, message: event.output.message }),
            },
          ],
        },
        onError: {
          target: 'entering',
          actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type PhoneVerificationSnapshot = SnapshotFrom<typeof phoneVerificationMachine>;

export function selectPhoneVerification(snapshot: PhoneVerificationSnapshot) {
  return {
    open: !snapshot.matches('closed'),
    phone: snapshot.context.phone,
    /** The code was sent: the PIN input shows (also while it is checked or a new one is asked for). */
    entering: snapshot.context.sent !== null && !snapshot.matches('closed'),
    sent: snapshot.context.sent,
    error: snapshot.context.error,
    sending: snapshot.matches('sending'),
    checking: snapshot.matches('checking'),
  };
}
