// Model-based test of the payment lifecycle: every transition is walked on a real actor whose calls
// never settle by themselves (their results are sent as done/error events) and whose timers are
// fake (the 3 s poll and the 2 min limit are real elapsed time). Each step checks the modal, the
// error and message a person reads, and the toasts and success event the app receives.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import {
  PENDING_TIMEOUT_MS,
  POLL_INTERVAL_MS,
  paymentMachine,
  selectPaymentBusy,
  selectPaymentModal,
  type PayInput,
  type PaymentEmitted,
} from '@/machines/payment-machine';
import { ApiError } from '@/services/http';
import type {
  GatewayPayment,
  Paybill,
  PaybillConfirmation,
  WalletPayment,
} from '@/services/schemas/checkout';
import { decodeTransaction, type Transaction } from '@/services/schemas/transaction';
import { coverageOf, eventsOf, modelOf, mutationTests, pathTests, type ModelPath } from './model-paths';

type PaymentEvent = EventFromLogic<typeof paymentMachine>;
type Snapshot = SnapshotFrom<typeof paymentMachine>;

const AFTER_POLL = 'xstate.after.pollInterval.payment.modal.pending.waiting';
const AFTER_TIMEOUT = 'xstate.after.pendingTimeout.payment.modal.pending';

function apiError(status: number, message?: string) {
  return new ApiError({
    status,
    message: message ?? 'Something went wrong, please try again later.',
    data: message ? { message } : null,
  });
}
const done = (id: string, output: unknown) =>
  ({ type: `xstate.done.actor.${id}`, output }) as unknown as PaymentEvent;
const failed = (id: string, error: unknown) =>
  ({ type: `xstate.error.actor.${id}`, error }) as unknown as PaymentEvent;
const after = (type: string) => ({ type }) as unknown as PaymentEvent;

const transaction = (status: string, meta: Record<string, unknown> | null = null): Transaction =>
  decodeTransaction({ id: 55, type: 'payment', amount: '3000.00', status, meta });

const start = (method: 'wallet' | 'mpesa' | 'paybill' | 'pesapal', hasPIN = true): PaymentEvent => ({
  type: 'payment.start',
  method,
  cartId: 7,
  phone: method === 'mpesa' ? '0712345678' : null,
  wallet: { hasPIN, balance: '10000.00' },
  amount: '3000.00',
});

/** A wallet top-up runs the same machine, paying an amount instead of a cart. */
const startTopUp = (method: 'mpesa' | 'pesapal'): PaymentEvent => ({
  type: 'payment.start',
  method,
  cartId: null,
  phone: method === 'mpesa' ? '0712345678' : null,
  wallet: null,
  amount: '3000.00',
  purpose: 'topup',
});

const TEXT = {
  badPin: 'The PIN must be a 4-digit number.',
  pinMismatch: 'The PINs do not match.',
  badPhone: 'Enter a valid Safaricom phone number.',
  wrongPin: 'The PIN is incorrect. You have 4 tries left.',
  cartChanged: 'Your cart has changed since you opened checkout. Please review it and try again.',
  general: 'Something went wrong, please try again later.',
  notSafaricom: 'The phone number must be a Safaricom number.',
  setupError: 'We could not set up your wallet PIN. Please try again.',
  paid: 'Order paid',
  prompt: 'Check your phone and enter your M-Pesa PIN.',
  pesapal: 'Complete the payment on the Pesapal page.',
  paybillWaiting:
    'We have not received your M-Pesa payment yet. It can take a minute, please try again shortly.',
  cancelled: 'Request cancelled by user',
  failMsg: 'Payment failed. Please try again.',
  timeout:
    'We have not received a confirmation of your payment yet. If you paid, your order will update shortly.',
  credited: 'Your wallet has been credited. Balance: KES 13,000.',
  creditedAmount: 'Wallet credited: KES 3,000.',
  review:
    'We could not match this payment to your order automatically. Our team is reviewing it and will contact you; nothing else is needed from you.',
  expired: 'We could not confirm this payment in time, so nothing was booked and your cart is unchanged.',
};

