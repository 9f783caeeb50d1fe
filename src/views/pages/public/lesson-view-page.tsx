import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useSearch } from 'wouter';
import {
  initialPublicLesson,
  publicLessonLoader,
  upcomingLessonsLoader,
} from '@/machines/screens/lesson-view-screens';
import type { Lesson } from '@/services/schemas/web';
import { teacherPath } from '@/shared/catalogue';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { isFull } from '@/shared/teaching';
import { CenteredLoader } from '../../components/centered-loader';
import { LessonCard, personName } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { RatingLine } from '../../components/lists/rating';
import { useDisplayTimeZone } from '../../hydration';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import NotFoundPage from './not-found-page';
import {
  LessonLayout,
  LessonLoadError,
  lessonTitle,
  lessonWhenRows,
} from '../../components/lesson/lesson-detail';

function AddToCart({ lesson }: { lesson: Lesson }) {
  // The cart machine adds it, says so and opens the drawer; the button shows its own progress and error.
  const { add, adding, error } = useAddToCart({ kind: 'lesson', id: lesson.id });
  return (
    <Stack gap="xs">
      <Button size="md" color="blue.9" onClick={add} loading={adding} disabled={!lesson.bookable}>
        Add to cart
      </Button>
      {!lesson.bookable && (
        <Text size="sm" c="gray.7">
          {isFull(lesson.seatsLeft) ? t('cart.noSeatsLeft') : t('cart.lessonUnavailable')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}

function TeacherCard({ teacher }: { teacher: NonNullable<Lesson['teacher']> }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="lesson-teacher">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={teacher.photoUrl} alt="" size="lg" radius="xl" color="blue" />
        <Stack gap={2}>
          <Title order={2} size="h5" id="lesson-teacher">
            <Anchor component={Link} href={teacherPath(teacher.id, personName(teacher))} c="dark.8">
              {personName(teacher)}
            </Anchor>
          </Title>
          <RatingLine rating={teacher.rating} />
          <Text size="sm" c="gray.7">
            {[teacher.qualificationLevel, teacher.currentWorkplace].filter(Boolean).join(' · ')}
          </Text>
          {teacher.biography && (
            <Text size="sm" lineClamp={4} style={{ whiteSpace: 'pre-line' }}>
              {teacher.biography}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function LessonDetails({ lesson }: { lesson: Lesson }) {
  // Server and browser must show the same times while the page hydrates.
  const timeZone = useDisplayTimeZone();
  return (
    <LessonLayout
      title={lessonTitle(lesson)}
      eyebrow={
        <Group gap="xs">
          {lesson.type && (
            <Badge variant="filled" color="blue.9">
              {lesson.type.name}
            </Badge>
          )}
          {lesson.subject && (
            <Badge variant="outline" color="gray.8">
              {lesson.subject.name}
            </Badge>
          )}
        </Group>
      }
      objective={lesson.objective}
      labelObjective={false}
      rows={[
        ['Topic', lesson.topic?.name ?? ''],
        ['Subject', lesson.subject?.name ?? ''],
        ['Program', lesson.program?.name ?? ''],
        ['Curriculum', lesson.program?.curriculum?.name ?? ''],
        ['Grade level', lesson.gradeLevel?.name ?? ''],
        ...lessonWhenRows(lesson, timeZone),
        ['Duration', lesson.durationMinutes ? `${lesson.durationMinutes} minutes` : ''],
        ['Class', lesson.class?.title ?? ''],
        [
          'Seats left',
          lesson.seatsLeft === null
            ? ''
            : isFull(lesson.seatsLeft)
              ? t('lessons.full')
              : String(lesson.seatsLeft),
        ],
        ['Lesson code', lesson.code],
      ]}
      actions={{
        label: 'Price',
        content: (
          <>
            <Text size="sm" c="gray.7">
              Price
            </Text>
            <Text fw={800} fz={28}>
              {formatKes(lesson.price)}
            </Text>
            <AddToCart lesson={lesson} />
          </>
        ),
      }}
    >
      {lesson.teacher && <TeacherCard teacher={lesson.teacher} />}
    </LessonLayout>
  );
}

function LessonByCode({ code }: { code: string }) {
  const lesson = useLoader(publicLessonLoader, {
    name: 'this lesson',
    params: { code },
    inUrl: false,
    initial: () => initialPublicLesson(code),
  });
  const found = lesson.data?.found ? lesson.data.lesson : null;
  usePageTitle(found ? lessonTitle(found) : 'Lesson');
  if (lesson.loading) return <CenteredLoader label="Loading lesson" />;
  // A code that does not exist or is not public (the server answers the page itself with 404).
  if (lesson.data && !lesson.data.found) return <NotFoundPage />;
  if (!found) {
    return (
      <Container size="sm" py="xl">
        <LessonLoadError error={lesson.error} retry={lesson.retry}>
          <Anchor component={Link} href="/classes" size="sm" c="red.9">
            Browse classes
          </Anchor>
        </LessonLoadError>
      </Container>
    );
  }
  return <LessonDetails lesson={found} />;
}

/** `/lessons/view/:code`, and `/lessons/show?code=` (the same view reached by query). */
export default function LessonViewPage() {
  const params = useRouteParams();
  const search = useSearch();
  const code = params.code ?? new URLSearchParams(search).get('code') ?? '';
  if (!code) {
    return <MissingCode />;
  }
  return <LessonByCode key={code} code={code} />;
}

/** `/lessons/show` without a code: the upcoming lessons to choose from, each opening its page. */
function MissingCode() {
  usePageTitle('Lessons');
  const list = useLoader(upcomingLessonsLoader, { name: 'lessons', keys: ['page'] });
  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Upcoming lessons
        </Title>
        <ListStates list={list} label="Pages of lessons">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {list.items.map((item) => (
              <LessonCard key={item.id} lesson={item} headingLevel={2} />
            ))}
          </SimpleGrid>
        </ListStates>
      </Stack>
    </Container>
  );
}
