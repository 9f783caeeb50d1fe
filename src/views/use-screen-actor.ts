import { useEffect, useState } from 'react';
import { createActor, type ActorRefFrom, type AnyActorLogic, type InputFrom } from 'xstate';
import { useAppActors } from './app-actors-context';

let opened = 0;

export type ScreenActorOptions<T extends AnyActorLogic> = {
  input?: InputFrom<T>;
  /** For an actor another actor talks to by name (docs/architecture.md "Actor system"). */
  systemId?: string;
};

/**
 * A screen's own actor, as a child of the app actor (src/machines/app-machine.ts `screen.open`): it
 * joins the system (Stately and the inspector show it there), gets the shared effects once
 * (src/machines/screen-effects.ts: notices, the changed user, navigation) and stops when the screen
 * goes. `logic` comes from src/machines with its services bound; the view only renders its state and
 * sends it events. The logic and options of the first render count (a new resource is a new screen).
 *
 * Until the app has spawned it (an effect, so never on the server and never twice in strict mode),
 * the screen reads an idle actor of the same logic and input: the same first snapshot, so the
 * server's HTML and the first render in the browser agree.
 */
export function useScreenActor<T extends AnyActorLogic>(
  logic: T,
  options: ScreenActorOptions<T> = {},
): ActorRefFrom<T> {
  const { app } = useAppActors();
  const [first] = useState(() => ({ logic, options }));
  const [idle] = useState(() => createActor(first.logic, { input: first.options.input }) as ActorRefFrom<T>);
  const [spawned, setSpawned] = useState<ActorRefFrom<T> | null>(null);
  useEffect(() => {
    const id = `screen-${++opened}`;
    app.send({
      type: 'screen.open',
      id,
      logic: first.logic,
      input: first.options.input,
      systemId: first.options.systemId,
    });
    setSpawned(app.getSnapshot().context.screens[id] as ActorRefFrom<T>);
    return () => app.send({ type: 'screen.close', id });
  }, [app, first]);
  return spawned ?? idle;
}
