// Offline-friendly repeat visits (issue 27 "offline", docs/workspace-speed.md): whether the phone is
// online, for the workspace's offline notice, and the service worker's part of the session. The
// workspace layout runs it as its own actor (`useScreenActor`): it exists only on signed-in pages,
// so a visitor's page carries none of this code.
//
// - `online` / `offline`: the browser's `online`/`offline` events, and the worker saying it answered
//   from its cache (the network failed although the browser thinks it is online) or from the network.
// - The session, followed from the system (`session`): who is signed in is told to the worker, which
//   keeps only that user's pages and answers; when the session ends (sign-out, expiry) every user's
//   data is dropped (src/services/offline-worker.ts; the worker also drops it when it sees the sign-out
//   or sign-in request itself).
import { assign, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  clearOfflineData,
  registerOfflineWorker,
  tellWorkerUser,
  watchConnection,
} from '@/services/offline-worker';
import type { sessionMachine } from './session-machine';

export type NetworkEvent =
  | { type: 'network.online' }
  | { type: 'network.offline' }
  /** The session is signed in as this user (sent again only when the user changes). */
  | { type: 'session.user'; userId: number }
  /** The session is signed out (sent once each time it becomes so). */
  | { type: 'session.none' };

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** Who the session says is signed in: a user id, `none`, or null while it is still finding out. */
export function sessionUserOf(snapshot: SessionSnapshot): number | 'none' | null {
  if (snapshot.matches('signedIn') && snapshot.context.user) return snapshot.context.user.id;
  return snapshot.matches('signedOut') ? 'none' : null;
}

export const networkMachine = setup({
  types: {
    context: {} as { userId: number | null },
    events: {} as NetworkEvent,
  },
  actors: {
    /** Registers the worker (once per page, when idle) and reports the connection as it changes. */
    watchConnection: fromCallback<NetworkEvent>(({ sendBack }) => {
      registerOfflineWorker();
      return watchConnection((online) => sendBack({ type: online ? 'network.online' : 'network.offline' }));
    }),
    /** Reports who is signed in each time that changes. */
    watchSession: fromCallback<NetworkEvent>(({ system, sendBack }) => {
      const session = system.get('session') as ActorRefFrom<typeof sessionMachine> | undefined;
      if (!session) return;
      let last: number | 'none' | null = null;
      const report = (snapshot: SessionSnapshot) => {
        const now = sessionUserOf(snapshot);
        if (now === null || now === last) return;
        last = now;
        sendBack(now === 'none' ? { type: 'session.none' } : { type: 'session.user', userId: now });
      };
      report(session.getSnapshot());
      const subscription = session.subscribe(report);
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    tellWorkerUser: (_, params: { userId: number }) => tellWorkerUser(params.userId),
    clearOfflineData: () => clearOfflineData(),
  },
}).createMachine({
  id: 'network',
  context: { userId: null },
  invoke: [{ src: 'watchConnection' }, { src: 'watchSession' }],
  on: {
    'session.user': {
      actions: [
        assign({ userId: ({ event }) => event.userId }),
        { type: 'tellWorkerUser', params: ({ event }) => ({ userId: event.userId }) },
      ],
    },
    'session.none': { actions: [assign({ userId: null }), 'clearOfflineData'] },
  },
  // Online until the browser says otherwise: the server's HTML and the first render agree.
  initial: 'online',
  states: {
    online: { on: { 'network.offline': 'offline' } },
    offline: { on: { 'network.online': 'online' } },
  },
});

export const selectOffline = (snapshot: SnapshotFrom<typeof networkMachine>) => snapshot.matches('offline');
