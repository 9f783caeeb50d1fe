import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { isUnread, selectCanMarkAll } from '@/machines/notifications-machine';
import { notificationsLoader } from '@/machines/screens/workspace-screens';
import { useNotifications } from '../../app-actors-context';
import { ListStates } from '../../components/lists/list-states';
import { NotificationItem } from '../../components/notifications/notification-item';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

/** Every notification, newest first and paged (issue 9); marking read goes through the bell's machine. */
export default function NotificationsPage() {
  usePageTitle('Notifications');
  const actor = useNotifications();
  const readState = useSelector(
    actor,
    (s) => ({ items: s.context.items, readIds: s.context.readIds, allReadAt: s.context.allReadAt }),
    shallowEqual,
  );
  const canMarkAll = useSelector(actor, selectCanMarkAll);
  const list = useLoader(notificationsLoader, { name: 'notifications', keys: ['page'] });

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          Notifications
        </Title>
        <Button
          variant="light"
          disabled={!canMarkAll}
          onClick={() => actor.send({ type: 'notifications.readAll' })}
        >
          Mark all as read
        </Button>
      </Group>
      <ListStates list={list}>
        <Card withBorder padding="xs">
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.items.map((notification) => (
              <li key={notification.id}>
                <NotificationItem
                  notification={notification}
                  unread={isUnread(readState, notification)}
                  onOpen={() => actor.send({ type: 'notification.read', notification })}
                />
              </li>
            ))}
          </Stack>
        </Card>
      </ListStates>
    </Stack>
  );
}
