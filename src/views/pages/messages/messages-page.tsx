// `/messages` and `/messages/:threadId` (issue 25, docs/reviews-messages.md "Messages"): the thread
// list and the open thread, side by side on a wide screen and one at a time on a phone.
// `/messages?to={user_id}&name=…` opens a composer for a thread that may not exist yet.
import { Anchor, Box, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useSearch } from 'wouter';
import { pathFor } from '@/shared/routes';
import { useRouteParams } from '../../route-params';
import { usePageTitle } from '../../use-page-title';
import { ThreadList } from './thread-list';
import { ThreadPane } from './thread-pane';
import { msgText } from '../../components/messages/messages-text';

/** From this width the list and the thread show side by side. */
const WIDE = '(min-width: 62em)';

function positiveId(value: string | null | undefined): number | null {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : null;
}

export default function MessagesPage() {
  usePageTitle(msgText('title'));
  const { threadId: threadParam } = useRouteParams();
  const search = new URLSearchParams(useSearch());
  const threadId = positiveId(threadParam);
  const toUserId = threadId === null ? positiveId(search.get('to')) : null;
  const toName = search.get('name');
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false });
  const showsThread = threadId !== null || toUserId !== null;

  const pane = showsThread ? (
    // A new resource is a new screen: its own actor per thread (or per new recipient).
    <ThreadPane
      key={threadId ?? `to-${toUserId}`}
      threadId={threadId}
      toUserId={toUserId}
      toName={toName}
      back={
        wide ? null : (
          <Anchor component={Link} href={pathFor('messages')} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={16} aria-hidden />
              {msgText('back')}
            </Group>
          </Anchor>
        )
      }
    />
  ) : (
    <Paper withBorder p="xl" h="100%">
      <Text c="gray.7">{msgText('choose')}</Text>
    </Paper>
  );

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {msgText('title')}
      </Title>
      {wide ? (
        <Group align="stretch" gap="md" wrap="nowrap">
          <Box w={340} style={{ flexShrink: 0 }}>
            <ThreadList activeId={threadId} />
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }}>{pane}</Box>
        </Group>
      ) : showsThread ? (
        pane
      ) : (
        <ThreadList activeId={null} />
      )}
    </Stack>
  );
}