type Purpose = 'order' | 'topup';
/** A completed transaction: an order is paid; a top-up says the wallet was credited (the server's words first). */
const completedSays =
  (creditedText: string) =>
  (purpose: Purpose): string =>
    purpose === 'topup' ? creditedText : TEXT.paid;

const paybill: Paybill = { businessNumber: '174379', accountNumber: 'SOM-7', amount: '3000.00' };
const mpesaAnswer: GatewayPayment = {
  message: TEXT.prompt,
  pesapalUrl: null,
  transaction: transaction('pending'),
};
const pesapalAnswer: GatewayPayment = {
  message: null,
  pesapalUrl: 'https://sandbox.example/pesapal/pay/abc',
  transaction: transaction('pending'),
};

/** Each result event, and the message the modal must then say (undefined: the message is unchanged). */
const results: Array<[PaymentEvent, string | null | undefined | ((purpose: Purpose) => string)]> = [
  [done('payByWallet', { message: TEXT.paid } satisfies WalletPayment), TEXT.paid],
  [failed('payByWallet', apiError(422, TEXT.wrongPin)), undefined],
  [failed('payByWallet', apiError(409, TEXT.cartChanged)), TEXT.cartChanged],
  [done('setUpWalletPin', { message: 'Wallet setup complete' }), undefined],
  [failed('setUpWalletPin', apiError(0)), undefined],
  [done('payByMpesa', mpesaAnswer), TEXT.prompt],
  [failed('payByMpesa', apiError(422, TEXT.notSafaricom)), undefined],
  [failed('payByMpesa', apiError(500, TEXT.general)), TEXT.general],
  [done('fetchPaybill', paybill), undefined],
  [failed('fetchPaybill', apiError(409, TEXT.cartChanged)), TEXT.cartChanged],
  [
    done('confirmPaybill', { paid: true, underReview: false, message: null } satisfies PaybillConfirmation),
    TEXT.paid,
  ],
  [
    done('confirmPaybill', { paid: false, underReview: false, message: null } satisfies PaybillConfirmation),
    TEXT.paybillWaiting,
  ],
  [
    done('confirmPaybill', {
      paid: false,
      underReview: true,
      message: TEXT.review,
    } satisfies PaybillConfirmation),
    TEXT.review,
  ],
  [failed('confirmPaybill', apiError(409, TEXT.cartChanged)), TEXT.cartChanged],
  [done('payByPesapal', pesapalAnswer), TEXT.pesapal],
  [failed('payByPesapal', apiError(500, TEXT.general)), TEXT.general],
  [done('fetchTransaction', transaction('completed')), completedSays(TEXT.creditedAmount)],
  [
    done('fetchTransaction', transaction('completed', { result_desc: TEXT.credited })),
    completedSays(TEXT.credited),
  ],
  [done('fetchTransaction', transaction('failed', { result_desc: TEXT.cancelled })), TEXT.cancelled],
  [done('fetchTransaction', transaction('cancelled')), TEXT.failMsg],
  [done('fetchTransaction', transaction('needs_review', { result_desc: TEXT.review })), TEXT.review],
  [done('fetchTransaction', transaction('expired', { result_desc: TEXT.expired })), TEXT.expired],
  [done('fetchTransaction', transaction('pending')), undefined],
  [failed('fetchTransaction', apiError(0)), undefined],
  [after(AFTER_TIMEOUT), TEXT.timeout],
];
const messageAfter = new Map(results);

const userEvents: PaymentEvent[] = [
  start('wallet', false),
  start('wallet'),
  start('mpesa'),
  start('paybill'),
  start('pesapal'),
  startTopUp('mpesa'),
  startTopUp('pesapal'),
  { type: 'pin.submit', pin: '1234' },
  { type: 'pin.submit', pin: '12' },
  { type: 'pin.setup', pin: '1234', pinConfirmation: '1234' },
  { type: 'pin.setup', pin: '1234', pinConfirmation: '4321' },
  { type: 'phone.submit', phone: '0708374149' },
  { type: 'phone.submit', phone: '0800 000 000' },
  { type: 'payment.confirm' },
  { type: 'payment.retry' },
  { type: 'payment.close' },
  // Signed out or a 401 (sent by the app machine): closes from any step, even with a call out.
  { type: 'payment.abort' },
  after(AFTER_POLL),
  // The live stream (issue 9): ours is checked at once; another transaction changes nothing.
  { type: 'transaction.settled', id: 55, status: 'completed' },
  { type: 'transaction.settled', id: 56, status: 'completed' },
];
const events = [...userEvents, ...results.map(([event]) => event)];

