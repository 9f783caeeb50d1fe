import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type EventFromLogic, type SnapshotFrom } from 'xstate';
import { sessionMachine, type SessionEmitted } from '@/machines/session-machine';
import {
  decideAccess,
  destinationOf,
  homePathFor,
  redirectQueryOf,
  safeRedirect,
} from '@/machines/route-guard';
import { t } from '@/shared/messages';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests, replaySteps } from './model-paths';
import {
  admin,
  completeStudent,
  emailRefused,
  invalidCredentials,
  newTeacher,
  offline,
  resetLinkInvalid,
  tooManyAttempts,
  unauthenticated,
} from './session-fixtures';

type SessionEvent = EventFromLogic<typeof sessionMachine>;
type Snapshot = SnapshotFrom<typeof sessionMachine>;

const PROTECTED = '/profile-setting';
const SIGN_IN_WITH_REDIRECT = '/sign-in?redirect=%2Fprofile-setting';

// Answers of the invoked actors arrive as the events the actors would send (done / error).
const actorAnswers = [
  { type: 'xstate.done.actor.loadStoredUser', output: completeStudent },
  { type: 'xstate.done.actor.loadStoredUser', output: null },
  { type: 'xstate.error.actor.loadStoredUser', error: new Error('storage disabled') },
  { type: 'xstate.done.actor.fetchCurrentUser', output: newTeacher },
  { type: 'xstate.error.actor.fetchCurrentUser', error: unauthenticated },
  { type: 'xstate.error.actor.fetchCurrentUser', error: offline },
  { type: 'xstate.done.actor.signIn', output: completeStudent },
  { type: 'xstate.done.actor.signIn', output: newTeacher },
  { type: 'xstate.error.actor.signIn', error: invalidCredentials },
  { type: 'xstate.done.actor.signUp', output: { message: t('auth.signUpReceived') } },
  { type: 'xstate.error.actor.signUp', error: emailRefused },
  { type: 'xstate.done.actor.forgotPassword', output: { message: t('auth.resetEmailSent') } },
  { type: 'xstate.error.actor.forgotPassword', error: tooManyAttempts },
  { type: 'xstate.done.actor.resetPassword', output: { message: t('auth.passwordResetDone') } },
  { type: 'xstate.error.actor.resetPassword', error: resetLinkInvalid },
  { type: 'xstate.done.actor.signOut', output: undefined },
  { type: 'xstate.error.actor.signOut', error: offline },
] as unknown as SessionEvent[];

const userEvents: SessionEvent[] = [
  { type: 'route.changed', path: PROTECTED },
  { type: 'route.changed', path: SIGN_IN_WITH_REDIRECT },
  { type: 'signIn.submit', email: 'student@example.com', password: 'Passw0rd!', remember: true },
  {
    type: 'signUp.submit',
    values: {
      firstName: 'Achieng',
      lastName: 'Odhiambo',
      username: 'achieng',
      email: 'achieng@example.com',
      phone: '0712345678',
      password: 'Passw0rd!',
      passwordConfirmation: 'Passw0rd!',
      role: 'student',
      terms: true,
    },
  },
  { type: 'password.forgot', email: 'student@example.com' },
  {
    type: 'password.reset',
    token: 'abc',
    email: 'student@example.com',
    password: 'N3w-Passw0rd',
    passwordConfirmation: 'N3w-Passw0rd',
  },
  { type: 'signOut' },
  { type: 'session.unauthorized' },
  { type: 'user.updated', user: completeStudent },
  { type: 'user.refresh' },
  { type: 'form.reset' },
];

const events = [...userEvents, ...actorAnswers];

const model = modelOf(sessionMachine, {
  events,
  visibleContext: (s) => ({
    user: s.context.user?.id ?? null,
    location: s.context.location,
    allowedPath: s.context.allowedPath,
    formError: s.context.formError,
    fieldErrors: s.context.fieldErrors,
    notice: s.context.notice,
  }),
  // One event of each kind keeps the simple-path enumeration small.
  simpleEvents: events.filter((e, i, all) => all.findIndex((other) => other.type === e.type) === i),
});

