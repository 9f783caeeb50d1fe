import { ActionIcon, Anchor, Button, Group, Indicator, Popover, Stack, Text } from '@mantine/core';
import { shallowEqual, useSelector } from '@xstate/react';
import { IconBell } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { loadErrorText } from '@/machines/load-machine';
import { selectCanMarkAll, selectFeedState } from '@/machines/notifications-machine';
import { pathFor } from '@/shared/routes';
import { t } from '@/shared/messages';
import { useNotifications } from '../../app-actors-context';
import { useHydrated } from '../../hydration';
import { ListStates } from '../lists/list-states';
import { NotificationItem } from './notification-item';

/** The unread count as the badge shows it. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/** The top-bar bell (issue 9): unread count, the newest notifications in a popover, mark all read. */
export function NotificationBell() {
  const actor = useNotifications();
  const { counted, items, feed, canMarkAll } = useSelector(
    actor,
    (s) => ({
      counted: s.context.unreadCount,
      items: s.context.items,
      feed: selectFeedState(s),
      canMarkAll: selectCanMarkAll(s),
    }),
    shallowEqual,
  );
  const [opened, setOpened] = useState(false);
  // A page rendered on the server shows no count; the browser shows the real one once hydrated.
  const unread = useHydrated() ? counted : 0;

  return (
    <Indicator label={badgeText(unread)} disabled={unread === 0} size={18} offset={4} color="red">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={`Notifications, ${unread} unread`}
            onClick={() => setOpened((open) => !open)}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs">
          <Group justify="space-between" px={6} pb={6}>
            <Text fw={600}>Notifications</Text>
            <Button
              size="compact-xs"
              variant="subtle"
              disabled={!canMarkAll}
              onClick={() => actor.send({ type: 'notifications.readAll' })}
            >
              Mark all as read
            </Button>
          </Group>
          {items.length === 0 && (feed === 'loading' || feed === 'error') ? (
            // Nothing to show yet: the loading and "Try again" every list shows.
            <ListStates
              list={{
                name: 'notifications',
                state: feed,
                error: loadErrorText('notifications'),
                meta: null,
                retry: () => actor.send({ type: 'notifications.retry' }),
                setPage: () => {},
              }}
            >
              {null}
            </ListStates>
          ) : items.length === 0 ? (
            <Text c="gray.7" size="sm" ta="center" py="md">
              {t('notifications.none')}
            </Text>
          ) : (
            <Stack
              gap={2}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Newest notifications"
            >
              {items.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem
                    notification={notification}
                    unread={notification.readAt === null}
                    onOpen={() => {
                      actor.send({ type: 'notification.read', notification });
                      setOpened(false);
                    }}
                  />
                </li>
              ))}
            </Stack>
          )}
          <Group justify="center" pt={6}>
            <Anchor
              component={Link}
              href={pathFor('notifications')}
              size="sm"
              onClick={() => setOpened(false)}
            >
              See all
            </Anchor>
          </Group>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