const never = <T, I>() => fromPromise<T, I>(() => new Promise<never>(() => {}));
const fakeActors = {
  payByWallet: never<WalletPayment, PayInput & { pin: string }>(),
  setUpWalletPin: never<{ message: string }, { pin: string; pinConfirmation: string }>(),
  payByMpesa: never<GatewayPayment, PayInput & { phone: string }>(),
  fetchPaybill: never<Paybill, PayInput>(),
  confirmPaybill: never<PaybillConfirmation, PayInput>(),
  payByPesapal: never<GatewayPayment, PayInput>(),
  fetchTransaction: never<Transaction, { transactionId: number }>(),
};
const logic = paymentMachine.provide({ actors: fakeActors });
// Equivalent mutants: `opening` only dispatches on the method and the wallet, which these
// transitions leave as they were, so going there lands in the very state the machine goes to.
const BACK_THROUGH_OPENING =
  'Going through `opening` lands in the same step: the method and wallet are unchanged.';
const coverage = coverageOf(logic, {
  allowSurvivors: {
    'retarget idle --payment.start--> modal to modal.opening': '`opening` is the initial state of `modal`.',
    'retarget modal.walletPin --pin.submit[badPin]--> (stays) to modal.opening': BACK_THROUGH_OPENING,
    'retarget modal.payingByWallet --xstate.error.actor.payByWallet[refusedInput]--> modal.walletPin to modal.opening':
      BACK_THROUGH_OPENING,
    'retarget modal.pinSetup --pin.setup[badPinSetup]--> (stays) to modal.opening': BACK_THROUGH_OPENING,
    'retarget modal.settingUpPin --xstate.done.actor.setUpWalletPin--> modal.walletPin to modal.opening':
      'The wallet has a PIN now, so `opening` goes to walletPin too.',
    'retarget modal.settingUpPin --xstate.error.actor.setUpWalletPin--> modal.pinSetup to modal.opening':
      BACK_THROUGH_OPENING,
    'retarget modal.mpesaPhone --phone.submit[badPhone]--> (stays) to modal.opening': BACK_THROUGH_OPENING,
    'retarget modal.payingByMpesa --xstate.error.actor.payByMpesa[refusedInput]--> modal.mpesaPhone to modal.opening':
      BACK_THROUGH_OPENING,
  },
});

const byId = (id: string) => results.filter(([e]) => e.type.endsWith(`.${id}`)).map(([e]) => e);
const model = modelOf(logic, {
  events,
  visibleContext: (s) => [
    s.context.method,
    s.context.wallet?.hasPIN ?? null,
    s.context.error,
    s.context.message,
    s.context.purpose,
  ],
  // The two everyday stories end to end: wallet with a PIN, and M-Pesa express followed to the end.
  simpleEvents: [
    start('wallet'),
    start('mpesa'),
    { type: 'pin.submit', pin: '1234' },
    { type: 'phone.submit', phone: '0708374149' },
    { type: 'payment.confirm' },
    { type: 'payment.close' },
    after(AFTER_POLL),
    ...byId('payByWallet'),
    ...byId('payByMpesa').filter((e) => e.type.startsWith('xstate.done')),
    ...byId('fetchTransaction').filter(
      (e) => typeof messageAfter.get(e) === 'function' || messageAfter.get(e) === undefined,
    ),
  ],
  simpleContext: (s) => s.context.method,
});