// `restoring` passes straight on to `signedIn` once a user is known (the page's user, issue 27), so
// reloading's answers sent back through it land signed in with the same user, guard and store.
const throughRestoring = 'restoring goes straight to signedIn with the user already known';
const coverage = coverageOf(sessionMachine, {
  allowSurvivors: {
    'retarget reloading --xstate.done.actor.fetchCurrentUser--> signedIn to restoring': throughRestoring,
    'retarget reloading --xstate.error.actor.fetchCurrentUser--> signedIn to restoring': throughRestoring,
  },
});
/** The shortest paths also check the whole context the model reached. */
const exact = new Set(model.shortest);

const never = () => fromPromise<never, never>(() => new Promise<never>(() => {}));

// The store and cookie effects, checked by the replays (cleared for each new actor).
const storeUser = vi.fn();
const clearStoredUser = vi.fn();
const clearCookies = vi.fn();

// One provided machine per machine (the real one, each mutant): building it anew for every replay
// would make the mutation check several times slower.
const provided = new WeakMap<typeof sessionMachine, typeof sessionMachine>();
function withFakes(logic: typeof sessionMachine): typeof sessionMachine {
  const known = provided.get(logic);
  if (known) return known;
  const machine = logic.provide({
    actors: {
      loadStoredUser: never(),
      fetchCurrentUser: never(),
      signIn: never(),
      signUp: never(),
      forgotPassword: never(),
      resetPassword: never(),
      signOut: never(),
    } as never,
    actions: {
      storeUser: ({ context }) => storeUser(context.user),
      clearStoredUser: () => clearStoredUser(),
      clearCookies: () => clearCookies(),
    },
  });
  provided.set(logic, machine);
  return machine;
}

/** A real actor whose invoked actors never answer on their own: the path's events answer for them. */
function startSession(logic: typeof sessionMachine = sessionMachine) {
  for (const spy of [storeUser, clearStoredUser, clearCookies]) spy.mockClear();
  const actor = createActor(withFakes(logic), { inspect: coverage.inspect });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, emitted, storeUser, clearStoredUser, clearCookies };
}

type Session = ReturnType<typeof startSession>;

