// The reader's conversations (issue 25): the other person's name and photo, the last message, the
// unread count, newest activity first, paged. Threads the live stream brought since the page loaded
// (the notifications machine's `liveThreads`) show over their older copies, so the list stays current.
import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import { threadsLoader } from '@/machines/screens/messages-screens';
import type { Thread } from '@/services/schemas/message';
import { t } from '@/shared/messages';
import { pathFor } from '@/shared/routes';
import { formatDate, formatTime } from '@/shared/format';
import { useNotifications } from '../../app-actors-context';
import { ListStates } from '../../components/lists/list-states';
import { initialsOf } from '../../components/profile/initials';
import { useLoader } from '../../use-loader';

export const personName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** Today's messages by their time, older ones by their day. */
export function whenText(at: string | null): string {
  if (!at) return '';
  const date = new Date(at);
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatDate(date);
}

/** The page's threads with the live copies over them; on the first page, new ones on top. */
export function currentThreads(page: Thread[], live: Thread[], firstPage: boolean): Thread[] {
  const byId = new Map(live.map((thread) => [thread.id, thread]));
  const shown = page.map((thread) => byId.get(thread.id) ?? thread);
  if (!firstPage) return shown;
  const known = new Set(page.map((thread) => thread.id));
  const merged = [...live.filter((thread) => !known.has(thread.id)), ...shown];
  return merged.sort((a, b) => Date.parse(b.updatedAt ?? '') - Date.parse(a.updatedAt ?? ''));
}

function ThreadRow({ thread, active }: { thread: Thread; active: boolean }) {
  const name = personName(thread.other);
  const last = thread.lastMessage;
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
              {whenText(thread.updatedAt)}
            </Text>
          </Group>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="gray.7" truncate>
              {last ? `${mine ? `${t('msgclient.you')}: ` : ''}${last.text}` : ''}
            </Text>
            {thread.unreadCount > 0 && (
              <>
                <Badge color="red" size="sm" aria-hidden style={{ flexShrink: 0 }}>
                  {thread.unreadCount}
                </Badge>
                <VisuallyHidden>{t('msgclient.unread', { count: thread.unreadCount })}</VisuallyHidden>
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
  const live = useSelector(useNotifications(), (s) => s.context.liveThreads);
  const firstPage = (list.meta?.currentPage ?? 1) === 1;
  const threads = currentThreads(list.items, live, firstPage);
  const empty = list.state === 'empty' && threads.length === 0;
  const shown = list.state === 'empty' && threads.length > 0 ? { ...list, state: 'loaded' as const } : list;

  return (
    <Paper withBorder p="xs" component="section" aria-label={t('msgclient.conversations')}>
      {empty ? (
        <Text c="gray.7" p="md">
          {t('msgclient.empty')}
        </Text>
      ) : (
        <ListStates list={shown} label="Pages of conversations">
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
