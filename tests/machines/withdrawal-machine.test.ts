// Model-based test of "Withdraw to M-Pesa" (issue 23): every transition of the withdrawal machine is
// walked on a real actor whose calls never settle by themselves (their results are sent as done/error
// events) and whose timers are fake (the poll and the wait are sent as their delayed events). Each
// step checks what the panel shows (step, fee and total before the PIN, the refusal on its field,
// the receipt or M-Pesa's reason) against an oracle written out here, and what it told the app.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic } from 'xstate';
import { selectWithdrawal, withdrawalMachine, type WithdrawalEmitted } from '@/machines/withdrawal-machine';
import { ApiError } from '@/services/http';
import { decodeWithdrawal, type Withdrawal } from '@/services/schemas/withdrawal';
import type { WithdrawalRequested } from '@/services/withdrawal-service';
import { coverageOf, modelOf, mutationTests, pathTests, replayScreens, type ModelPath } from './model-paths';

type WithdrawalEvent = EventFromLogic<typeof withdrawalMachine>;

const TEXT = {
  limits: 'Enter a whole amount from KES 50 to KES 150,000.',
  aboveWithdrawable: 'You can withdraw at most KES 2,000.',
  badPin: 'The PIN must be a 4-digit number.',
  wrongPin: 'The PIN is incorrect. You have 4 tries left.',
  numberWait: 'This number was set less than 24 hours ago.',
  accepted: 'Withdrawal requested. M-Pesa will pay your number shortly.',
  down: 'The service is unavailable.',
  confirm: 'Send KES 500 to •••••••••678. Fee KES 30; KES 530 leaves your wallet.',
  paid: 'Withdrawal paid. M-Pesa receipt SKR7Y2K9QZ.',
  failed:
    'The withdrawal failed and the money is back in your wallet. M-Pesa: The recipient is not registered for M-Pesa.',
  review:
    'M-Pesa has not answered about this withdrawal. Our team is checking it; nothing else is needed from you.',
  slow: 'M-Pesa has not confirmed yet. The withdrawal stays pending; its outcome will show in your withdrawals.',
};

const withdrawal = (status: string, extra: Record<string, unknown> = {}): Withdrawal =>
  decodeWithdrawal({ id: 700, amount: '500.00', fee: '30.00', status, ...extra });
const apiError = (status: number, message: string, fieldErrors: Record<string, string[]> = {}) =>
  new ApiError({ status, message, fieldErrors, data: { message } });
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as WithdrawalEvent;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as WithdrawalEvent;
const after = (type: string) => ({ type }) as unknown as WithdrawalEvent;

const open: WithdrawalEvent = {
  type: 'withdraw.open',
  withdrawable: '2000.00',
  fee: '30.00',
  number: '•••••••••678',
};
const AFTER_POLL = after('xstate.after.poll.withdrawal.pending.waiting');
const AFTER_WAIT = after('xstate.after.wait.withdrawal.pending');
const accepted = done('requestWithdrawal', {
  message: TEXT.accepted,
  withdrawal: withdrawal('pending'),
} satisfies WithdrawalRequested);
const pinRefused = failed('requestWithdrawal', apiError(422, TEXT.wrongPin, { pin: [TEXT.wrongPin] }));
const numberRefused = failed(
  'requestWithdrawal',
  apiError(422, TEXT.numberWait, { withdrawalNo: [TEXT.numberWait] }),
);
const serverDown = failed('requestWithdrawal', apiError(503, TEXT.down));
const stillPending = done('fetchWithdrawal', withdrawal('pending'));
const paidAnswer = done('fetchWithdrawal', withdrawal('completed', { receipt: 'SKR7Y2K9QZ' }));
const failedAnswer = done(
  'fetchWithdrawal',
  withdrawal('failed', { meta: { resultDesc: 'The recipient is not registered for M-Pesa.' } }),
);
const reviewAnswer = done('fetchWithdrawal', withdrawal('needs_review'));
const checkFailed = failed('fetchWithdrawal', apiError(0, 'Network down'));
const ours: WithdrawalEvent = { type: 'transaction.settled', id: 700, status: 'completed' };
const another: WithdrawalEvent = { type: 'transaction.settled', id: 701, status: 'completed' };

