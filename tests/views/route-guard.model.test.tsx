// A model-based test of the route guard through the real UI: an abstract machine of who the user
// is × where they are; every transition is driven by user-event, the memory location and msw,
// and every state asserts the address and the page the app settled on.
import { act, screen, within } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createMachine, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { t } from '@/shared/messages';
import { useFakeApi } from '../msw/server';
import { PASSWORD } from '../msw/handlers';
import { passwordField, renderApp } from '../render';

useFakeApi();

const guardModel = createMachine({
  id: 'guard',
  types: {} as {
    events:
      | { type: 'open.home' }
      | { type: 'open.signIn' }
      | { type: 'open.profileSetting' }
      | { type: 'open.student' }
      | { type: 'signIn.complete' }
      | { type: 'signIn.incomplete' }
      | { type: 'signIn.wrongPassword' }
      | { type: 'signOut' }
      | { type: 'profile.complete' };
  },
  initial: 'signedOut',
  states: {
    signedOut: {
      initial: 'home',
      states: {
        home: {
          on: { 'open.signIn': 'signIn', 'open.profileSetting': 'signInWithRedirect', 'open.student': 'signInWithStudentRedirect' },
        },
        signIn: {
          on: {
            'open.home': 'home',
            'open.profileSetting': 'signInWithRedirect',
            'signIn.wrongPassword': 'signIn',
            'signIn.complete': '#guard.complete.workspace',
            'signIn.incomplete': '#guard.incomplete.student',
          },
        },
        signInWithRedirect: {
          on: {
            'open.home': 'home',
            'open.signIn': 'signIn',
            'signIn.wrongPassword': 'signInWithRedirect',
            // Back to the page that asked for sign-in…
            'signIn.complete': '#guard.complete.profileSetting',
            // …unless the profile is incomplete: completion comes first.
            'signIn.incomplete': '#guard.incomplete.student',
          },
        },
        signInWithStudentRedirect: {
          on: {
            'open.home': 'home',
            // A complete profile asking for the completion screen goes to the workspace instead.
            'signIn.complete': '#guard.complete.workspace',
            'signIn.incomplete': '#guard.incomplete.student',
          },
        },
      },
    },
    complete: {
      initial: 'workspace',
      on: { signOut: '#guard.signedOut.signIn' },
      states: {
        home: { on: { 'open.profileSetting': 'profileSetting', 'open.signIn': 'workspace', 'open.student': 'workspace' } },
        workspace: { on: { 'open.home': 'home', 'open.profileSetting': 'profileSetting', 'open.signIn': 'workspace' } },
        profileSetting: { on: { 'open.home': 'home', 'open.signIn': 'workspace', 'open.student': 'workspace' } },
      },
    },
    incomplete: {
      initial: 'student',
      on: { signOut: '#guard.signedOut.signIn' },
      states: {
        // SPEC §2: public pages too send an incomplete profile back to its completion screen.
        student: {
          on: {
            'open.home': 'student',
            'open.profileSetting': 'student',
            'open.signIn': 'student',
            'profile.complete': '#guard.complete.workspace',
          },
        },
      },
    },
  },
});

type ModelState = SnapshotFrom<typeof guardModel>;
const keyOf = (state: ModelState) => JSON.stringify(state.value);

const heading = (name: string | RegExp) => screen.getByRole('heading', { level: 1, name });
const signInForm = () => screen.getByRole('form', { name: 'Sign in' });