// What the modal shows in each state (SPEC §2, issue 3), written out rather than read from the machine.
const MODE: Record<string, string> = {
  idle: 'closed',
  walletPin: 'pin',
  payingByWallet: 'pin',
  pinSetup: 'pinSetup',
  settingUpPin: 'pinSetup',
  mpesaPhone: 'phone',
  payingByMpesa: 'phone',
  loadingPaybill: 'loading',
  paybill: 'paybill',
  confirmingPaybill: 'paybill',
  payingByPesapal: 'loading',
  success: 'success',
  fail: 'fail',
  review: 'review',
};
const SUBMIT_TEXT: Record<string, string> = {
  closed: '',
  pin: 'Pay',
  pinSetup: 'Save PIN',
  phone: 'Send payment prompt',
  loading: '',
  paybill: 'I have paid',
  prompt: 'I have completed the payment',
  iframe: 'I have completed the payment',
  success: '',
  fail: '',
  review: '',
};
const TITLE: Record<string, string> = {
  wallet: 'Pay from your wallet',
  mpesa: 'Pay with M-Pesa',
  paybill: 'Pay with M-Pesa paybill',
  pesapal: 'Pay by card (Pesapal)',
};
const BUSY = [
  'payingByWallet',
  'settingUpPin',
  'payingByMpesa',
  'loadingPaybill',
  'confirmingPaybill',
  'payingByPesapal',
];

/** The refusal shown under the form after an event (undefined: unchanged). */
function errorAfter(event: PaymentEvent): string | null | undefined {
  switch (event.type) {
    case 'payment.start':
    case 'payment.close':
    case 'payment.abort':
      return null;
    case 'pin.submit':
      return /^\d{4}$/.test(event.pin) ? null : TEXT.badPin;
    case 'pin.setup':
      return event.pin === event.pinConfirmation ? null : TEXT.pinMismatch;
    case 'phone.submit':
      return event.phone === '0708374149' ? null : TEXT.badPhone;
    default:
      if (event === results[1]![0]) return TEXT.wrongPin;
      if (event === results[4]![0]) return TEXT.setupError;
      if (event === results[6]![0]) return TEXT.notSafaricom;
      return undefined;
  }
}

/** `idle`, or the step inside the open modal (`walletPin`, `pending`, …). */
function stateName(snapshot: Snapshot): string {
  if (typeof snapshot.value === 'string') return snapshot.value;
  const inner = snapshot.value.modal!;
  return typeof inner === 'string' ? inner : Object.keys(inner)[0]!;
}

/** What a replay counts: transaction checks asked for (none ever answers by itself). */
const counted = { checks: 0 };
const instrumented = new WeakMap<typeof logic, typeof logic>();
/** The machine with the counting implementations, made once per machine (the mutation check replays many). */
function instrument(machine: typeof logic): typeof logic {
  let found = instrumented.get(machine);
  if (!found) {
    found = machine.provide({
      actors: {
        fetchTransaction: fromPromise<Transaction, { transactionId: number }>(() => {
          counted.checks += 1;
          return new Promise<never>(() => {});
        }),
      },
    });
    instrumented.set(machine, found);
  }
  return found;
}

