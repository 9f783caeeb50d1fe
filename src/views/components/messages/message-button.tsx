// "Message" (issue 25): opens a conversation with a person (`/messages?to={user_id}`), a new one or
// the pair's existing thread. A visitor is sent to sign in first and comes back here (the route
// guard does it: `/messages` is for signed-in users). Hidden on one's own page.
import { Button } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconMessageCircle } from '@tabler/icons-react';
import { Link } from 'wouter';
import { pathFor } from '@/shared/routes';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { msgText } from './messages-text';

/** Where the button leads: the messages page with a composer to `toUserId`. */
export function messagePath(toUserId: number, name: string): string {
  const query = new URLSearchParams({ to: String(toUserId), ...(name ? { name } : {}) });
  return `${pathFor('messages')}?${query.toString()}`;
}

export function MessageButton({ toUserId, name, label }: { toUserId: number; name: string; label?: string }) {
  const me = useSelector(useSession(), selectUser);
  if (me && me.id === toUserId) return null;
  return (
    <Button
      component={Link}
      href={messagePath(toUserId, name)}
      variant="light"
      leftSection={<IconMessageCircle size={18} aria-hidden />}
    >
      {label ?? msgText('messageButton')}
    </Button>
  );
}
