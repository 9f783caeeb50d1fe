// The workspace's network actor (issue 27 "offline"): online/offline for the notice, and the service
// worker told who is signed in, or to drop everything when the session ends. Its services are stand-ins
// here; the real worker is tested in the browser (tests/e2e/offline.test.ts).
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, setup, type AnyEventObject } from 'xstate';
import { networkMachine, selectOffline, type NetworkEvent } from '@/machines/network-machine';

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

let connection: ((event: NetworkEvent) => void) | null = null;
const worker: string[] = [];

function start() {
  const network = networkMachine.provide({
    actors: {
      watchConnection: fromCallback<NetworkEvent>(({ sendBack }) => {
        connection = sendBack;
      }),
    },
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
  const network$ = actor.getSnapshot().children.network!;
  return {
    session: (event: AnyEventObject) => actor.send(event),
    offline: () => selectOffline(network$.getSnapshot() as never),
  };
}

afterEach(() => {
  connection = null;
  worker.length = 0;
});

describe('network machine', () => {
  it('is online until the browser or the worker says the network is gone, and back when it returns', () => {
    const app = start();
    expect(app.offline()).toBe(false);
    connection!({ type: 'network.offline' });
    expect(app.offline()).toBe(true);
    connection!({ type: 'network.offline' });
    expect(app.offline()).toBe(true);
    connection!({ type: 'network.online' });
    expect(app.offline()).toBe(false);
  });

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
