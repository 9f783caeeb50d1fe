// The session (SPEC §4, §6; docs/architecture.md "Session machine"): who is signed in, the auth
// forms, and where the user may be. Navigation and notices are emitted, never performed here.
import { assertEvent, assign, emit, enqueueActions, fromPromise, setup } from 'xstate';
import * as authService from '@/services/auth-service';
import type { Credentials, PasswordResetValues } from '@/services/auth-service';
import { clearAllCookies, isApiError, isUnauthorized } from '@/services/http';
import { errorText } from '@/services/envelope';
import * as sessionStore from '@/services/session-store';
import type { User } from '@/services/schemas/user';
import { t } from '@/shared/messages';
import type { FieldErrors, SignUpValues } from '@/shared/validation';
import {
  SIGN_IN_PATH,
  WORKSPACE_PATH,
  decideAccess,
  destinationOf,
  homePathFor,
  redirectQueryOf,
  safeRedirect,
  signInPathFor,
} from './route-guard';
import { pathnameOf } from '@/shared/routes';

export type SessionContext = {
  user: User | null;
  /** Full path (with query) the router last reported. */
  location: string;
  /** The location the guard let through; the view renders a page only when it equals the location. */
  allowedPath: string | null;
  formError: string | null;
  fieldErrors: FieldErrors;
  /** Success text for the auth pages (account created, reset link sent, password reset). */
  notice: string | null;
};

/**
 * What the page knows as the session starts: the signed-in user its HTML carries (server/spa.ts,
 * signedin issue 27) and where the browser is. Without a user the session restores as before.
 */
export type SessionInput = { user?: User | null; location?: string };

export type SessionEvent =
  | { type: 'route.changed'; path: string }
  | { type: 'signIn.submit'; email: string; password: string; remember: boolean }
  | { type: 'signUp.submit'; values: SignUpValues }
  | { type: 'password.forgot'; email: string }
  | ({ type: 'password.reset' } & PasswordResetValues)
  | { type: 'signOut' }
  | { type: 'session.unauthorized' }
  | { type: 'user.updated'; user: User }
  | { type: 'user.refresh' }
  | { type: 'form.reset' };

export type NotifyColor = 'primary' | 'success' | 'error' | 'warning';

export type SessionEmitted =
  | { type: 'navigate'; to: string; replace: boolean }
  | { type: 'notify'; color: NotifyColor; message: string }
  | { type: 'signedIn'; user: User }
  | { type: 'signedOut' };

type Message = { message: string };

const clearedForm = { formError: null, fieldErrors: {}, notice: null } as const;

function failure(error: unknown): Pick<SessionContext, 'formError' | 'fieldErrors'> {
  return { formError: errorText(error), fieldErrors: isApiError(error) ? error.fieldErrors : {} };
}

const sessionSetup = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    // `void`: the input may be left out (an `undefined` here is dropped when the type is inferred).
    input: {} as SessionInput | void,
  },
  actors: {
    loadStoredUser: fromPromise<User | null>(async () => sessionStore.loadStoredUser()),
    fetchCurrentUser: fromPromise<User>(() => authService.fetchCurrentUser()),
    signIn: fromPromise<User, Credentials>(({ input }) => authService.signIn(input)),
    signUp: fromPromise<Message, SignUpValues>(async ({ input }) => {
      // The CSRF cookie must exist before the first write of a session (SPEC §7).
      await authService.fetchCsrfCookie();
      return authService.register(input);
    }),
    forgotPassword: fromPromise<Message, { email: string }>(async ({ input }) => {
      await authService.fetchCsrfCookie();
      return authService.forgotPassword(input.email);
    }),
    resetPassword: fromPromise<Message, PasswordResetValues>(async ({ input }) => {
      await authService.fetchCsrfCookie();
      return authService.resetPassword(input);
    }),
    signOut: fromPromise<void>(() => authService.logout()),
  },
  actions: {
    storeUser: ({ context }) => {
      if (context.user) sessionStore.storeUser(context.user);
    },
    clearStoredUser: () => sessionStore.clearStoredUser(),
    clearCookies: () => clearAllCookies(),
    navigate: emit((_, params: { to: string; replace: boolean }) => ({
      type: 'navigate' as const,
      ...params,
    })),
    notify: emit((_, params: { color: NotifyColor; message: string }) => ({
      type: 'notify' as const,
      ...params,
    })),
    announceSignedIn: emit((_, params: { user: User }) => ({ type: 'signedIn' as const, user: params.user })),
    announceSignedOut: emit({ type: 'signedOut' as const }),
    recordLocation: assign(({ context, event }) => {
      assertEvent(event, 'route.changed');
      // Errors of a form belong to its page; a success notice may follow the user (reset → sign-in).
      const samePage = pathnameOf(event.path) === pathnameOf(context.location);
      return samePage ? { location: event.path } : { location: event.path, formError: null, fieldErrors: {} };
    }),
    forgetUser: assign({ user: null, allowedPath: null, ...clearedForm }),
    clearForm: assign(clearedForm),
  },
  guards: {
    hasStoredUser: (_, params: { user: User | null }) => params.user !== null,
    /** The page's HTML carried the signed-in user (the server has just checked the session). */
    hasPageUser: ({ context }) => context.user !== null,
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorized(params.error),
  },
});