function replay(path: ModelPath<typeof logic>, machine: typeof logic = logic) {
  counted.checks = 0;
  const actor = createActor(instrument(machine), { inspect: coverage.inspect });
  let expectedChecks = 0;
  const emitted: PaymentEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();

  let method: string | null = null;
  let purpose: Purpose = 'order';
  let error: string | null = null;
  let message: string | null = null;
  let pendingFor = 0;
  for (const step of path.steps) {
    const event = step.event;
    const before = actor.getSnapshot();
    const emittedBefore = emitted.length;
    if ((event.type as string) === 'xstate.init') {
      // the actor starts there
    } else if ((event.type as string) === AFTER_POLL) {
      vi.advanceTimersByTime(POLL_INTERVAL_MS);
      pendingFor += POLL_INTERVAL_MS;
    } else if ((event.type as string) === AFTER_TIMEOUT) {
      vi.advanceTimersByTime(PENDING_TIMEOUT_MS - pendingFor);
    } else {
      actor.send(event);
    }

    const seen = actor.getSnapshot();
    expect(seen.value).toEqual(step.state.value);
    // A check starts on entering `checking`, and again when the stream speaks during one.
    const checking = (s: Snapshot) => s.matches({ modal: { pending: 'checking' } });
    if (checking(seen) && (!checking(before) || event.type === 'transaction.settled')) expectedChecks += 1;
    // Waiting out the two minutes runs the next poll's check on the way (it never answers).
    if ((event.type as string) === AFTER_TIMEOUT && before.matches({ modal: { pending: 'waiting' } }))
      expectedChecks += 1;
    expect(counted.checks).toBe(expectedChecks);
    const name = stateName(seen);
    if (name === 'pending' && stateName(before) !== 'pending') pendingFor = 0;

    // The oracle: what the person was told along the path.
    if (event.type === 'payment.start') {
      method = event.method;
      purpose = event.purpose ?? 'order';
    }
    const closes = event.type === 'payment.close' || event.type === 'payment.abort';
    if (event.type === 'payment.start' || closes || event.type === 'payment.retry') message = null;
    // The model only sends events the machine takes, so each one's effect applies.
    const nextError = errorAfter(event);
    if (nextError !== undefined) error = nextError;
    if (closes) method = null;
    const nextMessage = messageAfter.get(event);
    if (nextMessage !== undefined)
      message = typeof nextMessage === 'function' ? nextMessage(purpose) : nextMessage;

    const modal = selectPaymentModal(seen);
    const mode = name === 'pending' ? (seen.context.redirectUrl ? 'iframe' : 'prompt') : MODE[name]!;
    expect(modal).toEqual({
      mode,
      show: name !== 'idle',
      gateway: name === 'idle' ? null : method,
      title: name === 'idle' ? '' : mode === 'pinSetup' ? 'Set up your wallet PIN' : TITLE[method!],
      submitText: SUBMIT_TEXT[mode],
      phone: expect.any(String),
    });
    expect(seen.context.error).toBe(error);
    expect(seen.context.message).toBe(message);
    expect(selectPaymentBusy(seen)).toBe(BUSY.includes(name));
    if (mode === 'iframe') expect(seen.context.redirectUrl).toBe(pesapalAnswer.pesapalUrl);
    if (mode === 'paybill') expect(seen.context.paybill).toEqual(paybill);

    // Entering an outcome: the toast and the success event, exactly once.
    const fresh = emitted.slice(emittedBefore);
    if (name === 'success' && stateName(before) !== 'success') {
      expect(fresh).toEqual([{ type: 'notify', color: 'success', message }, { type: 'payment.succeeded' }]);
    } else if (name === 'fail' && stateName(before) !== 'fail') {
      expect(fresh).toEqual([{ type: 'notify', color: 'error', message }]);
    } else if (name === 'review' && stateName(before) !== 'review') {
      // Under review is no failure to retry: a warning, and the modal offers only Close.
      expect(fresh).toEqual([{ type: 'notify', color: 'warning', message }]);
      expect(seen.can({ type: 'payment.retry' })).toBe(false);
    } else if (name === 'walletPin' && stateName(before) === 'settingUpPin') {
      expect(fresh).toEqual([
        { type: 'wallet.pinSetUp' },
        { type: 'notify', color: 'success', message: 'Wallet setup complete' },
      ]);
    } else {
      expect(fresh).toEqual([]);
    }
  }
  return { actor, successes: emitted.filter((e) => e.type === 'payment.succeeded').length };
}

describe('payment machine (model-based)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  pathTests(coverage, model, 'shows the modal, message and toasts the path leads to', (path, kind) => {
    const { actor, successes } = replay(path);
    // A simple path is a whole story: it ends paid exactly once when a result on it says so.
    if (kind === 'simple') {
      const paidOnce = eventsOf(path).some((e) => {
        const says = messageAfter.get(e);
        return says === TEXT.paid || typeof says === 'function';
      });
      expect(successes).toBe(paidOnce ? 1 : 0);
    }
    actor.stop();
  });
});

/** The context and the modal the selector derives from the state, as the view reads them. */
function shown(actor: { getSnapshot: () => Snapshot }) {
  const snapshot = actor.getSnapshot();
  return { ...snapshot.context, modal: selectPaymentModal(snapshot) };
}

