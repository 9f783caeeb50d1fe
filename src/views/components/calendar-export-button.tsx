// "Add to calendar" (issue 9): a menu to download one lesson (`code`) or the whole timetable as an
// `.ics` file, and, for the whole timetable, to subscribe to the private calendar feed. Renders the
// calendar-export machine's state and sends it events.
import {
  Alert,
  Anchor,
  Button,
  Center,
  Group,
  Loader,
  Menu,
  Modal,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconCalendarPlus, IconCheck, IconDownload, IconLink } from '@tabler/icons-react';
import { shallowEqual, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  selectCopyStatus,
  selectDownloadStatus,
  selectFeedLinks,
  selectFeedStatus,
  type CalendarExportSnapshot,
} from '@/machines/calendar-export-machine';
import { calendarExportScreen } from '@/machines/screens/timetable-screens';
import { t } from '@/shared/messages';
import { useScreenActor } from '../use-screen-actor';

export type CalendarExportButtonProps = {
  /** One lesson's code; without it the whole timetable is exported (and the feed is offered). */
  code?: string;
  /** A parent's child whose timetable is downloaded; null or absent for all learners. */
  studentId?: string | null;
};

type ExportActor = ActorRefFrom<typeof calendarExportScreen>;

const selectFileName = (s: CalendarExportSnapshot) => s.context.fileName;
const selectDownloadError = (s: CalendarExportSnapshot) => s.context.downloadError;
const selectFeedError = (s: CalendarExportSnapshot) => s.context.feedError;
const selectResetError = (s: CalendarExportSnapshot) => s.context.resetError;

export function CalendarExportButton({ code, studentId = null }: CalendarExportButtonProps) {
  const actor = useScreenActor(calendarExportScreen, { input: { code: code ?? null, studentId } });
  useEffect(() => {
    actor.send({ type: 'export.target', code: code ?? null, studentId: studentId ?? null });
  }, [actor, code, studentId]);

  const download = useSelector(actor, selectDownloadStatus);
  const fileName = useSelector(actor, selectFileName);
  const downloadError = useSelector(actor, selectDownloadError);

  return (
    <Stack gap={6} align="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="light"
            // blue.8 on its light fill is below 4.5:1 (axe); blue.9 passes.
            color="blue.9"
            leftSection={<IconCalendarPlus size={18} aria-hidden />}
            loading={download === 'downloading'}
          >
            Add to calendar
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => actor.send({ type: 'download.start' })}
          >
            Download .ics
          </Menu.Item>
          {!code && (
            <Menu.Item
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => actor.send({ type: 'feed.open' })}
            >
              Subscribe (private link)
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {download === 'downloaded' && (
        <Text size="sm" c="teal.9" role="status">
          <IconCheck size={14} aria-hidden /> Downloaded {fileName}
        </Text>
      )}
      {download === 'failed' && (
        <Alert color="red" variant="light" role="alert" title={downloadError} maw={360}>
          <Group gap="xs" mt={4}>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => actor.send({ type: 'download.retry' })}
            >
              Try again
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="gray.8"
              onClick={() => actor.send({ type: 'download.dismiss' })}
            >
              Dismiss
            </Button>
          </Group>
        </Alert>
      )}
      {!code && <SubscribeDialog actor={actor} />}
    </Stack>
  );
}

function SubscribeDialog({ actor }: { actor: ExportActor }) {
  const status = useSelector(actor, selectFeedStatus);
  const links = useSelector(actor, selectFeedLinks, shallowEqual);
  const feedError = useSelector(actor, selectFeedError);
  return (
    <Modal
      opened={status !== 'closed'}
      onClose={() => actor.send({ type: 'feed.close' })}
      title="Subscribe to your timetable"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
      styles={{ title: { fontWeight: 700 } }}
    >
      {status === 'loading' && (
        <Center py="lg" role="status" aria-label="Loading your calendar link">
          <Loader size="sm" />
        </Center>
      )}
      {status === 'error' && (
        <Alert color="red" variant="light" role="alert" title={feedError}>
          <Button
            size="xs"
            variant="white"
            color="red"
            onClick={() => actor.send({ type: 'feed.retry' })}
            mt={4}
          >
            Try again
          </Button>
        </Alert>
      )}
      {links && (status === 'shown' || status === 'confirmReset' || status === 'resetting') && (
        <FeedLink
          actor={actor}
          links={links}
          confirming={status !== 'shown'}
          resetting={status === 'resetting'}
        />
      )}
    </Modal>
  );
}

function FeedLink({
  actor,
  links,
  confirming,
  resetting,
}: {
  actor: ExportActor;
  links: { url: string; webcal: string; google: string };
  confirming: boolean;
  resetting: boolean;
}) {
  const copy = useSelector(actor, selectCopyStatus);
  const resetError = useSelector(actor, selectResetError);
  const field = useRef<HTMLInputElement>(null);
  // The clipboard was refused: select the link so the person can copy it themselves.
  useEffect(() => {
    if (copy !== 'refused' || !field.current) return;
    field.current.focus();
    field.current.select();
  }, [copy]);

  return (
    <Stack gap="md">
      <Text size="sm">
        Calendar apps that subscribe to this private link show your booked lessons and keep them up to date.
        Anyone with the link can see your timetable, so keep it to yourself.
      </Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          ref={field}
          label="Your private calendar link"
          value={links.url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1 }}
        />
        <Button
          variant="default"
          loading={copy === 'copying'}
          leftSection={copy === 'copied' ? <IconCheck size={16} aria-hidden /> : undefined}
          onClick={() => actor.send({ type: 'feed.copy' })}
        >
          {copy === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </Group>
      {copy === 'copied' && (
        <Text size="sm" c="teal.9" role="status">
          {t('calendar.copied')}
        </Text>
      )}
      {copy === 'refused' && (
        <Text size="sm" c="red.9" role="alert">
          {t('calendar.copyRefused')}
        </Text>
      )}
      <Stack gap={4}>
        <Anchor href={links.webcal} size="sm" c="blue.9">
          Open in your phone&apos;s calendar (webcal)
        </Anchor>
        <Anchor href={links.google} target="_blank" rel="noopener noreferrer" size="sm" c="blue.9">
          Add to Google Calendar
        </Anchor>
      </Stack>
      {confirming ? (
        <Alert
          color="orange"
          variant="light"
          title="Reset your calendar link?"
          role="alertdialog"
          aria-label="Reset your calendar link?"
        >
          <Stack gap="sm">
            <Text size="sm">{t('calendar.resetWarning')}</Text>
            {resetError && (
              <Text size="sm" c="red.9" role="alert">
                {resetError}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                disabled={resetting}
                onClick={() => actor.send({ type: 'reset.cancel' })}
              >
                Keep this link
              </Button>
              <Button color="red.8" loading={resetting} onClick={() => actor.send({ type: 'reset.confirm' })}>
                Reset link
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : (
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="gray.7">
            Shared the link by mistake? Reset it to make a new one.
          </Text>
          <Button
            variant="subtle"
            color="red.8"
            size="xs"
            onClick={() => actor.send({ type: 'reset.request' })}
          >
            Reset link
          </Button>
        </Group>
      )}
    </Stack>
  );
}
