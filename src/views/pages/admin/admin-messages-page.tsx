// `/admin/messages` and `/admin/messages/:threadId` (issue 25, docs/reviews-messages.md "Messages"):
// the threads someone reported (the reason, who reported it, when), newest report first, and
// reading one, read only. Admins read reported threads only; nothing else is listed here.
import { Alert, Anchor, Box, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'wouter';
import { reportedThreadLoader, reportedThreadsLoader } from '@/machines/screens/messages-screens';
import type { ReportedThread } from '@/services/schemas/message';
import { formatDateTime } from '@/shared/time';
import { pathFor } from '@/shared/routes';
import { CenteredLoader } from '../../components/centered-loader';
import { ListStates } from '../../components/lists/list-states';
import { LoadFailed } from '../../components/load-failed';
import { useRouteParams } from '../../route-params';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { MessageText } from '../../components/messages/message-text';
import { msgText } from '../../components/messages/messages-text';

type Person = ReportedThread['users'][number];
const nameOf = (person: Person | undefined) =>
  person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone';
const ROLE: Record<string, string> = { teacher: 'teacher', student: 'student', parent: 'parent' };
const withRole = (person: Person) =>
  `${nameOf(person)}${person.role ? ` (${ROLE[person.role] ?? person.role})` : ''}`;

function reporterOf(thread: ReportedThread): Person | undefined {
  return thread.users.find((person) => person.userId === thread.reportedByUserId);
}

function ReportedCard({ thread }: { thread: ReportedThread }) {
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={4}>
        <Title order={2} size="h5">
          <Anchor component={Link} href={pathFor('admin.messages', { threadId: String(thread.id) })}>
            {thread.users.map(withRole).join(' and ')}
          </Anchor>
        </Title>
        <Text size="sm">{msgText('adminReason', { reason: thread.reportReason })}</Text>
        <Text size="sm" c="gray.7">
          {msgText('adminReportedBy', {
            name: nameOf(reporterOf(thread)),
            when: thread.reportedAt ? formatDateTime(thread.reportedAt) : '',
          })}
          {' · '}
          {msgText('adminMessages', { count: thread.messageCount })}
        </Text>
      </Stack>
    </Card>
  );
}

function ReportedList() {
  const list = useLoader(reportedThreadsLoader, { name: 'reported conversations', keys: ['page'] });
  if (list.state === 'empty') return <Text c="gray.7">{msgText('adminEmpty')}</Text>;
  return (
    <ListStates list={list} label="Pages of reported conversations">
      {list.items.map((thread) => (
        <ReportedCard key={thread.id} thread={thread} />
      ))}
    </ListStates>
  );
}

function ReportedReading({ threadId }: { threadId: string }) {
  const resource = useLoader(reportedThreadLoader, {
    name: 'this conversation',
    params: { threadId },
    inUrl: false,
  });
  const back = (
    <Anchor component={Link} href={pathFor('admin.messages')} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {msgText('adminBack')}
      </Group>
    </Anchor>
  );
  if (resource.loading) return <CenteredLoader label="Loading conversation" />;
  if (!resource.data) {
    return (
      <Stack gap="sm">
        {back}
        <LoadFailed resource={resource} />
      </Stack>
    );
  }
  const { thread, messages } = resource.data;
  const byId = new Map(thread.users.map((person) => [person.userId, person]));
  return (
    <Stack gap="md">
      {back}
      <Title order={2} size="h4">
        {thread.users.map(withRole).join(' and ')}
      </Title>
      <Alert color="yellow" variant="light">
        <Stack gap={4}>
          <Text size="sm">{msgText('adminReadOnly')}</Text>
          <Text size="sm">{msgText('adminReason', { reason: thread.reportReason })}</Text>
          <Text size="sm">
            {msgText('adminReportedBy', {
              name: nameOf(reporterOf(thread)),
              when: thread.reportedAt ? formatDateTime(thread.reportedAt) : '',
            })}
          </Text>
        </Stack>
      </Alert>
      <Stack component="ol" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {messages.map((message) => (
          <Box component="li" key={message.id}>
            <Paper withBorder p="xs">
              <Group gap="xs" justify="space-between">
                <Text size="sm" fw={600}>
                  {nameOf(byId.get(message.senderUserId))}
                </Text>
                <Text size="xs" c="gray.7">
                  {message.createdAt ? formatDateTime(message.createdAt) : ''}
                </Text>
              </Group>
              <MessageText message={message} />
            </Paper>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

export default function AdminMessagesPage() {
  usePageTitle(msgText('adminTitle'));
  const { threadId } = useRouteParams();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {msgText('adminTitle')}
      </Title>
      {threadId ? <ReportedReading key={threadId} threadId={threadId} /> : <ReportedList />}
    </Stack>
  );
}