const events: WithdrawalEvent[] = [
  open,
  { type: 'amount.submit', amount: '49' },
  { type: 'amount.submit', amount: '2001' },
  { type: 'amount.submit', amount: '500' },
  { type: 'pin.submit', pin: '12' },
  { type: 'pin.submit', pin: '1234' },
  { type: 'withdraw.back' },
  { type: 'withdraw.close' },
  accepted,
  pinRefused,
  numberRefused,
  serverDown,
  AFTER_POLL,
  AFTER_WAIT,
  ours,
  another,
  stillPending,
  paidAnswer,
  failedAnswer,
  reviewAnswer,
  checkFailed,
];

const never = <T, I>() => fromPromise<T, I>(() => new Promise<never>(() => {}));
function pending(machine: typeof withdrawalMachine) {
  return machine.provide({
    actors: {
      requestWithdrawal: never<WithdrawalRequested, { amount: string; pin: string }>(),
      fetchWithdrawal: never<Withdrawal, { id: number }>(),
    },
  });
}
const logic = pending(withdrawalMachine);

const model = modelOf(logic, {
  events,
  visibleContext: (s) => [
    s.context.amount,
    s.context.error,
    s.context.message,
    s.context.withdrawal?.status ?? null,
  ],
  simpleEvents: [
    open,
    { type: 'amount.submit', amount: '500' },
    { type: 'pin.submit', pin: '1234' },
    { type: 'withdraw.close' },
    accepted,
    pinRefused,
    ours,
    paidAnswer,
    failedAnswer,
  ],
});

const coverage = coverageOf(withdrawalMachine);

/** What the panel shows, and how many times the withdrawal was checked (each entry to `checking`). */
type Screen = ReturnType<typeof selectWithdrawal> & { checks: number };
const closed: Screen = {
  checks: 0,
  step: 'closed',
  busy: false,
  error: null,
  fieldErrors: {},
  confirmation: null,
  message: null,
  receipt: null,
  amount: '',
};
const opened: Screen = { ...closed, step: 'amount' };
const changed = { type: 'withdrawal.changed' } as const;
const notify = (color: 'success' | 'error' | 'warning', message: string) =>
  ({ type: 'notify', color, message }) as const;

/** The oracle: what the panel shows after `event`, and what went to the app. */
function expectedAfter(screen: Screen, event: WithdrawalEvent): [Screen, WithdrawalEmitted[]] {
  switch (event) {
    case accepted:
      return [
        { ...screen, step: 'pending', busy: false, confirmation: null, message: TEXT.accepted },
        [changed],
      ];
    case pinRefused:
      return [{ ...screen, busy: false, error: TEXT.wrongPin, fieldErrors: { pin: [TEXT.wrongPin] } }, []];
    case numberRefused:
      return [
        {
          ...screen,
          step: 'amount',
          busy: false,
          confirmation: null,
          error: TEXT.numberWait,
          fieldErrors: { withdrawalNo: [TEXT.numberWait] },
        },
        [],
      ];
    case serverDown:
      return [
        { ...screen, step: 'failed', busy: false, confirmation: null, message: TEXT.down },
        [notify('error', TEXT.down), changed],
      ];
    case paidAnswer:
      return [
        { ...screen, step: 'paid', message: TEXT.paid, receipt: 'SKR7Y2K9QZ' },
        [notify('success', TEXT.paid), changed],
      ];
    case failedAnswer:
      return [{ ...screen, step: 'failed', message: TEXT.failed }, [notify('error', TEXT.failed), changed]];
    case reviewAnswer:
      return [{ ...screen, step: 'review', message: TEXT.review }, [notify('warning', TEXT.review), changed]];
    case AFTER_WAIT:
      return [{ ...screen, step: 'slow', message: TEXT.slow }, []];
    // Into `checking` (again, when a check is already out: its answer may predate the settlement).
    case ours:
      return [{ ...screen, step: 'pending', checks: screen.checks + 1 }, []];
    case AFTER_POLL:
      return [{ ...screen, checks: screen.checks + 1 }, []];
    case stillPending:
    case checkFailed:
      return [screen, []];
  }
  switch (event.type) {
    case 'withdraw.open':
      return [{ ...opened, checks: screen.checks }, []];
    case 'withdraw.close':
      return [{ ...closed, checks: screen.checks }, []];
    case 'withdraw.back':
      return [{ ...screen, step: 'amount', error: null, fieldErrors: {}, confirmation: null }, []];
    case 'amount.submit':
      if (event.amount === '500')
        return [
          { ...screen, step: 'pin', amount: '500', error: null, fieldErrors: {}, confirmation: TEXT.confirm },
          [],
        ];
      {
        const problem = event.amount === '49' ? TEXT.limits : TEXT.aboveWithdrawable;
        return [{ ...screen, amount: event.amount, error: problem, fieldErrors: { amount: [problem] } }, []];
      }
    case 'pin.submit':
      if (event.pin === '1234') return [{ ...screen, busy: true, error: null, fieldErrors: {} }, []];
      return [{ ...screen, error: TEXT.badPin, fieldErrors: { pin: [TEXT.badPin] } }, []];
    default:
      throw new Error(`No oracle for ${event.type}`);
  }
}

