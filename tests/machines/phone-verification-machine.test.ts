// Model-based test of the phone verification dialog: every transition walked on a real actor (the
// send and the check are fakes settled by done/error events); each step checks what the dialog shows
// (open, the code boxes, the "sent" line, the message on the field, busy buttons) and what goes to
// the session and the snackbar.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import {
  phoneVerificationMachine,
  selectPhoneVerification,
  type PhoneVerificationEmitted,
} from '@/machines/phone-verification-machine';
import type { UserAnswer } from '@/services/auth-service';
import { ApiError } from '@/services/http';
import { decodeUser } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type PhoneEvent = EventFromLogic<typeof phoneVerificationMachine>;

const PHONE = '254712345678';
const user = decodeUser({ id: 7, first_name: 'Amani', phone: PHONE, phone_verified: true, roles: [] });
const answer: UserAnswer = { message: t('phone.verified'), user };
const SENT = t('phone.codeSent', { phone: '+254 712 345 678' });
const LIMIT = t('phone.tooManyCodes', { max: 3, minutes: 20 });
const WRONG = t('phone.wrongCode', { left: 4 });

const open: PhoneEvent = { type: 'phone.open', phone: PHONE };
const close: PhoneEvent = { type: 'phone.close' };
const send: PhoneEvent = { type: 'code.send' };
const goodCode: PhoneEvent = { type: 'code.submit', code: '246810' };
const shortCode: PhoneEvent = { type: 'code.submit', code: '2468' };
const sent = { type: 'xstate.done.actor.sendCode', output: { message: SENT } } as unknown as PhoneEvent;
const limited = {
  type: 'xstate.error.actor.sendCode',
  error: new ApiError({ status: 429, message: LIMIT }),
} as unknown as PhoneEvent;
const verified = { type: 'xstate.done.actor.verifyCode', output: answer } as unknown as PhoneEvent;
const wrong = {
  type: 'xstate.error.actor.verifyCode',
  error: new ApiError({ status: 422, message: WRONG, fieldErrors: { code: [WRONG] } }),
} as unknown as PhoneEvent;

const events: PhoneEvent[] = [open, close, send, goodCode, shortCode, sent, limited, verified, wrong];

// The calls never settle by themselves: the replays settle them with done/error events.
const pending = {
  actors: {
    sendCode: fromPromise<{ message: string }, { phone: string }>(() => new Promise<never>(() => {})),
    verifyCode: fromPromise<UserAnswer, { phone: string; code: string }>(() => new Promise<never>(() => {})),
  },
};
const logic = phoneVerificationMachine.provide(pending);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => ({ sent: s.context.sent, error: s.context.error }),
  simpleContext: (s) => [s.context.sent !== null, s.context.error !== null],
  simpleEvents: [open, close, send, goodCode, sent, limited, verified, wrong],
});

const coverage = coverageOf(phoneVerificationMachine);

type Screen = {
  open: boolean;
  entering: boolean;
  sent: string | null;
  error: string | null;
  sending: boolean;
  checking: boolean;
};
const closed: Screen = {
  open: false,
  entering: false,
  sent: null,
  error: null,
  sending: false,
  checking: false,
};

/** What the dialog shows and sends after each event. */
function expectedAfter(screen: Screen, event: PhoneEvent): [Screen, PhoneVerificationEmitted[]] {
  const idle = { sending: false, checking: false };
  if (event === sent) return [{ ...screen, ...idle, entering: true, sent: SENT, error: null }, []];
  if (event === limited) return [{ ...screen, ...idle, error: LIMIT }, []];
  if (event === wrong) return [{ ...screen, ...idle, error: WRONG }, []];
  if (event === verified)
    return [
      { ...screen, ...idle, open: false, entering: false },
      [
        { type: 'userUpdated', user },
        { type: 'notify', color: 'success', message: t('phone.verified') },
      ],
    ];
  if (event === open) return [{ ...closed, open: true }, []];
  if (event === close) return [{ ...screen, open: false, entering: false }, []];
  if (event === send) return [{ ...screen, sending: true }, []];
  if (event === shortCode) return [{ ...screen, error: t('phone.codeFormat') }, []];
  return [{ ...screen, checking: true, error: null }, []];
}

function replay(
  path: ModelPath<typeof logic>,
  machine: typeof phoneVerificationMachine = phoneVerificationMachine,
) {
  const actor = createActor(machine.provide(pending), { inspect: coverage.inspect });
  replayScreens(actor, path, {
    start: closed,
    after: expectedAfter,
    check: (seen, screen) => {
      const { phone, ...view } = selectPhoneVerification(seen);
      expect(view).toEqual(screen);
      if (view.open) expect(phone).toBe(PHONE);
    },
  }).stop();
}

describe('phone-verification machine (model-based)', () => {
  pathTests(coverage, model, 'shows the dialog, the message on the field and what is sent', (path) =>
    replay(path),
  );

  it('sends the number, then the number with the typed code', async () => {
    const calls: unknown[] = [];
    const machine = phoneVerificationMachine.provide({
      actors: {
        sendCode: fromPromise<{ message: string }, { phone: string }>(async ({ input }) => {
          calls.push(['send', input]);
          return { message: SENT };
        }),
        verifyCode: fromPromise<UserAnswer, { phone: string; code: string }>(async ({ input }) => {
          calls.push(['verify', input]);
          return answer;
        }),
      },
    });
    const actor = createActor(machine).start();
    actor.send(open);
    actor.send(send);
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send(goodCode);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual([
      ['send', { phone: PHONE }],
      ['verify', { phone: PHONE, code: '246810' }],
    ]);
    expect(actor.getSnapshot().value).toBe('closed');
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof phoneVerificationMachine),
  });
});
