// The Join panel of a lesson page (the learner's and the teacher's), all from the join machine: the
// countdown to the window, Join, the link when it opened in a new tab, the server's refusal. With a
// room to embed, the machine sends the app to the classroom page (docs/classroom.md).
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { ClassroomWindow } from '@/machines/classroom-machine';
import { selectJoin } from '@/machines/join-machine';
import { joinScreen } from '@/machines/screens/lessons-screens';
import type { ClassroomRole } from '@/shared/classroom';
import { formatCountdown } from '@/shared/format';
import { t } from '@/shared/messages';
import { useNow, useServerRender } from '../../hydration';
import { useScreenActor } from '../../use-screen-actor';

export function JoinPanel({
  lessonId,
  code,
  role,
  window,
}: {
  lessonId: number;
  code: string;
  role: ClassroomRole;
  window: ClassroomWindow;
}) {
  // Where the window stands is read at the page's render time while hydrating, as on the server; the
  // clock's first tick, a second later, moves it on.
  const now = useNow();
  const actor = useScreenActor(joinScreen, { input: { lessonId, code, role, ...window, now } });
  const view = useSelector(actor, selectJoin, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  // A live countdown is the moment's: a page rendered on the server (signedin, issue 27) leaves it
  // out until the browser has hydrated it.
  const serverRender = useServerRender();

  if (view.phase === 'ended') {
    return (
      <Text fw={600} c="gray.8" role="status">
        {t('lessons.hasEnded')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Button
        size="md"
        color="teal.9"
        disabled={view.phase === 'waiting'}
        loading={view.phase === 'joining' || view.phase === 'entering'}
        onClick={() => actor.send({ type: 'join' })}
      >
        Join
      </Button>
      {view.phase === 'waiting' && (
        <>
          <Text size="sm" fw={600} role="timer" aria-live="off">
            {serverRender ? null : t('lessons.joinOpensIn', { time: formatCountdown(view.countdownMs ?? 0) })}
          </Text>
          <Text size="sm" c="gray.7">
            {role === 'teacher' ? t('live.teacherWindow') : t('lessons.joinWindow')}
          </Text>
        </>
      )}
      {view.phase === 'entering' && (
        <Text size="sm" role="status">
          {t('live.entering')}
        </Text>
      )}
      {view.phase === 'joined' && view.link && (
        <Text size="sm" role="status">
          {t('lessons.joinOpened')}{' '}
          <Anchor href={view.link} target="_blank" rel="noopener noreferrer">
            Open the lesson
          </Anchor>
        </Text>
      )}
      {view.phase === 'failed' && (
        <Alert color="red" variant="light" role="alert" title={view.error ?? undefined}>
          <Button
            size="xs"
            variant="white"
            color="red"
            mt={4}
            onClick={() => actor.send({ type: 'join.retry' })}
          >
            Try again
          </Button>
        </Alert>
      )}
    </Stack>
  );
}
