import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { sessionMachine } from '@/machines/session-machine';
import { snackbarMachine } from '@/machines/snackbar-machine';
import { onUnauthorized } from '@/services/http';

export type AppActorsOptions = {
  /** Stately inspector (dev `?inspect`) or a test spy. */
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

/**
 * Creates, wires and starts the long-lived actors of the SPA. The app and the view tests call the
 * same function, so a test exercises the real wiring.
 */
export function createAppActors(options: AppActorsOptions = {}) {
  const snackbar = createActor(snackbarMachine, { inspect: options.inspect });
  const session = createActor(sessionMachine, { input: {}, inspect: options.inspect });

  // The session machine announces outcomes ("signed out", "profile updated"); the bar shows them.
  const notifySubscription = session.on('notify', (event) => {
    snackbar.send({ type: 'snackbar.show', message: event.message, color: event.color });
  });
  // Any 401 means the server forgot us: the session machine clears the user and goes to sign-in.
  const stopUnauthorized = onUnauthorized(() => session.send({ type: 'session.unauthorized' }));

  snackbar.start();
  session.start();

  return {
    session,
    snackbar,
    stop() {
      stopUnauthorized();
      notifySubscription.unsubscribe();
      session.stop();
      snackbar.stop();
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;
export type SessionActor = AppActors['session'];
export type SnackbarActor = AppActors['snackbar'];
