import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Container,
  Grid,
  Group,
  List,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type CSSProperties } from 'react';
import { Link } from 'wouter';
import { selectJoin } from '@/machines/join-machine';
import { joinScreen, learnerLessonLoader } from '@/machines/screens/lessons-screens';
import type { Assignment, LessonDetail, LessonFile, Note } from '@/services/schemas/learner';
import { formatCountdown, formatDateOrdinal, formatFileSize, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { isFull } from '@/shared/teaching';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { CalendarExportButton } from '../../components/calendar-export-button';
import { CenteredLoader } from '../../components/centered-loader';
import { SeatsLeft } from '../../components/lists/cards';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';
import NotFoundPage from '../public/not-found-page';
import { cancellationText, classPath, lessonTitle, LessonStateBadge, MaterialText } from './lesson-parts';

// A plain table like the public lesson view's (Mantine's Table brings its scroll area along).
const BORDER = '1px solid var(--mantine-color-gray-3)';
const TABLE: CSSProperties = {
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'collapse',
  border: BORDER,
  fontSize: 'var(--mantine-font-size-sm)',
  lineHeight: 'var(--mantine-line-height)',
};
const CELL: CSSProperties = { padding: '7px 10px', borderBottom: BORDER, textAlign: 'left' };
const HEADER_CELL: CSSProperties = {
  ...CELL,
  width: 140,
  fontWeight: 700,
  background: 'var(--mantine-color-gray-0)',
};

/** The Join button and what surrounds it, all from the join machine (countdown, link, errors). */
function JoinPanel({ lesson, join }: { lesson: LessonDetail; join: { opensAt: string; closesAt: string } }) {
  const actor = useScreenActor(joinScreen, { input: { lessonId: lesson.id, ...join } });
  const view = useSelector(actor, selectJoin, (a, b) => JSON.stringify(a) === JSON.stringify(b));

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
        loading={view.phase === 'joining'}
        onClick={() => actor.send({ type: 'join' })}
      >
        Join
      </Button>
      {view.phase === 'waiting' && (
        <>
          <Text size="sm" fw={600} role="timer" aria-live="off">
            {t('lessons.joinOpensIn', { time: formatCountdown(view.countdownMs ?? 0) })}
          </Text>
          <Text size="sm" c="gray.7">
            {t('lessons.joinWindow')}
          </Text>
        </>
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

/** Putting a lesson the learner has not booked in the cart: the same button as the public view. */
function AddToCart({ lessonId, seatsLeft }: { lessonId: number; seatsLeft: number | null }) {
  const { add, adding, error } = useAddToCart({ kind: 'lesson', id: lessonId });
  const full = isFull(seatsLeft);
  return (
    <Stack gap="xs">
      <SeatsLeft seatsLeft={seatsLeft} />
      <Button size="md" color="blue.9" onClick={add} loading={adding} disabled={full}>
        Add to cart
      </Button>
      {full && <Text size="sm">{t('cart.noSeatsLeft')}</Text>}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function FileList({ files, owner }: { files: LessonFile[]; owner: string }) {
  if (files.length === 0) return null;
  return (
    <List spacing={4} size="sm" aria-label={`Files of ${owner}`}>
      {files.map((file) => (
        <List.Item key={file.id}>
          <Anchor href={file.url} download={file.name}>
            {file.name}
          </Anchor>{' '}
          <Text span size="sm" c="gray.7">
            ({formatFileSize(file.size)})
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Material({ item, due }: { item: Note | Assignment; due?: string | null }) {
  return (
    <Card withBorder padding="sm" component="article">
      <Stack gap={4}>
        <Title order={3} size="h6">
          {item.title}
        </Title>
        <MaterialText due={due} desc={item.desc} />
        <FileList files={item.files} owner={item.title} />
      </Stack>
    </Card>
  );
}

function Materials({ lesson }: { lesson: LessonDetail }) {
  const seesMaterials = lesson.isBooked || lesson.notes.length > 0 || lesson.assignments.length > 0;
  if (!seesMaterials) {
    if (lesson.notesCount + lesson.assignmentsCount === 0) return null;
    return (
      <Text size="sm" c="gray.7">
        {t('lessons.hiddenMaterials', { notes: lesson.notesCount, assignments: lesson.assignmentsCount })}
      </Text>
    );
  }
  if (lesson.notes.length === 0 && lesson.assignments.length === 0) {
    return <Text c="gray.7">{t('lessons.noMaterials')}</Text>;
  }
  return (
    <Stack gap="lg">
      {lesson.notes.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="lesson-notes">
          <Title order={2} size="h4" id="lesson-notes">
            Notes
          </Title>
          {lesson.notes.map((note) => (
            <Material key={note.id} item={note} />
          ))}
        </Stack>
      )}
      {lesson.assignments.length > 0 && (
        <Stack gap="xs" component="section" aria-labelledby="lesson-assignments">
          <Title order={2} size="h4" id="lesson-assignments">
            Assignments
          </Title>
          {lesson.assignments.map((assignment) => (
            <Material key={assignment.id} item={assignment} due={assignment.dueDate} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function LessonActions({ lesson }: { lesson: LessonDetail }) {
  const canJoin = lesson.isBooked || lesson.link !== null;
  const notStarted = lesson.startAt !== null && Date.parse(lesson.startAt) > Date.now();
  return (
    <Card withBorder padding="lg" component="aside" aria-label="Join the lesson">
      <Stack gap="sm">
        {lesson.cancelledAt ? (
          // Nothing to join or buy: the teacher cancelled it, and whoever paid was refunded.
          <Alert color="red" variant="light" title={t('lessons.cancelled')}>
            {cancellationText(lesson.cancellationReason)}
          </Alert>
        ) : canJoin && lesson.join ? (
          <JoinPanel lesson={lesson} join={lesson.join} />
        ) : (
          <>
            <Text size="sm">{t('lessons.notBooked')}</Text>
            {notStarted && <AddToCart lessonId={lesson.id} seatsLeft={lesson.seatsLeft} />}
          </>
        )}
        {/* One booked lesson as an .ics file (GET /api/lessons/ics/{code} answers only a learner who booked it). */}
        {lesson.isBooked && !lesson.cancelledAt && <CalendarExportButton code={lesson.code} />}
        {lesson.bookedFor.length > 0 && (
          <Stack gap={2}>
            <Text size="sm" fw={700}>
              Booked for
            </Text>
            <List size="sm" aria-label="Booked for">
              {lesson.bookedFor.map((learner) => (
                <List.Item key={learner.studentId}>{learner.studentName}</List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function LessonDetails({ lesson }: { lesson: LessonDetail }) {
  const time = lesson.startAt
    ? `${formatTime(lesson.startAt)}${lesson.endAt ? ` – ${formatTime(lesson.endAt)}` : ''}`
    : '';
  const rows: Array<[string, string]> = [
    ['Topic', lesson.topic?.name ?? ''],
    ['Subject', lesson.subject?.name ?? ''],
    ['Grade level', lesson.gradeLevel?.name ?? ''],
    ['Teacher', lesson.teacher?.name ?? ''],
    ['Date', lesson.startAt ? formatDateOrdinal(lesson.startAt) : ''],
    ['Time', time],
    ['Lesson code', lesson.code],
  ];
  return (
    <Container size="lg" py="md" px={0}>
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Title order={1} size="h2">
                {lessonTitle(lesson)}
              </Title>
              <LessonStateBadge
                startAt={lesson.startAt}
                endAt={lesson.endAt}
                cancelledAt={lesson.cancelledAt}
              />
            </Group>
            {lesson.objective && (
              <Box>
                <Text size="sm" fw={700} c="gray.7">
                  Objective
                </Text>
                <Text size="lg" style={{ whiteSpace: 'pre-line' }}>
                  {lesson.objective}
                </Text>
              </Box>
            )}
            <Box component="table" style={TABLE}>
              <tbody>
                {rows
                  .filter(([, value]) => value)
                  .map(([label, value]) => (
                    <tr key={label}>
                      <th scope="row" style={HEADER_CELL}>
                        {label}
                      </th>
                      <td style={CELL}>{value}</td>
                    </tr>
                  ))}
                {lesson.class && (
                  <tr>
                    <th scope="row" style={HEADER_CELL}>
                      Class
                    </th>
                    <td style={CELL}>
                      <Anchor component={Link} href={classPath(lesson.class.id)}>
                        {lesson.class.title ?? `Class ${lesson.class.id}`}
                      </Anchor>
                    </td>
                  </tr>
                )}
              </tbody>
            </Box>
            <Materials lesson={lesson} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <LessonActions lesson={lesson} />
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function LessonByCode({ code }: { code: string }) {
  const lesson = useLoader(learnerLessonLoader, { name: 'this lesson', params: { code }, inUrl: false });
  const found = lesson.data?.found ? lesson.data.lesson : null;
  usePageTitle(found ? lessonTitle(found) : 'Lesson');
  if (lesson.loading) return <CenteredLoader label="Loading lesson" />;
  if (lesson.data && !lesson.data.found) return <NotFoundPage />;
  if (!found) {
    return (
      <Alert color="red" variant="light" role="alert" title={lesson.error ?? undefined}>
        <Group gap="sm" mt={4}>
          <Button size="xs" variant="white" color="red" onClick={lesson.retry}>
            Try again
          </Button>
          <Anchor component={Link} href="/lessons/booking" size="sm" c="red.9">
            Lesson bookings
          </Anchor>
        </Group>
      </Alert>
    );
  }
  return <LessonDetails lesson={found} />;
}

// The teacher's own lesson (issue 10): its own chunk, loaded only for a user with the teacher role.
const TeacherLessonView = lazy(() => import('../teaching/teacher-lesson-view'));

/**
 * `/lessons/show/:code`: a lesson for the learner who booked it (or their parent), with Join; for a
 * teacher, the teacher view of their own lesson (the learner view when it is someone else's).
 */
export default function LessonShowPage() {
  const { code = '' } = useRouteParams();
  const isTeacher =
    useSelector(useSession(), selectUser)?.roles.some((role) => role.name === 'teacher') ?? false;
  if (isTeacher) {
    return (
      <Suspense fallback={<CenteredLoader label="Loading lesson" />}>
        <TeacherLessonView key={code} code={code} fallback={<LessonByCode code={code} />} />
      </Suspense>
    );
  }
  return <LessonByCode key={code} code={code} />;
}