/** What a user must see after one event, given the snapshot before it. */
function expectOutcome(session: Session, before: Snapshot, event: SessionEvent, emitted: SessionEmitted[]) {
  const after = session.actor.getSnapshot();
  const navigations = emitted.filter((e) => e.type === 'navigate');
  const notices = emitted.filter((e) => e.type === 'notify');
  const wasSignedIn = before.matches('signedIn');
  const out = event as unknown as {
    path: string;
    user: typeof completeStudent;
    output?: unknown;
    error?: { message: string };
  };

  switch (event.type as string) {
    case 'route.changed': {
      expect(after.context.location).toBe(out.path);
      if (before.matches('restoring') || before.matches('reloading')) {
        // The session is not known yet: only remember where the user is.
        expect(navigations).toEqual([]);
        break;
      }
      const decision = decideAccess(after.context.user, out.path);
      if (decision.type === 'allow') {
        expect(after.context.allowedPath).toBe(out.path);
        expect(navigations).toEqual([]);
      } else {
        expect(after.context.allowedPath).toBeNull();
        expect(navigations).toEqual([{ type: 'navigate', to: decision.to, replace: true }]);
      }
      break;
    }
    case 'xstate.done.actor.signIn': {
      const user = out.output as typeof completeStudent;
      const wanted = safeRedirect(redirectQueryOf(before.context.location)) ?? homePathFor(user);
      expect(after.matches({ signedIn: 'idle' })).toBe(true);
      expect(after.context.user).toEqual(user);
      expect(navigations).toEqual([{ type: 'navigate', to: destinationOf(user, wanted), replace: true }]);
      expect(emitted).toContainEqual({ type: 'signedIn', user });
      expect(session.storeUser).toHaveBeenLastCalledWith(user);
      break;
    }
    case 'xstate.error.actor.signIn':
    case 'xstate.error.actor.signUp':
    case 'xstate.error.actor.forgotPassword':
    case 'xstate.error.actor.resetPassword': {
      expect(after.matches({ signedOut: 'idle' })).toBe(true);
      expect(after.context.user).toBeNull();
      expect(after.context.formError).toBe(out.error?.message);
      expect(navigations).toEqual([]);
      break;
    }
    case 'xstate.done.actor.signUp':
    case 'xstate.done.actor.forgotPassword':
    case 'xstate.done.actor.resetPassword': {
      const message = (out.output as { message: string }).message;
      expect(after.context.notice).toBe(message);
      expect(after.context.formError).toBeNull();
      if ((event.type as string) === 'xstate.done.actor.forgotPassword') expect(notices).toEqual([]);
      else expect(notices).toEqual([{ type: 'notify', color: 'success', message }]);
      if ((event.type as string) === 'xstate.done.actor.resetPassword') {
        expect(navigations).toEqual([{ type: 'navigate', to: '/sign-in', replace: false }]);
      } else {
        expect(navigations).toEqual([]);
      }
      break;
    }
    case 'xstate.done.actor.signOut':
    case 'xstate.error.actor.signOut': {
      // Signed out locally whether or not the server answered.
      expect(after.matches({ signedOut: 'idle' })).toBe(true);
      expect(after.context.user).toBeNull();
      expect(session.clearCookies).toHaveBeenCalled();
      expect(session.clearStoredUser).toHaveBeenCalled();
      expect(navigations).toEqual([{ type: 'navigate', to: '/sign-in', replace: true }]);
      expect(emitted).toContainEqual({ type: 'signedOut' });
      break;
    }
    case 'session.unauthorized': {
      if (before.matches({ signedIn: 'signingOut' })) {
        expect(after.value).toEqual(before.value);
        expect(navigations).toEqual([]);
        break;
      }
      expect(wasSignedIn).toBe(true);
      expect(after.matches({ signedOut: 'idle' })).toBe(true);
      expect(after.context.user).toBeNull();
      expect(session.clearCookies).toHaveBeenCalled();
      expect(navigations).toEqual([
        {
          type: 'navigate',
          to: `/sign-in?redirect=${encodeURIComponent(before.context.location)}`,
          replace: true,
        },
      ]);
      expect(notices).toEqual([{ type: 'notify', color: 'warning', message: t('auth.sessionExpired') }]);
      expect(emitted).toContainEqual({ type: 'signedOut' });
      break;
    }
    case 'xstate.done.actor.fetchCurrentUser': {
      expect(after.context.user).toEqual(out.output);
      expect(session.storeUser).toHaveBeenLastCalledWith(out.output);
      expect(after.matches('signedIn')).toBe(true);
      const decision = decideAccess(after.context.user, after.context.location);
      expect(after.context.allowedPath).toBe(decision.type === 'allow' ? after.context.location : null);
      if (before.matches('reloading')) expect(emitted).toContainEqual({ type: 'signedIn', user: out.output });
      break;
    }
    case 'xstate.error.actor.fetchCurrentUser': {
      if (out.error === unauthenticated) {
        expect(after.matches('signedOut')).toBe(true);
        expect(after.context.user).toBeNull();
        expect(session.clearStoredUser).toHaveBeenCalled();
      } else {
        // Offline: the stored user is kept.
        expect(after.matches('signedIn')).toBe(true);
        expect(after.context.user).toEqual(before.context.user);
      }
      break;
    }
    case 'xstate.done.actor.loadStoredUser': {
      expect(after.matches(out.output ? 'reloading' : 'signedOut')).toBe(true);
      break;
    }
    case 'user.updated': {
      expect(after.context.user).toEqual(out.user);
      expect(session.storeUser).toHaveBeenLastCalledWith(out.user);
      break;
    }
    case 'form.reset': {
      expect(after.context).toMatchObject({ formError: null, fieldErrors: {}, notice: null });
      break;
    }
    default:
      break;
  }
}

function replay(
  path: ModelPath<typeof sessionMachine>,
  exact: boolean,
  logic: typeof sessionMachine = sessionMachine,
) {
  const session = startSession(logic);
  replaySteps(session.actor, session.emitted, path, exact, (before, _after, event, emitted) =>
    expectOutcome(session, before, event, emitted),
  );
  return session;
}

/**
 * Signing out while the server has already forgotten the session: the logout call's 401 reaches the
 * session as `session.unauthorized`, which must not read as an expiry (no "session expired" notice,
 * no way back to the page). The model cannot walk it (its paths only send events the machine reacts
 * to, and this transition deliberately does nothing), so it is replayed by hand, here and on every mutant.
 */