/** Where each model state must land, and what the user must see there. */
const EXPECTED: Record<string, { path: string; see: () => void }> = {
  '{"signedOut":"home"}': { path: '/', see: () => expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument() },
  '{"signedOut":"signIn"}': { path: '/sign-in', see: () => expect(signInForm()).toBeInTheDocument() },
  '{"signedOut":"signInWithRedirect"}': { path: '/sign-in?redirect=%2Fprofile-setting', see: () => expect(signInForm()).toBeInTheDocument() },
  '{"signedOut":"signInWithStudentRedirect"}': { path: '/sign-in?redirect=%2Fstudent', see: () => expect(signInForm()).toBeInTheDocument() },
  '{"complete":"home"}': { path: '/', see: () => expect(screen.getByRole('link', { name: 'Workspace' })).toBeInTheDocument() },
  '{"complete":"workspace"}': { path: '/workspace', see: () => expect(heading('Hello, Amani')).toBeInTheDocument() },
  '{"complete":"profileSetting"}': { path: '/profile-setting', see: () => expect(heading('Profile settings')).toBeInTheDocument() },
  '{"incomplete":"student"}': { path: '/student', see: () => expect(heading('Complete your student profile')).toBeInTheDocument() },
};

let app: ReturnType<typeof renderApp>;
let current: ModelState;
const covered = new Set<string>();

async function signIn(email: string, password: string) {
  const form = signInForm();
  await app.user.type(within(form).getByRole('textbox', { name: 'Email' }), email);
  await app.user.type(passwordField(), password);
  await app.user.click(within(form).getByRole('button', { name: 'Sign in' }));
}

const open = (path: string) => async () => {
  act(() => app.navigate(path));
};

const model = createTestModel(guardModel, {
  events: [
    { type: 'open.home' },
    { type: 'open.signIn' },
    { type: 'open.profileSetting' },
    { type: 'open.student' },
    { type: 'signIn.complete' },
    { type: 'signIn.incomplete' },
    { type: 'signIn.wrongPassword' },
    { type: 'signOut' },
    { type: 'profile.complete' },
  ],
  filterEvents: (state, event) => state.can(event),
  // One node per (state, arriving event, previous state): shortest paths then reach every edge.
  serializeState: (state, event, previous) => `${keyOf(state)} via ${event?.type ?? 'start'} from ${previous ? keyOf(previous) : '-'}`,
});

const executors = {
  'open.home': open('/'),
  'open.signIn': open('/sign-in'),
  'open.profileSetting': open('/profile-setting'),
  'open.student': open('/student'),
  'signIn.complete': () => signIn('student@example.com', PASSWORD),
  'signIn.incomplete': () => signIn('newstudent@example.com', PASSWORD),
  'signIn.wrongPassword': async () => {
    await signIn('student@example.com', 'not-my-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(t('auth.invalidCredentials'));
  },
  signOut: open('/sign-out'),
  'profile.complete': async () => {
    const form = await screen.findByRole('form', { name: 'Student profile' });
    await app.user.type(within(form).getByRole('textbox', { name: /school name/i }), 'Kenya High');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /study mode/i }), 'Boarding');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /curriculum/i }), 'Competency Based Curriculum (CBC)');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /education level/i }), 'Upper Primary');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /grade level/i }), 'Grade 5');
    await app.user.type(within(form).getByLabelText(/date of birth/i), '2014-01-20');
    await app.user.selectOptions(within(form).getByRole('combobox', { name: /gender/i }), 'Female');
    await app.user.click(within(form).getByRole('button', { name: 'Save and continue' }));
  },
};

/** Wraps each executor so the walk records which model edge it drove. */
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
    const expected = EXPECTED[keyOf(state)];
    if (!expected) throw new Error(`No expectation for model state ${keyOf(state)}`);
    await app.landsOn(expected.path);
    expected.see();
  },
};

describe('route guard, walked through the UI', () => {
  for (const path of model.getShortestPaths()) {
    it(path.description, async () => {
      app = renderApp('/');
      current = guardModel.resolveState({ value: { signedOut: 'home' }, context: {} });
      await path.test({ states, events });
    });
  }

  afterAll(() => {
    const edges = new Set<string>();
    for (const { state, transitions } of Object.values(model.getAdjacencyMap())) {
      const moves: Array<{ event: { type: string }; state: ModelState }> = Object.values(transitions);
      for (const move of moves) edges.add(`${keyOf(state)} -${move.event.type}-> ${keyOf(move.state)}`);
    }
    expect(edges.size).toBeGreaterThan(30);
    expect([...edges].filter((edge) => !covered.has(edge))).toEqual([]);
  });
});
