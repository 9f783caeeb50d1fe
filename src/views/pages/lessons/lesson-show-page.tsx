import { Alert, Anchor, Button, Card, List, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'wouter';
import { learnerWindow } from '@/machines/classroom-machine';
import {
  initialLearnerLessonAnswer,
  LEARNER_LESSON,
  learnerLessonLoader,
} from '@/machines/screens/lessons-screens';
import type { Assignment, LessonDetail, LessonFile, Note } from '@/services/schemas/learner';
import { teacherPath } from '@/shared/catalogue';
import { formatFileSize, formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { isFull } from '@/shared/teaching';
import { useSession } from '../../app-actors-context';
import { selectUser } from '../../session-selectors';
import { CalendarExportButton } from '../../components/calendar-export-button';
import { CenteredLoader } from '../../components/centered-loader';
import { ReviewComposer } from '../../components/reviews/review-composer';
import { MessageButton } from '../../components/messages/message-button';
import { msgText } from '../../components/messages/messages-text';
import { SeatsLeft } from '../../components/lists/cards';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import NotFoundPage from '../public/not-found-page';
import { LessonLayout, LessonLoadError, lessonWhenRows } from '../../components/lesson/lesson-detail';
import { BookingCancels } from './booking-cancel';
import { JoinPanel } from './join-panel';
import { ReportProblem } from './report-problem';
import { cancellationText, classPath, lessonTitle, LessonStateBadge, MaterialText } from './lesson-parts';
import { useNow } from '../../hydration';

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

export function Material({ item, due }: { item: Note | Assignment; due?: string | null }) {
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

export function MaterialSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
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
        <MaterialSection id="lesson-notes" title="Notes">
          {lesson.notes.map((note) => (
            <Material key={note.id} item={note} />
          ))}
        </MaterialSection>
      )}
      {lesson.assignments.length > 0 && (
        <MaterialSection id="lesson-assignments" title="Assignments">
          {lesson.assignments.map((assignment) => (
            <Material key={assignment.id} item={assignment} due={assignment.dueDate} />
          ))}
        </MaterialSection>
      )}
    </Stack>
  );
}

/** What the learner can do: join (or read why not), put it in the cart, export it; whom it is booked for. */
function LessonActions({ lesson }: { lesson: LessonDetail }) {
  const window = learnerWindow(lesson);
  const now = useNow();
  const notStarted = lesson.startAt !== null && Date.parse(lesson.startAt) > now;
  return (
    <>
      {lesson.cancelledAt ? (
        // Nothing to join or buy: the teacher cancelled it, and whoever paid was refunded.
        <Alert color="red" variant="light" title={t('lessons.cancelled')}>
          {cancellationText(lesson.cancellationReason)}
        </Alert>
      ) : window ? (
        <JoinPanel lessonId={lesson.id} code={lesson.code} role="learner" window={window} />
      ) : (
        <>
          <Text size="sm">{t('lessons.notBooked')}</Text>
          {notStarted && <AddToCart lessonId={lesson.id} seatsLeft={lesson.seatsLeft} />}
        </>
      )}
      {/* One booked lesson as an .ics file (GET /api/lessons/ics/{code} answers only a learner who booked it). */}
      {lesson.isBooked && !lesson.cancelledAt && <CalendarExportButton code={lesson.code} />}
      <BookingCancels lesson={lesson} />
      {lesson.teacher?.userId && (
        <MessageButton
          toUserId={lesson.teacher.userId}
          name={lesson.teacher.name}
          label={msgText('messageTeacher')}
        />
      )}
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
    </>
  );
}

/**
 * "Rate your teacher" (issue 25) on a booked lesson that has ended and was not cancelled: the composer
 * itself says when the learner may not review yet (a lesson not held, a class they did not join).
 */
function RateTeacher({ lesson }: { lesson: LessonDetail }) {
  const now = useNow();
  const ended = lesson.endAt !== null && Date.parse(lesson.endAt) < now;
  if (!ended || !lesson.isBooked || lesson.cancelledAt || !lesson.teacher) return null;
  return <ReviewComposer teacherId={lesson.teacher.id} />;
}

function LessonDetails({ lesson }: { lesson: LessonDetail }) {
  return (
    <LessonLayout
      inWorkspace
      title={lessonTitle(lesson)}
      status={
        <LessonStateBadge startAt={lesson.startAt} endAt={lesson.endAt} cancelledAt={lesson.cancelledAt} />
      }
      objective={lesson.objective}
      rows={[
        ['Topic', lesson.topic?.name ?? ''],
        ['Subject', lesson.subject?.name ?? ''],
        ['Grade level', lesson.gradeLevel?.name ?? ''],
        [
          'Teacher',
          lesson.teacher && (
            <Anchor component={Link} href={teacherPath(lesson.teacher.id, lesson.teacher.name)}>
              {lesson.teacher.name}
            </Anchor>
          ),
        ],
        ...lessonWhenRows(lesson),
        ['Lesson code', lesson.code],
        ['Price', formatKes(lesson.price)],
        [
          'Class',
          lesson.class && (
            <Anchor component={Link} href={classPath(lesson.class.id)}>
              {lesson.class.title ?? `Class ${lesson.class.id}`}
            </Anchor>
          ),
        ],
      ]}
      actions={{ label: 'Join the lesson', content: <LessonActions lesson={lesson} /> }}
    >
      <ReportProblem lesson={lesson} />
      <RateTeacher lesson={lesson} />
      <Materials lesson={lesson} />
    </LessonLayout>
  );
}

function LessonByCode({ code }: { code: string }) {
  const lesson = useLoader(learnerLessonLoader, {
    name: 'this lesson',
    params: { code },
    inUrl: false,
    systemId: LEARNER_LESSON,
    // The page's HTML carries the lesson (signedin, issue 27): rendered on the server, no call here.
    initial: () => initialLearnerLessonAnswer(code),
  });
  const found = lesson.data?.found ? lesson.data.lesson : null;
  usePageTitle(found ? lessonTitle(found) : 'Lesson');
  if (lesson.loading) return <CenteredLoader label="Loading lesson" />;
  if (lesson.data && !lesson.data.found) return <NotFoundPage />;
  if (!found) {
    return (
      <LessonLoadError error={lesson.error} retry={lesson.retry}>
        <Anchor component={Link} href="/lessons/booking" size="sm" c="red.9">
          Lesson bookings
        </Anchor>
      </LessonLoadError>
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
