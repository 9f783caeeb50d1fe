// One conversation (issue 25): newest at the bottom, "Load earlier messages", a text box with its
// 2,000-character counter and Send; a failed send says why in plain words and keeps the text. The
// menu blocks or unblocks the other person and reports the thread. Messages are text, shown as text.
import {
  ActionIcon,
  Alert,
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { IconDots, IconFlag, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { blockForm, reportForm, threadLogic } from '@/machines/screens/messages-screens';
import { selectThread, THREAD_SCREEN } from '@/machines/thread-machine';
import type { Message, Thread } from '@/services/schemas/message';
import { MESSAGE_MAX, THREAD_REPORT_REASON_MAX } from '@/shared/chat';
import type { FieldErrors } from '@/shared/validation';
import { initialsOf } from '../../components/profile/initials';
import { useForm } from '../../use-form';
import { useScreenActor } from '../../use-screen-actor';
import { personName, whenText } from './thread-list';
import { MessageText } from '../../components/messages/message-text';
import { msgText } from '../../components/messages/messages-text';
import { useNow } from '../../hydration';

type ThreadActor = ActorRefFrom<typeof threadLogic>;

function Bubble({ message, mine }: { message: Message; mine: boolean }) {
  const now = useNow();
  return (
    <Box component="li" style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Paper p="xs" radius="md" bg={mine ? 'blue.0' : 'gray.1'}>
        <MessageText message={message} />
      </Paper>
      <Text size="xs" c="gray.7" ta={mine ? 'right' : 'left'} mt={2}>
        {mine ? `${msgText('you')} · ` : ''}
        {whenText(message.createdAt, now)}
      </Text>
    </Box>
  );
}

function ReportDialog({
  thread,
  actor,
  opened,
  onClose,
}: {
  thread: Thread;
  actor: ThreadActor;
  opened: boolean;
  onClose: () => void;
}) {
  const form = useForm({
    logic: reportForm,
    initialValues: { threadId: thread.id, reason: '' },
    validate: (values): FieldErrors =>
      values.reason.trim() ? {} : { reason: [msgText('reportReasonMissing')] },
    successMessage: msgText('reportDone'),
    onSubmitted: (answer) => {
      if (answer) actor.send({ type: 'thread.replace', thread: answer });
      onClose();
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title={msgText('reportTitle')}>
      <form onSubmit={form.onSubmit}>
        <Stack gap="sm">
          <Textarea
            label={msgText('reportReason')}
            description={msgText('reportHelp', { max: THREAD_REPORT_REASON_MAX })}
            maxLength={THREAD_REPORT_REASON_MAX}
            rows={3}
            {...form.getInputProps('reason')}
          />
          {form.formError && (
            <Alert color="red" variant="light" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={form.submitting}>
              {msgText('report')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Block or unblock the other person, and report the thread. */
function ThreadMenu({ thread, actor }: { thread: Thread; actor: ThreadActor }) {
  const name = personName(thread.other);
  const replace = (answer: Thread | null) => {
    if (answer) actor.send({ type: 'thread.replace', thread: answer });
  };
  const block = useForm({
    logic: blockForm,
    initialValues: { userId: thread.other.userId, block: true },
    successMessage: msgText('blockDone', { name }),
    onSubmitted: replace,
  });
  const unblock = useForm({
    logic: blockForm,
    initialValues: { userId: thread.other.userId, block: false },
    successMessage: msgText('unblockDone', { name }),
    onSubmitted: replace,
  });
  const [reporting, setReporting] = useState(false);
  const blockedByMe = thread.blocked === 'by_me';
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={msgText('menu')}>
            <IconDots size={20} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {blockedByMe ? (
            <Menu.Item leftSection={<IconLockOpen size={16} aria-hidden />} onClick={unblock.submit}>
              {msgText('unblock')}
            </Menu.Item>
          ) : (
            <Menu.Item leftSection={<IconLock size={16} aria-hidden />} onClick={block.submit}>
              {msgText('block')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={<IconFlag size={16} aria-hidden />}
            disabled={thread.reported}
            onClick={() => setReporting(true)}
          >
            {msgText('report')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {(block.formError || unblock.formError) && (
        <Alert color="red" variant="light" role="alert">
          {block.formError ?? unblock.formError}
        </Alert>
      )}
      <ReportDialog thread={thread} actor={actor} opened={reporting} onClose={() => setReporting(false)} />
    </>
  );
}

function Composer({ actor, blocked }: { actor: ThreadActor; blocked: boolean }) {
  const { draft, sending, sendError } = useSelector(
    actor,
    selectThread,
    (a, b) => a.draft === b.draft && a.sending === b.sending && a.sendError === b.sendError,
  );
  const empty = draft.trim() === '';
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'message.send' });
      }}
    >
      <Stack gap="xs">
        {sendError && (
          <Alert color="red" variant="light" role="alert">
            {sendError}
          </Alert>
        )}
        <Textarea
          aria-label={msgText('placeholder')}
          placeholder={msgText('placeholder')}
          value={draft}
          onChange={(event) => actor.send({ type: 'draft.change', text: event.currentTarget.value })}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              actor.send({ type: 'message.send' });
            }
          }}
          maxLength={MESSAGE_MAX}
          rows={3}
          disabled={blocked || sending}
          description={msgText('counter', { count: draft.length, max: MESSAGE_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={sending} disabled={empty || blocked}>
            {msgText('send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Header({
  name,
  initials,
  photoUrl,
  back,
  menu,
}: {
  name: string;
  initials: string;
  photoUrl: string | null;
  back: ReactNode;
  menu: ReactNode;
}) {
  return (
    <Stack gap={4}>
      {back}
      <Group justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar src={photoUrl} alt="" radius="xl" color="blue">
            <span aria-hidden>{initials}</span>
          </Avatar>
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
        </Group>
        {menu}
      </Group>
    </Stack>
  );
}

export function ThreadPane({
  threadId,
  toUserId,
  toName,
  back,
}: {
  threadId: number | null;
  toUserId: number | null;
  toName: string | null;
  back: ReactNode;
}) {
  const actor = useScreenActor(threadLogic, {
    input: { threadId, toUserId, toName },
    systemId: THREAD_SCREEN,
  });
  const view = useSelector(actor, selectThread);
  const scroller = useRef<HTMLDivElement>(null);
  const lastId = view.messages.at(-1)?.id;
  // Newest at the bottom: a new last message scrolls into view (earlier pages load above it).
  useEffect(() => {
    const box = scroller.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);

  if (view.finding || view.loading) {
    return (
      <Paper withBorder p="md">
        {back}
        <Center py="xl" role="status" aria-label="Loading conversation">
          <Loader size="sm" />
        </Center>
      </Paper>
    );
  }
  if (view.loadError) {
    return (
      <Paper withBorder p="md">
        <Stack gap="sm">
          {back}
          <Alert color="red" role="alert" title={view.loadError}>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => actor.send({ type: 'load.retry' })}
            >
              Try again
            </Button>
          </Alert>
        </Stack>
      </Paper>
    );
  }

  const thread = view.thread;
  const other = thread?.other ?? null;
  const title = view.isNew
    ? view.otherName
      ? msgText('newTo', { name: view.otherName })
      : msgText('newThread')
    : view.otherName;
  const blocked = thread?.blocked ?? null;

  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Stack gap="md">
        <Header
          name={title}
          initials={other ? initialsOf(other) : initialsOf({ firstName: view.otherName, lastName: null })}
          photoUrl={other?.photoUrl ?? null}
          back={back}
          menu={thread && view.open ? <ThreadMenu thread={thread} actor={actor} /> : null}
        />
        <Box
          ref={scroller}
          mah="min(60vh, 560px)"
          style={{ overflowY: 'auto' }}
          tabIndex={0}
          aria-label={msgText('title')}
          role="region"
        >
          <Stack gap="xs">
            {view.hasMore && (
              <Center>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  loading={view.loadingOlder}
                  onClick={() => actor.send({ type: 'older.load' })}
                >
                  {msgText('loadEarlier')}
                </Button>
              </Center>
            )}
            {view.olderError && (
              <Text size="sm" c="red.8" role="alert" ta="center">
                {view.olderError}
              </Text>
            )}
            {view.messages.length === 0 ? (
              <Text size="sm" c="gray.7">
                {msgText('noMessages')}
              </Text>
            ) : (
              <Stack
                component="ol"
                gap="xs"
                aria-live="polite"
                style={{ listStyle: 'none', margin: 0, padding: 0 }}
              >
                {view.messages.map((message) => (
                  <Bubble
                    key={message.id}
                    message={message}
                    mine={other === null || message.senderUserId !== other.userId}
                  />
                ))}
              </Stack>
            )}
          </Stack>
        </Box>
        {blocked && (
          <Alert color="gray" variant="light">
            {blocked === 'by_me' ? msgText('blocked', { name: view.otherName }) : msgText('blockedByThem')}
          </Alert>
        )}
        <Composer actor={actor} blocked={blocked !== null} />
      </Stack>
    </Paper>
  );
}
