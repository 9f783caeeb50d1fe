// The workspace top bar's messages icon (issue 25): the unread-message count the notifications
// machine keeps (from `GET /api/messages`, then every live `message` event and every thread read).
import { ActionIcon, Indicator } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { pathFor } from '@/shared/routes';
import { useNotifications } from '../../app-actors-context';
import { useHydrated } from '../../hydration';
import { badgeText } from '../notifications/notification-bell';
import { msgText } from './messages-text';

export function MessagesTopBar() {
  const counted = useSelector(useNotifications(), (s) => s.context.messagesUnread);
  // A page rendered on the server shows no count; the browser shows the real one once hydrated.
  const unread = useHydrated() ? counted : 0;
  return (
    <Indicator label={badgeText(unread)} disabled={unread === 0} size={18} offset={4} color="red">
      <ActionIcon
        component={Link}
        href={pathFor('messages')}
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? msgText('topBarUnread', { count: unread }) : msgText('topBar')}
      >
        <IconMessageCircle size={20} aria-hidden />
      </ActionIcon>
    </Indicator>
  );
}
