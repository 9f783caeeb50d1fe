// `/classes/view/:id` (classpage, issue 24): a class's public page, rendered on the server from the
// answer its HTML carries. The class, its lessons (each opening its own page) and the whole class
// for sale: the price of what is left to buy, by the shared rule the server charges by.
import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties } from 'react';
import { Link } from 'wouter';
import { initialClassAnswer, publicClassLoader } from '@/machines/screens/class-view-screens';
import type { ClassDetail, ClassLesson } from '@/services/schemas/web';
import { lessonPath } from '@/shared/catalogue';
import { publicClassOffer } from '@/shared/class-purchase';
import { formatDate, formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { CLASS_TYPE_LABELS } from '@/shared/teaching';
import { CenteredLoader } from '../../components/centered-loader';
import { LessonLayout, LessonLoadError } from '../../components/lesson/lesson-detail';
import { FREQUENCY_LABELS, lessonWhen, personName } from '../../components/lists/cards';
import { useDisplayTimeZone, useNow } from '../../hydration';
import { useRouteParams } from '../../route-params';
import { useAddToCart } from '../../use-add-to-cart';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import NotFoundPage from './not-found-page';

const LESSON_LIST: CSSProperties = {
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: 'var(--mantine-spacing-xs)',
};

function BuyClass({ lessonClass }: { lessonClass: ClassDetail }) {
  // The cart machine adds it, says so and opens the drawer; the button shows its own progress and error.
  const { add, adding, error } = useAddToCart({ kind: 'class', id: lessonClass.id });
  const offer = publicClassOffer(lessonClass, new Date(useNow()));
  const partial = offer.left > 0 && offer.left < offer.planned;
  return (
    <>
      <Text size="sm" c="gray.7">
        Price of the whole class
      </Text>
      <Text fw={800} fz={28}>
        {formatKes(offer.left > 0 ? offer.price : lessonClass.price)}
      </Text>
      {partial && (
        <Text size="sm" c="gray.7">
          {t('classpage.priceNote', { count: offer.left, total: offer.planned })}{' '}
          {`(${formatKes(lessonClass.price)} for all of them)`}
        </Text>
      )}
      <Button size="md" color="blue.9" onClick={add} loading={adding} disabled={offer.left === 0}>
        {t('classpage.buy')}
      </Button>
      {offer.left === 0 && (
        <Text size="sm" c="gray.7">
          {t('classpage.nothingLeft')}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}

function LessonRow({ lesson, timeZone }: { lesson: ClassLesson; timeZone: string | undefined }) {
  const title = lesson.topic?.name ?? `Lesson ${lesson.code}`;
  return (
    <Card component="li" withBorder padding="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor component={Link} href={lessonPath(lesson.code)} fw={600} c="dark.8">
            {title}
          </Anchor>
          <Text size="sm" c="gray.7">
            {lessonWhen(lesson.startAt, lesson.endAt, timeZone)}
          </Text>
        </Stack>
        <Text fw={700} style={{ flexShrink: 0 }}>
          {formatKes(lesson.price)}
        </Text>
      </Group>
    </Card>
  );
}

function ClassDetails({ lessonClass: c }: { lessonClass: ClassDetail }) {
  // Server and browser must show the same times while the page hydrates.
  const timeZone = useDisplayTimeZone();
  return (
    <LessonLayout
      title={c.title}
      eyebrow={
        <Group gap="xs">
          {c.type && (
            <Badge variant="filled" color="blue.9">
              {CLASS_TYPE_LABELS[c.type]}
            </Badge>
          )}
          {c.subject && (
            <Badge variant="outline" color="gray.8">
              {c.subject.name}
            </Badge>
          )}
        </Group>
      }
      objective={c.description}
      labelObjective={false}
      rows={[
        ['Teacher', personName(c.teacher)],
        ['Subject', c.subject?.name ?? ''],
        ['Level', [c.gradeLevel?.name, c.gradeLevel?.eduLevel?.name].filter(Boolean).join(' · ')],
        ['Curriculum', c.curriculum?.name ?? ''],
        ['Type', c.type ? CLASS_TYPE_LABELS[c.type] : ''],
        ['Frequency', c.frequency ? FREQUENCY_LABELS[c.frequency] : ''],
        ['Starts', c.startsAt ? formatDate(c.startsAt, timeZone) : ''],
        ['Ends', c.endsAt ? formatDate(c.endsAt, timeZone) : ''],
      ]}
      actions={{ label: 'Price', content: <BuyClass lessonClass={c} /> }}
    >
      <Stack gap="sm" component="section" aria-labelledby="class-lessons">
        <Title order={2} size="h4" id="class-lessons">
          {`Lessons (${c.lessons.length})`}
        </Title>
        {c.lessons.length ? (
          <ol style={LESSON_LIST}>
            {c.lessons.map((lesson) => (
              <LessonRow key={lesson.id} lesson={lesson} timeZone={timeZone} />
            ))}
          </ol>
        ) : (
          <Text c="gray.7">{t('classpage.noLessons')}</Text>
        )}
      </Stack>
    </LessonLayout>
  );
}

function ClassById({ id }: { id: string }) {
  const lessonClass = useLoader(publicClassLoader, {
    name: 'this class',
    params: { id },
    inUrl: false,
    initial: () => initialClassAnswer(id),
  });
  const found = lessonClass.data?.found ? lessonClass.data.lessonClass : null;
  usePageTitle(found ? found.title : 'Class');
  if (lessonClass.loading) return <CenteredLoader label="Loading class" />;
  // An unknown or unapproved class (the server answers the page itself with 404).
  if (lessonClass.data && !lessonClass.data.found) return <NotFoundPage />;
  if (!found) {
    return (
      <Container size="sm" py="xl">
        <LessonLoadError error={lessonClass.error} retry={lessonClass.retry}>
          <Anchor component={Link} href="/classes" size="sm" c="red.9">
            Browse classes
          </Anchor>
        </LessonLoadError>
      </Container>
    );
  }
  return <ClassDetails lessonClass={found} />;
}

/** `/classes/view/:id`. An id that is not a number names no class: the not-found page, with no call. */
export default function ClassViewPage() {
  const id = useRouteParams().id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(id)) return <NotFoundPage />;
  return <ClassById key={id} id={id} />;
}
