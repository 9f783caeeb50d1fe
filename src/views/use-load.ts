import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { errorText } from '@/services/envelope';

type Outcome<T> = { ok: true; data: T } | { ok: false; error: string };

/**
 * Runs one service read (e.g. the options of a profile form) as a promise actor for the life of
 * the component. Remount the component (change its `key`) to load again.
 */
export function useLoad<T>(load: () => Promise<T>) {
  // The actor settles with the failure instead of erroring: @xstate/react rethrows an errored
  // snapshot during render, which would tear the page down instead of showing the message.
  const [logic] = useState(() =>
    fromPromise<Outcome<T>>(async () => {
      try {
        return { ok: true, data: await load() };
      } catch (error) {
        return { ok: false, error: errorText(error) };
      }
    }),
  );
  const actor = useActorRef(logic);
  const outcome = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  return {
    loading: outcome === undefined,
    data: outcome?.ok ? outcome.data : undefined,
    error: outcome && !outcome.ok ? outcome.error : null,
  };
}