export const sessionMachine = sessionSetup
  // Actions made of the named ones above, so a test that swaps `navigate` or `clearCookies` sees them.
  .extend({
    actions: {
      /** Runs the guard on the current location: let it through, or go where this user belongs. */
      applyGuard: sessionSetup.enqueueActions(({ context, enqueue }) => {
        const decision = decideAccess(context.user, context.location);
        if (decision.type === 'allow') {
          enqueue.assign({ allowedPath: context.location });
        } else {
          enqueue.assign({ allowedPath: null });
          enqueue({ type: 'navigate', params: { to: decision.to, replace: true } });
        }
      }),
      /** Sign-out (SPEC §4): delete all cookies, clear the user, go to sign-in. */
      endSession: sessionSetup.enqueueActions(({ enqueue }) => {
        enqueue('clearCookies');
        enqueue('clearStoredUser');
        enqueue('forgetUser');
        enqueue({ type: 'navigate', params: { to: SIGN_IN_PATH, replace: true } });
      }),
      /** A 401 (SPEC §6): as sign-out, but sign-in brings the user back to where they were. */
      endExpiredSession: sessionSetup.enqueueActions(({ context, enqueue }) => {
        enqueue('clearCookies');
        enqueue('clearStoredUser');
        enqueue('forgetUser');
        enqueue({ type: 'navigate', params: { to: signInPathFor(context.location), replace: true } });
        enqueue({ type: 'notify', params: { color: 'warning', message: t('auth.sessionExpired') } });
      }),
    },
  })
  .createMachine({
    id: 'session',
    // The router reports the real location with `route.changed` as soon as the app renders.
    context: ({ input }) => ({
      user: (input || {}).user ?? null,
      location: (input || {}).location ?? '/',
      allowedPath: null,
      formError: null,
      fieldErrors: {},
      notice: null,
    }),
    initial: 'restoring',
    states: {
      restoring: {
        // A signed-in page's HTML carries its user: signed in at once, so the page renders (on the
        // server, and hydrating in the browser) with no call first; localStorage is not needed.
        always: { guard: 'hasPageUser', target: 'signedIn', actions: ['storeUser', 'applyGuard'] },
        invoke: {
          id: 'loadStoredUser',
          src: 'loadStoredUser',
          onDone: [
            {
              guard: { type: 'hasStoredUser', params: ({ event }) => ({ user: event.output }) },
              target: 'reloading',
              actions: assign({ user: ({ event }) => event.output }),
            },
            { target: 'signedOut', actions: 'applyGuard' },
          ],
          onError: { target: 'signedOut', actions: 'applyGuard' },
        },
        // Until the session is known the guard cannot decide; remember where the user is.
        on: { 'route.changed': { actions: 'recordLocation' } },
      },

      reloading: {
        invoke: {
          id: 'fetchCurrentUser',
          src: 'fetchCurrentUser',
          onDone: {
            target: 'signedIn',
            actions: [assign({ user: ({ event }) => event.output }), 'storeUser', 'applyGuard'],
          },
          onError: [
            {
              guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
              target: 'signedOut',
              actions: ['forgetUser', 'clearStoredUser', 'clearCookies', 'applyGuard'],
            },
            // Offline or a server fault: keep the stored user so a reload without network still works.
            { target: 'signedIn', actions: 'applyGuard' },
          ],
        },
        on: { 'route.changed': { actions: 'recordLocation' } },
      },

      signedOut: {
        initial: 'idle',
        on: {
          'route.changed': { actions: ['recordLocation', 'applyGuard'] },
          'form.reset': { actions: 'clearForm' },
        },
        states: {
          idle: {
            on: {
              'signIn.submit': { target: 'signingIn', actions: 'clearForm' },
              'signUp.submit': { target: 'signingUp', actions: 'clearForm' },
              'password.forgot': { target: 'sendingReset', actions: 'clearForm' },
              'password.reset': { target: 'resettingPassword', actions: 'clearForm' },
            },
          },
          signingIn: {
            invoke: {
              id: 'signIn',
              src: 'signIn',
              input: ({ event }) => {
                assertEvent(event, 'signIn.submit');
                return { email: event.email, password: event.password, remember: event.remember };
              },
              onDone: {
                target: '#session.signedIn',
                actions: [
                  assign({ user: ({ event }) => event.output }),
                  'storeUser',
                  enqueueActions(({ context, enqueue }) => {
                    // Back to the page that sent the user to sign in, if it is ours; the guard may
                    // still send an incomplete profile to its completion screen.
                    const wanted =
                      safeRedirect(redirectQueryOf(context.location)) ??
                      (context.user ? homePathFor(context.user) : WORKSPACE_PATH);
                    const to = destinationOf(context.user, wanted);
                    enqueue.assign({ allowedPath: to });
                    enqueue({ type: 'navigate', params: { to, replace: true } });
                  }),
                ],
              },
              onError: { target: 'idle', actions: assign(({ event }) => failure(event.error)) },
            },
          },
          signingUp: {
            invoke: {
              id: 'signUp',
              src: 'signUp',
              input: ({ event }) => {
                assertEvent(event, 'signUp.submit');
                return event.values;
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign({ notice: ({ event }) => event.output.message }),
                  {
                    type: 'notify',
                    params: ({ event }) => ({ color: 'success', message: event.output.message }),
                  },
                ],
              },
              onError: { target: 'idle', actions: assign(({ event }) => failure(event.error)) },
            },
          },
          sendingReset: {
            invoke: {
              id: 'forgotPassword',
              src: 'forgotPassword',
              input: ({ event }) => {
                assertEvent(event, 'password.forgot');
                return { email: event.email };
              },
              onDone: { target: 'idle', actions: assign({ notice: ({ event }) => event.output.message }) },
              onError: { target: 'idle', actions: assign(({ event }) => failure(event.error)) },
            },
          },
          resettingPassword: {
            invoke: {
              id: 'resetPassword',
              src: 'resetPassword',
              input: ({ event }) => {
                assertEvent(event, 'password.reset');
                return {
                  token: event.token,
                  email: event.email,
                  password: event.password,
                  passwordConfirmation: event.passwordConfirmation,
                };
              },
              onDone: {
                target: 'idle',
                actions: [
                  assign({ notice: ({ event }) => event.output.message }),
                  {
                    type: 'notify',
                    params: ({ event }) => ({ color: 'success', message: event.output.message }),
                  },
                  { type: 'navigate', params: { to: SIGN_IN_PATH, replace: false } },
                ],
              },
              onError: { target: 'idle', actions: assign(({ event }) => failure(event.error)) },
            },
          },
        },
      },

      signedIn: {
        initial: 'idle',
        entry: { type: 'announceSignedIn', params: ({ context }) => ({ user: context.user as User }) },
        exit: 'announceSignedOut',
        on: {
          'route.changed': { actions: ['recordLocation', 'applyGuard'] },
          'user.updated': {
            actions: [assign({ user: ({ event }) => event.user }), 'storeUser', 'applyGuard'],
          },
          // SPEC §6: the server forgot us; come back here after signing in again.
          'session.unauthorized': { target: 'signedOut', actions: 'endExpiredSession' },
          // No `form.reset` here: the auth forms' errors and notices are cleared on the way in (a
          // submit clears them), and nothing signed in sets them again.
        },
        states: {
          idle: {
            on: {
              signOut: 'signingOut',
              'user.refresh': 'refreshing',
            },
          },
          refreshing: {
            invoke: {
              id: 'fetchCurrentUser',
              src: 'fetchCurrentUser',
              onDone: {
                target: 'idle',
                actions: [assign({ user: ({ event }) => event.output }), 'storeUser', 'applyGuard'],
              },
              onError: [
                {
                  guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                  target: '#session.signedOut',
                  actions: 'endExpiredSession',
                },
                { target: 'idle' },
              ],
            },
          },
          signingOut: {
            // The logout call may well answer 401 (session already gone); that is not an expiry.
            on: { 'session.unauthorized': { actions: [] } },
            invoke: {
              id: 'signOut',
              src: 'signOut',
              // Signed out locally whether or not the server heard us.
              onDone: { target: '#session.signedOut', actions: 'endSession' },
              onError: { target: '#session.signedOut', actions: 'endSession' },
            },
          },
        },
      },
    },
  });
