// The toasts of new notifications, with `@mantine/notifications` and its stylesheet. Loaded lazily by
// the workspace layout only, with the first toast, so the public pages never download either.
import '@mantine/notifications/styles.css';
import { Anchor, Text } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Notification } from '@/services/schemas/notification';
import { notificationContent } from '@/shared/notifications';
import { useNotifications } from '../../app-actors-context';

/** SPEC §9: notifications show for 5000 ms. */
export const TOAST_MS = 5000;

function show(notification: Notification) {
  const { title, body, url } = notificationContent(notification);
  notifications.show({
    id: notification.id,
    title,
    autoClose: TOAST_MS,
    message: (
      <>
        {body && <Text size="sm">{body}</Text>}
        {url && (
          <Anchor component={Link} href={url} size="sm" onClick={() => notifications.hide(notification.id)}>
            Open
          </Anchor>
        )}
      </>
    ),
  });
}

/** Shows `first` (the toast that made it load), then every later one. */
export default function ToastsHost({ first }: { first: Notification }) {
  const actor = useNotifications();
  useEffect(() => {
    show(first);
    const subscription = actor.on('toast', ({ notification }) => show(notification));
    return () => subscription.unsubscribe();
  }, [actor, first]);
  return <Notifications position="top-right" zIndex={1000} />;
}
