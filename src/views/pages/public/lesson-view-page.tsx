import { Alert, Anchor, Avatar, Badge, Box, Button, Card, Container, Grid, Group, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link, useSearch } from 'wouter';
import { fetchLesson, initialLesson } from '@/services/lesson-service';
import type { Lesson } from '@/services/schemas/web';
import { formatDateOrdinal, formatKes, formatTime } from '@/shared/format';
import { t } from '@/shared/messages';
import { isFull } from '@/shared/teaching';
import { CenteredLoader } from '../../components/centered-loader';
import { personName } from '../../components/lists/cards';
import { useDisplayTimeZone } from '../../hydration';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useResource } from '../../components/lists/use-resource';
import { usePageTitle } from '../../use-page-title';

// Looks like Mantine's `<Table variant="vertical" withTableBorder layout="fixed">`.
const BORDER = '1px solid var(--mantine-color-gray-3)';
const TABLE: CSSProperties = { width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse', border: BORDER, fontSize: 'var(--mantine-font-size-sm)', lineHeight: 'var(--mantine-line-height)' };
const CELL: CSSProperties = { padding: '7px 10px', borderBottom: BORDER, textAlign: 'left' };
const HEADER_CELL: CSSProperties = { ...CELL, width: 140, fontWeight: 700, background: 'var(--mantine-color-gray-0)' };

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

function lessonTitle(lesson: Lesson): string {
  return lesson.topic?.name ?? lesson.subject?.name ?? `Lesson ${lesson.code}`;
}

function LessonDetails({ lesson }: { lesson: Lesson }) {
  const title = lessonTitle(lesson);
  const timeZone = useDisplayTimeZone();
  const rows: Array<[string, string]> = [
    ['Topic', lesson.topic?.name ?? ''],
    ['Subject', lesson.subject?.name ?? ''],
    ['Program', lesson.program?.name ?? ''],
    ['Curriculum', lesson.program?.curriculum?.name ?? ''],
    ['Grade level', lesson.gradeLevel?.name ?? ''],
    ['Date', lesson.startAt ? formatDateOrdinal(lesson.startAt, timeZone) : ''],
    ['Time', lesson.startAt ? `${formatTime(lesson.startAt, timeZone)}${lesson.endAt ? ` – ${formatTime(lesson.endAt, timeZone)}` : ''}` : ''],
    ['Duration', lesson.durationMinutes ? `${lesson.durationMinutes} minutes` : ''],
    ['Class', lesson.class?.title ?? ''],
    ['Seats left', lesson.seatsLeft === null ? '' : isFull(lesson.seatsLeft) ? t('lessons.full') : String(lesson.seatsLeft)],
    ['Lesson code', lesson.code],
  ];
  const teacher = lesson.teacher;
  return (
    <Container size="lg" py="lg">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
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
            <Title order={1} size="h2">
              {title}
            </Title>
            {lesson.objective && <Text size="lg" style={{ whiteSpace: 'pre-line' }}>{lesson.objective}</Text>}
            {/* A plain table: Mantine's Table brings its scroll area (about 20 KB compressed) to this page. */}
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
              </tbody>
            </Box>
            {teacher && (
              <Card withBorder padding="md" component="section" aria-labelledby="lesson-teacher">
                <Group wrap="nowrap" align="flex-start">
                  <Avatar src={teacher.photoUrl} alt="" size="lg" radius="xl" color="blue" />
                  <Stack gap={2}>
                    <Title order={2} size="h5" id="lesson-teacher">
                      <Anchor component={Link} href={`/teachers?teacher=${teacher.id}`} c="dark.8">
                        {personName(teacher)}
                      </Anchor>
                    </Title>
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
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" component="aside" aria-label="Price">
            <Stack gap="sm">
              <Text size="sm" c="gray.7">
                Price
              </Text>
              <Text fw={800} fz={28}>
                {formatKes(lesson.price)}
              </Text>
              <AddToCart lesson={lesson} />
            </Stack>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

function LessonByCode({ code }: { code: string }) {
  const lesson = useResource('this lesson', () => fetchLesson(code), () => initialLesson(code));
  usePageTitle(lesson.data ? lessonTitle(lesson.data) : 'Lesson');
  if (lesson.loading) return <CenteredLoader label="Loading lesson" />;
  if (!lesson.data) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" variant="light" role="alert" title={lesson.error}>
          <Group gap="sm" mt={4}>
            <Button size="xs" variant="white" color="red" onClick={lesson.retry}>
              Try again
            </Button>
            <Anchor component={Link} href="/classes" size="sm" c="red.9">
              Browse classes
            </Anchor>
          </Group>
        </Alert>
      </Container>
    );
  }
  return <LessonDetails lesson={lesson.data} />;
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

function MissingCode() {
  usePageTitle('Lesson');
  return (
    <Container size="sm" py="xl">
      <Alert color="yellow" variant="light" title="Which lesson?">
        Open a lesson from the{' '}
        <Anchor component={Link} href="/classes" c="blue.9">
          classes
        </Anchor>{' '}
        or{' '}
        <Anchor component={Link} href="/search" c="blue.9">
          search
        </Anchor>
        .
      </Alert>
    </Container>
  );
}
