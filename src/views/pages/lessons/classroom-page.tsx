// `/lessons/live/:code`, the app's classroom (issue 22, docs/classroom.md "The classroom page"): the
// lesson's title, a countdown to its end, and beside the call the lesson's notes and assignments.
// Before the window a countdown to its opening; with a room to embed a pre-join panel (the data
// saver) and then the call, embedded in the call element by the machine's call actor; without one,
// the link. Everything here is the classroom machine's state (src/machines/classroom-machine.ts).
import { Alert, Anchor, Box, Button, Grid, Group, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import {
  CALL_NODE_ID,
  selectClassroom,
  type ClassroomLesson,
  type ClassroomPhase,
} from '@/machines/classroom-machine';
import { classroomScreen } from '@/machines/screens/lessons-screens';
import { userSummaryName } from '@/shared/admin';
import { formatCountdown } from '@/shared/format';
import { t } from '@/shared/messages';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { CenteredLoader } from '../../components/centered-loader';
import { useRouteParams } from '../../route-params';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import NotFoundPage from '../public/not-found-page';
import { LessonLoadError, lessonTitle } from '../../components/lesson/lesson-detail';
import { Material, MaterialSection } from './lesson-show-page';

/** The phases in which the call element is on the page (the call goes in it once the script is there). */
const WITH_CALL: readonly ClassroomPhase[] = ['prejoin', 'loadingScript', 'scriptFailed', 'inCall'];

function Materials({ found }: { found: ClassroomLesson }) {
  const { notes, assignments } = found.lesson;
  return (
    <Stack gap="lg" component="aside" aria-label="Lesson materials">
      {notes.length === 0 && assignments.length === 0 && <Text c="gray.7">{t('lessons.noMaterials')}</Text>}
      {notes.length > 0 && (
        <MaterialSection id="classroom-notes" title="Notes">
          {notes.map((note) => (
            <Material key={note.id} item={note} />
          ))}
        </MaterialSection>
      )}
      {assignments.length > 0 && (
        <MaterialSection id="classroom-assignments" title="Assignments">
          {assignments.map((assignment) => (
            <Material key={assignment.id} item={assignment} due={assignment.dueDate} />
          ))}
        </MaterialSection>
      )}
    </Stack>
  );
}

function Classroom({ code, teacher, displayName }: { code: string; teacher: boolean; displayName: string }) {
  const actor = useScreenActor(classroomScreen, { input: { code, teacher, displayName } });
  const view = useSelector(actor, selectClassroom, (a, b) => JSON.stringify(a) === JSON.stringify(b));
  const title = view.found ? lessonTitle(view.found.lesson) : 'Classroom';
  usePageTitle(title);
  const retry = () => actor.send({ type: 'retry' });

  if (view.phase === 'loading') return <CenteredLoader label="Loading the classroom" />;
  if (view.phase === 'notFound') return <NotFoundPage />;
  if (view.phase === 'loadFailed' || !view.found) {
    return (
      <LessonLoadError error={view.error} retry={retry}>
        <Anchor component={Link} href="/lessons/booking" size="sm" c="red.9">
          Lesson bookings
        </Anchor>
      </LessonLoadError>
    );
  }
  const lessonPath = `/lessons/show/${encodeURIComponent(code)}`;
  const backToLesson = (
    <Anchor component={Link} href={lessonPath} size="sm">
      Back to the lesson
    </Anchor>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {view.endsInMs !== null && (
          <Text fw={600} role="timer" aria-live="off">
            {t('live.endsIn', { time: formatCountdown(view.endsInMs) })}
          </Text>
        )}
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm" component="section" aria-label="Call">
            {view.phase === 'closed' && (
              <Alert color="gray" variant="light" title={t('live.closed')}>
                {backToLesson}
              </Alert>
            )}
            {view.phase === 'waiting' && (
              <>
                <Text fw={600} role="timer" aria-live="off">
                  {t('live.opensIn', { time: formatCountdown(view.opensInMs ?? 0) })}
                </Text>
                <Text size="sm" c="gray.7">
                  {view.found.role === 'teacher' ? t('live.teacherWindow') : t('live.learnerWindow')}
                </Text>
              </>
            )}
            {(view.phase === 'joining' || view.phase === 'loadingScript') && (
              <Group gap="xs" role="status">
                <Loader size="sm" aria-hidden />
                <Text size="sm">{t('live.entering')}</Text>
              </Group>
            )}
            {(view.phase === 'failed' || view.phase === 'scriptFailed') && (
              <Alert color="red" variant="light" role="alert" title={view.error ?? undefined}>
                <Button size="xs" variant="white" color="red" mt={4} onClick={retry}>
                  Try again
                </Button>
              </Alert>
            )}
            {view.phase === 'link' && view.link && (
              <Stack gap="xs">
                <Text size="sm">{t('live.linkIntro')}</Text>
                <Button
                  component="a"
                  href={view.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  color="teal.9"
                  w="fit-content"
                >
                  Open the lesson
                </Button>
                {view.provider === 'jitsi' && (
                  <Text size="sm" c="gray.7">
                    {t('live.appHint')}
                  </Text>
                )}
              </Stack>
            )}
            {view.phase === 'prejoin' && (
              <Stack gap="sm">
                <Switch
                  checked={view.dataSaver}
                  onChange={() => actor.send({ type: 'dataSaver.toggle' })}
                  label={t('live.dataSaver')}
                  description={t('live.dataSaverHint')}
                />
                <Button color="teal.9" w="fit-content" onClick={() => actor.send({ type: 'enter' })}>
                  Enter the classroom
                </Button>
              </Stack>
            )}
            {view.phase === 'ended' && (
              <Stack gap="xs">
                <Text fw={600} role="status">
                  {t('live.ended')}
                </Text>
                {backToLesson}
              </Stack>
            )}
            {WITH_CALL.includes(view.phase) && (
              // Jitsi puts its iframe in here: React renders nothing inside it.
              <Box
                id={CALL_NODE_ID}
                data-testid="classroom-call"
                h={{ base: '60vh', md: '70vh' }}
                display={view.phase === 'inCall' ? 'block' : 'none'}
              />
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Materials found={view.found} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/** `/lessons/live/:code`: the classroom of a lesson, for its teacher and its booked learners. */
export default function ClassroomPage() {
  const { code = '' } = useRouteParams();
  const user = useSelector(useSession(), selectUser);
  const teacher = user?.roles.some((role) => role.name === 'teacher') ?? false;
  const displayName = user ? userSummaryName(user) : '';
  return <Classroom key={code} code={code} teacher={teacher} displayName={displayName} />;
}
