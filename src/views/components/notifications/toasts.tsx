import { useEffect, useState, lazy, Suspense } from 'react';
import type { Notification } from '@/services/schemas/notification';
import { useNotifications } from '../../app-actors-context';

// @mantine/notifications and its stylesheet load with the first toast, not with the workspace.
const ToastsHost = lazy(() => import('./toasts-host'));

/** Mounted by the workspace layout: waits for the notifications machine's first toast. */
export function NotificationToasts() {
  const actor = useNotifications();
  const [first, setFirst] = useState<Notification | null>(null);
  useEffect(() => {
    if (first) return undefined;
    const subscription = actor.on('toast', ({ notification }) => setFirst(notification));
    return () => subscription.unsubscribe();
  }, [actor, first]);
  return first ? (
    <Suspense fallback={null}>
      <ToastsHost first={first} />
    </Suspense>
  ) : null;
}