describe('payment machine (behaviour with real calls and timers)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function run(actors: Partial<typeof fakeActors>) {
    const actor = createActor(paymentMachine.provide({ actors: { ...fakeActors, ...actors } }), {
      inspect: coverage.inspect,
    });
    const emitted: PaymentEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { actor, emitted };
  }

  it('pays once however often Pay is clicked while the payment is out', async () => {
    const pay = vi.fn(async () => ({ message: 'Order paid' }));
    const { actor, emitted } = run({ payByWallet: fromPromise(pay) });
    actor.send(start('wallet'));
    actor.send({ type: 'pin.submit', pin: '1234' });
    actor.send({ type: 'pin.submit', pin: '1234' });
    actor.send({ type: 'pin.submit', pin: '1234' });
    await vi.advanceTimersByTimeAsync(0);
    expect(pay).toHaveBeenCalledTimes(1);
    expect(pay.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { cartId: 7, amount: '3000.00', studentId: null, pin: '1234' } }),
    ]);
    expect(shown(actor).modal).toMatchObject({ mode: 'success', show: true });
    expect(emitted).toContainEqual({ type: 'payment.succeeded' });
  });

  it('sends the M-Pesa number in 254 form and follows the transaction every 3 s until it is paid', async () => {
    const payByMpesa = vi.fn(async () => mpesaAnswer);
    const answers = [transaction('pending'), transaction('pending'), transaction('completed')];
    const fetchTransaction = vi.fn(async () => answers.shift()!);
    const { actor, emitted } = run({
      payByMpesa: fromPromise(payByMpesa),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('mpesa'));
    expect(shown(actor).modal).toMatchObject({
      mode: 'phone',
      phone: '0712345678',
      title: 'Pay with M-Pesa',
    });
    actor.send({ type: 'phone.submit', phone: '0708 374 149' });
    await vi.advanceTimersByTimeAsync(0);
    expect(payByMpesa.mock.calls[0]).toEqual([
      expect.objectContaining({
        input: { cartId: 7, amount: '3000.00', studentId: null, phone: '254708374149' },
      }),
    ]);
    expect(shown(actor)).toMatchObject({ message: TEXT.prompt, transactionId: 55 });
    expect(shown(actor).modal.mode).toBe('prompt');

    await vi.advanceTimersByTimeAsync(2999);
    expect(fetchTransaction).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchTransaction).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchTransaction).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(fetchTransaction).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().matches({ modal: 'success' })).toBe(true);
    expect(emitted).toContainEqual({ type: 'notify', color: 'success', message: 'Order paid' });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(fetchTransaction).toHaveBeenCalledTimes(3);
  });

  it('checks at once when the person says the payment is complete', async () => {
    const fetchTransaction = vi.fn(async () =>
      transaction('failed', { result_desc: 'The balance is insufficient for the transaction.' }),
    );
    const { actor, emitted } = run({
      payByMpesa: fromPromise(async () => mpesaAnswer),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTransaction).toHaveBeenCalledTimes(1);
    expect(shown(actor).modal.mode).toBe('fail');
    expect(emitted).toContainEqual({
      type: 'notify',
      color: 'error',
      message: 'The balance is insufficient for the transaction.',
    });
  });

  it('checks at once when the live stream says its transaction settled, without waiting for the poll', async () => {
    const fetchTransaction = vi.fn(async () => transaction('completed'));
    const { actor, emitted } = run({
      payByMpesa: fromPromise(async () => mpesaAnswer),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(0);
    // Another payment's transaction is none of this modal's business.
    actor.send({ type: 'transaction.settled', id: 56, status: 'completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTransaction).not.toHaveBeenCalled();
    actor.send({ type: 'transaction.settled', id: 55, status: 'completed' });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchTransaction).toHaveBeenCalledTimes(1);
    expect(shown(actor).modal.mode).toBe('success');
    expect(emitted).toContainEqual({ type: 'notify', color: 'success', message: 'Order paid' });
  });

  it('asks again when the stream speaks while a check is out, so a stale "pending" does not wait 3 s', async () => {
    const answers = [transaction('pending'), transaction('completed')];
    const resolvers: Array<() => void> = [];
    const fetchTransaction = vi.fn(
      () => new Promise<Transaction>((resolve) => resolvers.push(() => resolve(answers.shift()!))),
    );
    const { actor } = run({
      payByMpesa: fromPromise(async () => mpesaAnswer),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.confirm' });
    actor.send({ type: 'transaction.settled', id: 55, status: 'completed' });
    expect(fetchTransaction).toHaveBeenCalledTimes(2);
    resolvers[0]!(); // the first, stale check is no longer listened to
    resolvers[1]!();
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(actor).modal.mode).toBe('success');
  });

  it('gives up following after 2 minutes', async () => {
    const fetchTransaction = vi.fn(async () => transaction('pending'));
    const { actor, emitted } = run({
      payByPesapal: fromPromise(async () => pesapalAnswer),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('pesapal'));
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(actor)).toMatchObject({
      redirectUrl: pesapalAnswer.pesapalUrl,
      message: TEXT.pesapal,
    });
    expect(shown(actor).modal).toMatchObject({ mode: 'iframe', gateway: 'pesapal' });
    await vi.advanceTimersByTimeAsync(PENDING_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches({ modal: 'pending' })).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(shown(actor)).toMatchObject({ message: TEXT.timeout, modal: { mode: 'fail' } });
    expect(emitted).toContainEqual({ type: 'notify', color: 'error', message: TEXT.timeout });
    const calls = fetchTransaction.mock.calls.length;
    expect(calls).toBe(Math.floor((PENDING_TIMEOUT_MS - 1) / POLL_INTERVAL_MS));
    await vi.advanceTimersByTimeAsync(10 * POLL_INTERVAL_MS);
    expect(fetchTransaction).toHaveBeenCalledTimes(calls);
  });

  it('keeps the paybill numbers on screen until the payment has come in', async () => {
    const confirmations: PaybillConfirmation[] = [
      { paid: false, underReview: false, message: null },
      { paid: true, underReview: false, message: 'Order paid' },
    ];
    const { actor, emitted } = run({
      fetchPaybill: fromPromise(async () => paybill),
      confirmPaybill: fromPromise(async () => confirmations.shift()!),
    });
    actor.send(start('paybill'));
    expect(shown(actor).modal.mode).toBe('loading');
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(actor)).toMatchObject({
      paybill,
      modal: { mode: 'paybill', submitText: 'I have paid' },
    });
    actor.send({ type: 'payment.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(actor)).toMatchObject({
      paybill,
      message: TEXT.paybillWaiting,
      modal: { mode: 'paybill' },
    });
    actor.send({ type: 'payment.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(shown(actor)).toMatchObject({ message: 'Order paid', modal: { mode: 'success' } });
    expect(emitted.filter((e) => e.type === 'payment.succeeded')).toHaveLength(1);
  });

  it('asks for a PIN set-up first when the wallet has none, then for the PIN', async () => {
    const setUp = vi.fn(async () => ({ message: 'Wallet setup complete' }));
    const { actor, emitted } = run({ setUpWalletPin: fromPromise(setUp) });
    actor.send(start('wallet', false));
    expect(shown(actor).modal).toMatchObject({
      mode: 'pinSetup',
      title: 'Set up your wallet PIN',
      submitText: 'Save PIN',
    });
    actor.send({ type: 'pin.setup', pin: '12a4', pinConfirmation: '12a4' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ pin: ['The PIN must be a 4-digit number.'] });
    actor.send({ type: 'pin.setup', pin: '2468', pinConfirmation: '2468' });
    await vi.advanceTimersByTimeAsync(0);
    expect(setUp.mock.calls[0]).toEqual([
      expect.objectContaining({ input: { pin: '2468', pinConfirmation: '2468' } }),
    ]);
    expect(shown(actor)).toMatchObject({
      error: null,
      fieldErrors: {},
      modal: { mode: 'pin', submitText: 'Pay', title: 'Pay from your wallet' },
    });
    expect(emitted).toEqual([
      { type: 'wallet.pinSetUp' },
      { type: 'notify', color: 'success', message: 'Wallet setup complete' },
    ]);
  });

  it('asks for the PIN when nothing is known about the wallet, leaving the verdict to the server', () => {
    const { actor } = run({});
    actor.send({ ...start('wallet'), wallet: null } as PaymentEvent);
    expect(shown(actor).modal).toMatchObject({ mode: 'pin', title: 'Pay from your wallet' });
  });

  it('says the wallet was credited, with the balance, when a top-up completes (never "Order paid")', async () => {
    const credited = decodeTransaction({
      id: 56,
      type: 'topup',
      amount: '3000.00',
      status: 'completed',
      meta: { result_desc: TEXT.credited },
    });
    const { actor, emitted } = run({
      payByMpesa: fromPromise(async () => mpesaAnswer),
      fetchTransaction: fromPromise(async () => credited),
    });
    actor.send(startTopUp('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(shown(actor)).toMatchObject({ message: TEXT.credited, modal: { mode: 'success' } });
    expect(emitted).toContainEqual({ type: 'notify', color: 'success', message: TEXT.credited });
    expect(emitted).not.toContainEqual(expect.objectContaining({ message: 'Order paid' }));
    expect(emitted.filter((e) => e.type === 'payment.succeeded')).toHaveLength(1);
  });

  it('sends the chosen child with every kind of payment', async () => {
    const payByWallet = vi.fn(async () => ({ message: 'Order paid' }));
    const payByMpesa = vi.fn(async () => mpesaAnswer);
    const fetchPaybill = vi.fn(async () => paybill);
    const payByPesapal = vi.fn(async () => pesapalAnswer);
    const { actor } = run({
      payByWallet: fromPromise(payByWallet),
      payByMpesa: fromPromise(payByMpesa),
      fetchPaybill: fromPromise(fetchPaybill),
      payByPesapal: fromPromise(payByPesapal),
    });
    const forChild = (method: 'wallet' | 'mpesa' | 'paybill' | 'pesapal') =>
      ({ ...start(method), studentId: 21 }) as PaymentEvent;

    actor.send(forChild('wallet'));
    actor.send({ type: 'pin.submit', pin: '1234' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.close' });
    actor.send(forChild('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.close' });
    actor.send(forChild('paybill'));
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'payment.close' });
    actor.send(forChild('pesapal'));
    await vi.advanceTimersByTimeAsync(0);

    for (const call of [payByWallet, payByMpesa, fetchPaybill, payByPesapal]) {
      expect(call.mock.calls[0]).toEqual([
        expect.objectContaining({ input: expect.objectContaining({ studentId: 21 }) }),
      ]);
    }
  });

  it('ignores a start while a payment is already open', () => {
    const { actor } = run({});
    actor.send(start('mpesa'));
    actor.send(start('wallet'));
    expect(shown(actor).modal).toMatchObject({ mode: 'phone', gateway: 'mpesa' });
  });

  it('ignores Close while a call is out, but a sign-out (abort) stops the call and closes the modal', async () => {
    let answer: (payment: WalletPayment) => void = () => {};
    const pay = vi.fn(() => new Promise<WalletPayment>((resolve) => (answer = resolve)));
    const { actor, emitted } = run({ payByWallet: fromPromise(pay) });
    actor.send(start('wallet'));
    actor.send({ type: 'pin.submit', pin: '1234' });
    actor.send({ type: 'payment.close' });
    expect(shown(actor).modal).toMatchObject({ mode: 'pin', show: true });
    expect(selectPaymentBusy(actor.getSnapshot())).toBe(true);

    actor.send({ type: 'payment.abort' });
    expect(shown(actor).modal).toMatchObject({ mode: 'closed', show: false });
    expect(actor.getSnapshot().children).toEqual({});
    answer({ message: 'Order paid' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([]);
  });

  it('stops following a pending payment when aborted: no more checks, no late outcome', async () => {
    const fetchTransaction = vi.fn(async () => transaction('pending'));
    const { actor, emitted } = run({
      payByMpesa: fromPromise(async () => mpesaAnswer),
      fetchTransaction: fromPromise(fetchTransaction),
    });
    actor.send(start('mpesa'));
    actor.send({ type: 'phone.submit', phone: '0708374149' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetchTransaction).toHaveBeenCalledTimes(1);
    actor.send({ type: 'payment.abort' });
    await vi.advanceTimersByTimeAsync(PENDING_TIMEOUT_MS);
    expect(fetchTransaction).toHaveBeenCalledTimes(1);
    expect(shown(actor)).toMatchObject({ message: null, transactionId: null, modal: { show: false } });
    expect(emitted).toEqual([]);
  });

  // Last: measured over every replay above. Each mutant is replayed on the shortest paths only (they
  // end once on every transition of the model; the simple ones add whole stories, not transitions).
  mutationTests(coverage, {
    paths: () => model.shortest,
    replay: (path, mutant) => replay(path, mutant as typeof logic).actor.stop(),
  });
});
