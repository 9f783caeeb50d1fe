// The reader's conversations (issue 25): the other person's name and photo, the last message, the
// unread count, newest activity first, paged. When the unread total changes (a message came over the
// live stream, a thread was read) the list loads again, showing the old page meanwhile.
import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { threadsLoader } from '@/machines/screens/messages-screens';
import type { Thread } from '@/services/schemas/message';
import { pathFor } from '@/shared/routes';
import { formatDate, formatTime } from '@/shared/format';
import { useNotifications } from '../../app-actors-context';
import { ListStates } from '../../components/lists/list-states';
import { initialsOf } from '../../components/profile/initials';
import { useLoader } from '../../use-loader';
import { msgText } from '../../components/messages/messages-text';
import { useNow } from '../../hydration';

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Today's messages by their time, older ones by their day (`now`: useNow()). */
export function whenText(at: string | null, now: number): string {
  if (!at) return '';
  const date = new Date(at);
  return date.toDateString() === new Date(now).toDateString() ? formatTime(date) : formatDate(date);
}

function ThreadRow({ thread, active }: { thread: Thread; active: boolean }) {
  const name = personName(thread.other);
  const last = thread.lastMessage;
  const now = useNow();
  const mine = last !== null && last.senderUserId !== thread.other.userId;
  return (
    <UnstyledButton
      component={Link}
      href={pathFor('messages', { threadId: String(thread.id) })}
      aria-current={active ? 'page' : undefined}
      p="sm"
      style={{
        display: 'block',
        borderRadius: 8,
        background: active ? 'var(--mantine-color-blue-0)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar src={thread.other.photoUrl} alt="" radius="xl" color="blue">
          <span aria-hidden>{initialsOf(thread.other)}</span>
        </Avatar>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={thread.unreadCount > 0 ? 700 : 500} size="sm" truncate>
              {name}
            </Text>
            <Text size="xs" c="gray.7" style={{ flexShrink: 0 }}>
              {whenText(thread.updatedAt, now)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="gray.7" truncate>
              {last ? `${mine ? `${msgText('you')}: ` : ''}${last.text}` : ''}
            </Text>
            {thread.unreadCount > 0 && (
              <>
                <Badge color="red" size="sm" aria-hidden style={{ flexShrink: 0 }}>
                  {thread.unreadCount}
                </Badge>
                <VisuallyHidden>{msgText('unread', { count: thread.unreadCount })}</VisuallyHidden>
              </>
            )}
          </Group>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function ThreadList({ activeId }: { activeId: number | null }) {
  const list = useLoader(threadsLoader, { name: 'conversations', keys: ['page'] });
  const unread = useSelector(useNotifications(), (s) => s.context.messagesUnread);
  const seen = useRef(unread);
  const { refresh } = list;
  useEffect(() => {
    if (seen.current === unread) return;
    seen.current = unread;
    refresh();
  }, [unread, refresh]);
  const threads = list.items;

  return (
    <Paper withBorder p="xs" component="section" aria-label={msgText('conversations')}>
      {list.state === 'empty' ? (
        <Text c="gray.7" p="md">
          {msgText('empty')}
        </Text>
      ) : (
        <ListStates list={list} label="Pages of conversations">
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {threads.map((thread) => (
              <li key={thread.id}>
                <ThreadRow thread={thread} active={thread.id === activeId} />
              </li>
            ))}
          </Stack>
        </ListStates>
      )}
    </Paper>
  );
}