function signOutAnswered401(logic: typeof sessionMachine = sessionMachine) {
  const session = startSession(logic);
  const { actor, emitted } = session;
  actor.send({
    type: 'xstate.done.actor.loadStoredUser',
    output: completeStudent,
  } as unknown as SessionEvent);
  actor.send({
    type: 'xstate.done.actor.fetchCurrentUser',
    output: completeStudent,
  } as unknown as SessionEvent);
  actor.send({ type: 'route.changed', path: PROTECTED });
  actor.send({ type: 'signOut' });
  const from = emitted.length;
  actor.send({ type: 'session.unauthorized' });
  expect(actor.getSnapshot().value).toEqual({ signedIn: 'signingOut' });
  expect(emitted.slice(from)).toEqual([]);
  actor.send({ type: 'xstate.error.actor.signOut', error: unauthenticated } as unknown as SessionEvent);
  expect(actor.getSnapshot().value).toEqual({ signedOut: 'idle' });
  expect(emitted.slice(from)).toEqual([
    { type: 'signedOut' },
    { type: 'navigate', to: '/sign-in', replace: true },
  ]);
  actor.stop();
}

/**
 * signedin (issue 27): a signed-in page's HTML carries the user (server/spa.ts), and the session
 * starts from it, with no stored user (a cold load carrying only the cookies): signed in at once,
 * on the page it opened, nothing asked again. Replayed by hand (the model starts without a page
 * user), here and on every mutant.
 */
function startsFromPageUser(logic: typeof sessionMachine = sessionMachine) {
  for (const spy of [storeUser, clearStoredUser, clearCookies]) spy.mockClear();
  const actor = createActor(withFakes(logic), {
    inspect: coverage.inspect,
    input: { user: completeStudent, location: PROTECTED },
  });
  const emitted: SessionEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  expect(actor.getSnapshot().value).toEqual({ signedIn: 'idle' });
  expect(actor.getSnapshot().context).toMatchObject({
    user: completeStudent,
    location: PROTECTED,
    allowedPath: PROTECTED,
  });
  expect(storeUser).toHaveBeenLastCalledWith(completeStudent);
  expect(emitted.filter((e) => e.type === 'navigate')).toEqual([]);
  actor.send({ type: 'route.changed', path: PROTECTED });
  expect(actor.getSnapshot().context.allowedPath).toBe(PROTECTED);
  expect(emitted.filter((e) => e.type === 'navigate')).toEqual([]);
  actor.stop();
}

describe('session machine (model-based)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lands an admin on the admin overview after signing in, not on the empty feed', () => {
    const { actor, emitted } = startSession();
    actor.send({ type: 'route.changed', path: '/sign-in' });
    actor.send({ type: 'xstate.done.actor.loadStoredUser', output: null } as unknown as SessionEvent);
    actor.send({ type: 'signIn.submit', email: 'admin@example.com', password: 'Passw0rd!', remember: false });
    actor.send({ type: 'xstate.done.actor.signIn', output: admin } as unknown as SessionEvent);
    expect(actor.getSnapshot().matches('signedIn')).toBe(true);
    expect(emitted.filter((e) => e.type === 'navigate').at(-1)).toEqual({
      type: 'navigate',
      to: '/admin',
      replace: true,
    });
    actor.stop();
  });

  pathTests(coverage, model, 'reaches the modelled state with what the user should see', (path, kind) =>
    replay(path, kind === 'shortest').actor.stop(),
  );

  it('starts signed in from the user the page carries, without a stored user, and stays on the page', () => {
    coverage.track('page user', () => startsFromPageUser());
  });

  it('signs out without a "session expired" notice when the logout call answers 401', () => {
    coverage.track('sign-out answered 401', () => signOutAnswered401());
  });

  // Last: measured over every replay above. The mutants replay every path after the hand-written
  // sign-out (the only one taking its transition).
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    before: (mutant) => {
      signOutAnswered401(mutant as typeof sessionMachine);
      startsFromPageUser(mutant as typeof sessionMachine);
    },
    replay: (path, mutant) => replay(path, exact.has(path), mutant as typeof sessionMachine).actor.stop(),
  });
});
