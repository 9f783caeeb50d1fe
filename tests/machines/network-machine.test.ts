// The workspace's network actor (issue 27 "offline"): online/offline for the notice, and the service
// worker told who is signed in, or to drop everything when the session ends. Model-based: every
// transition is walked on a real actor whose services are stand-ins, each step checked against the
// rules written out here (the notice, the user id, what the worker was told). Then its session
// callback against a session-like actor in one system. The real worker is tested in the browser
// (tests/e2e/offline.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, type AnyEventObject, type EventFromLogic } from 'xstate';
import { networkMachine, selectOffline, type NetworkEvent } from '@/machines/network-machine';
import { coverageOf, modelOf, type ModelPath, mutationTests, pathTests } from './model-paths';

type Event = EventFromLogic<typeof networkMachine>;

const quiet = {
  watchConnection: fromCallback<NetworkEvent>(() => {}),
  watchSession: fromCallback<NetworkEvent>(() => {}),
};
const logic = networkMachine.provide({
  actors: quiet,
  actions: { tellWorkerUser: () => {}, clearOfflineData: () => {} },
});
const events: Event[] = [
  { type: 'network.offline' },
  { type: 'network.online' },
  { type: 'session.user', userId: 7 },
  { type: 'session.user', userId: 8 },
  { type: 'session.none' },
];
const model = modelOf(logic, { events, visibleContext: (s) => s.context });
const coverage = coverageOf(networkMachine);

type Seen = { offline: boolean; userId: number | null; worker: string[] };

/** The rules: what the notice, the user and the worker's messages are after an event. */
function expectedAfter(seen: Seen, event: Event): Seen {
  switch (event.type) {
    case 'network.offline':
      return { ...seen, offline: true };
    case 'network.online':
      return { ...seen, offline: false };
    case 'session.user':
      return { ...seen, userId: event.userId, worker: [...seen.worker, `user ${event.userId}`] };
    case 'session.none':
      return { ...seen, userId: null, worker: [...seen.worker, 'clear'] };
  }
}

function replay(path: ModelPath<typeof logic>, machine: typeof networkMachine = networkMachine) {
  const worker: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: quiet,
      actions: {
        tellWorkerUser: (_, params: { userId: number }) => worker.push(`user ${params.userId}`),
        clearOfflineData: () => worker.push('clear'),
      },
    }),
    { inspect: coverage.inspect },
  ).start();
  let seen: Seen = { offline: false, userId: null, worker: [] };
  for (const step of path.steps) {
    if ((step.event.type as string) !== 'xstate.init') {
      actor.send(step.event);
      seen = expectedAfter(seen, step.event);
    }
    const snapshot = actor.getSnapshot();
    expect({ offline: selectOffline(snapshot), userId: snapshot.context.userId, worker }).toEqual(seen);
  }
  return actor;
}

describe('network machine (model-based)', () => {
  it('starts online (the server’s HTML and the first render agree), knowing no user', () => {
    const snapshot = createActor(logic).getSnapshot();
    expect(selectOffline(snapshot)).toBe(false);
    expect(snapshot.context.userId).toBeNull();
  });

  pathTests(coverage, model, 'shows and tells what the rules say', (path) => replay(path).stop());

  // Last: measured over every replay above.
  mutationTests(coverage, {
    paths: () => [...model.shortest, ...model.simple],
    replay: (path, mutant) => replay(path as ModelPath<typeof logic>, mutant as typeof networkMachine).stop(),
  });
});

type StandInUser = { id: number };

/** Stands in for the session: the same state names, a user in its context. */
const fakeSession = setup({
  types: { context: {} as { user: StandInUser | null }, events: {} as AnyEventObject },
}).createMachine({
  id: 'fakeSession',
  context: { user: null },
  initial: 'restoring',
  states: {
    restoring: { on: { in: 'signedIn', out: 'signedOut' } },
    signedIn: {
      on: {
        out: { target: 'signedOut', actions: assign({ user: null }) },
        'route.changed': { actions: assign(({ context }) => ({ ...context })) },
        'user.updated': { actions: assign({ user: ({ event }) => event.user as StandInUser }) },
      },
    },
    signedOut: { on: { 'route.changed': { actions: assign(({ context }) => ({ ...context })) } } },
  },
  on: { login: { actions: assign({ user: ({ event }) => event.user as StandInUser }) } },
});

const worker: string[] = [];

function start() {
  const network = networkMachine.provide({
    actors: { watchConnection: quiet.watchConnection },
    actions: {
      tellWorkerUser: (_, params: { userId: number }) => worker.push(`user ${params.userId}`),
      clearOfflineData: () => worker.push('clear'),
    },
  });
  const root = setup({ actors: { session: fakeSession, network } }).createMachine({
    invoke: [
      { id: 'session', systemId: 'session', src: 'session' },
      { id: 'network', src: 'network' },
    ],
    on: { '*': { actions: ({ event, system }) => system.get('session')?.send(event) } },
  });
  const actor = createActor(root).start();
  return { session: (event: AnyEventObject) => actor.send(event) };
}

afterEach(() => {
  worker.length = 0;
});

describe('network machine: following the session', () => {
  it('tells the worker who is signed in, once per user, and to drop everything when the session ends', () => {
    const app = start();
    expect(worker).toEqual([]);
    app.session({ type: 'login', user: { id: 7 } });
    app.session({ type: 'in' });
    expect(worker).toEqual(['user 7']);
    // Navigating does not repeat it.
    app.session({ type: 'route.changed' });
    expect(worker).toEqual(['user 7']);
    app.session({ type: 'user.updated', user: { id: 8 } });
    expect(worker).toEqual(['user 7', 'user 8']);
    app.session({ type: 'out' });
    app.session({ type: 'route.changed' });
    expect(worker).toEqual(['user 7', 'user 8', 'clear']);
  });

  it('drops everything when the session settles signed out', () => {
    const app = start();
    app.session({ type: 'out' });
    expect(worker).toEqual(['clear']);
  });
});
