import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import { errorText } from '@/services/envelope';

/**
 * Runs one service read (e.g. the options of a profile form) as a promise actor for the life of
 * the component. Remount the component (change its `key`) to load again.
 */
export function useLoad<T>(load: () => Promise<T>) {
  const [logic] = useState(() => fromPromise<T>(() => load()));
  const actor = useActorRef(logic);
  const status = useSelector(actor, (s) => s.status);
  const data = useSelector(actor, (s) => (s.status === 'done' ? s.output : undefined));
  const error = useSelector(actor, (s) => (s.status === 'error' ? errorText(s.error) : null));
  return { loading: status === 'active', data, error };
}