const sent: Array<{ amount: string; pin: string }> = [];
const counted = { checks: 0 };

function replay(path: ModelPath<typeof logic>, machine = withdrawalMachine) {
  const instrumented = pending(machine).provide({
    actors: {
      requestWithdrawal: fromPromise<WithdrawalRequested, { amount: string; pin: string }>(({ input }) => {
        sent.push(input);
        return new Promise<never>(() => {});
      }),
      fetchWithdrawal: fromPromise<Withdrawal, { id: number }>(() => {
        counted.checks += 1;
        return new Promise<never>(() => {});
      }),
    },
  });
  counted.checks = 0;
  replayScreens(createActor(instrumented, { inspect: coverage.inspect }), path, {
    start: closed,
    after: expectedAfter,
    check: (seen, screen) => {
      expect({ ...selectWithdrawal(seen), checks: counted.checks }).toEqual(screen);
    },
  }).stop();
}

describe('withdrawal machine (model-based)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sent.length = 0;
  });
  afterEach(() => vi.useRealTimers());

  pathTests(coverage, model, 'shows each step and tells the app what it must', (path) => replay(path));

  it('sends the whole shillings and the PIN once, and never for a refused amount or PIN', () => {
    const actor = createActor(
      logic.provide({
        actors: {
          requestWithdrawal: fromPromise<WithdrawalRequested, { amount: string; pin: string }>(
            ({ input }) => {
              sent.push(input);
              return new Promise<never>(() => {});
            },
          ),
        },
      }),
    ).start();
    actor.send(open);
    actor.send({ type: 'amount.submit', amount: '2001' });
    actor.send({ type: 'amount.submit', amount: ' 500 ' });
    actor.send({ type: 'pin.submit', pin: '12' });
    actor.send({ type: 'pin.submit', pin: '1234' });
    actor.send({ type: 'pin.submit', pin: '1234' });
    expect(sent).toEqual([{ amount: '500.00', pin: '1234' }]);
    actor.stop();
  });

  it('checks a pending withdrawal at each poll until it is final', async () => {
    const answers = [withdrawal('pending'), withdrawal('completed', { receipt: 'SKR7Y2K9QZ' })];
    const actor = createActor(
      withdrawalMachine.provide({
        actors: {
          requestWithdrawal: fromPromise(async () => ({
            message: TEXT.accepted,
            withdrawal: withdrawal('pending'),
          })),
          fetchWithdrawal: fromPromise(async () => answers.shift()!),
        },
      }),
    ).start();
    actor.send(open);
    actor.send({ type: 'amount.submit', amount: '500' });
    actor.send({ type: 'pin.submit', pin: '1234' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectWithdrawal(actor.getSnapshot()).step).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectWithdrawal(actor.getSnapshot()).step).toBe('pending');
    await vi.advanceTimersByTimeAsync(5000);
    expect(selectWithdrawal(actor.getSnapshot())).toMatchObject({ step: 'paid', receipt: 'SKR7Y2K9QZ' });
    actor.stop();
  });

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path, mutant as typeof withdrawalMachine),
  });
});
