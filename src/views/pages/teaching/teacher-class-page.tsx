// `/teaching/classes/show/:id`: one of the teacher's classes with its review state, details and its
// lessons (each linking to the teacher's lesson page).
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { TEACHER_CLASS } from '@/machines/screens/lessons-screens';
import { teacherClassLoader } from '@/machines/screens/teaching-screens';
import type { TeacherClassDetail } from '@/services/schemas/teaching-materials';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { CLASS_TYPE_LABELS, TEACHER_CLASSES_PATH } from '@/shared/teaching';
import { FREQUENCY_LABELS } from '../../components/lists/cards';
import { useRouteParams } from '../../route-params';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { classDates, lessonPath, lessonTitle, lessonWhen } from '../lessons/lesson-parts';
import NotFoundPage from '../public/not-found-page';
import { DetailsTable } from '../../components/lesson/details-table';
import { MeetingLinkForm } from './meeting-link-form';
import { ResourceStates } from './resource-states';
import { TeacherClassStatusBadge, TeacherLessonStatusBadge } from './teacher-status-badges';

function ClassDetails({ lessonClass: c }: { lessonClass: TeacherClassDetail }) {
  usePageTitle(c.title);
  const rows: Array<[string, string]> = [
    ['Subject', c.subject?.name ?? ''],
    ['Grade level', [c.gradeLevel?.name, c.gradeLevel?.eduLevel?.name].filter(Boolean).join(' · ')],
    ['Class type', c.type ? CLASS_TYPE_LABELS[c.type] : ''],
    ['Frequency', c.frequency ? FREQUENCY_LABELS[c.frequency] : ''],
    ['Price', formatKes(c.price)],
    ['Dates', classDates(c)],
  ];
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={1} size="h2">
          {c.title}
        </Title>
        <TeacherClassStatusBadge status={c.status} />
      </Group>
      {c.status === 'rejected' && (
        <Alert color="red" variant="light" title={t('teaching.classRejected')}>
          {c.rejectionComment}
        </Alert>
      )}
      {c.status === 'pending' && <Text c="gray.7">{t('teaching.classPending')}</Text>}
      {c.description && <Text style={{ whiteSpace: 'pre-line' }}>{c.description}</Text>}
      <DetailsTable rows={rows} />
      <Group gap="sm">
        <Button component={Link} href={`/teaching/classes/edit/${c.id}`} variant="light" color="blue.9">
          Edit class
        </Button>
        <Anchor component={Link} href={TEACHER_CLASSES_PATH} size="sm">
          My classes
        </Anchor>
      </Group>
      <MeetingLinkForm owner="class" id={c.id} link={c.link} />
      <Stack gap="xs" component="section" aria-labelledby="teacher-class-lessons">
        <Title order={2} size="h4" id="teacher-class-lessons">
          Lessons
        </Title>
        {c.lessons.length === 0 ? (
          <Text c="gray.7">{t('messages.none', { name: 'lessons' })}</Text>
        ) : (
          c.lessons.map((lesson) => (
            <Card key={lesson.id} withBorder padding="sm" component="article">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={4}>
                  <Title order={3} size="h6">
                    <Anchor component={Link} href={lessonPath(lesson.code)} c="dark.8">
                      {lessonTitle(lesson)}
                    </Anchor>
                  </Title>
                  <Text size="sm">{lessonWhen(lesson.startAt, lesson.endAt)}</Text>
                  <Text size="sm" c="gray.7">
                    {lesson.code} · {lesson.bookingsCount} booked
                  </Text>
                </Stack>
                <TeacherLessonStatusBadge status={lesson.status} />
              </Group>
            </Card>
          ))
        )}
      </Stack>
    </Stack>
  );
}

function ClassById({ id }: { id: string }) {
  const lookup = useLoader(teacherClassLoader, {
    name: 'this class',
    params: { id },
    inUrl: false,
    systemId: TEACHER_CLASS,
  });
  return (
    <ResourceStates resource={lookup} label="Loading class">
      {(found) => (found.found ? <ClassDetails lessonClass={found.lessonClass} /> : <NotFoundPage />)}
    </ResourceStates>
  );
}

/** `/teaching/classes/show/:id`. */
export default function TeacherClassPage() {
  const { id = '' } = useRouteParams();
  // Another class is another screen.
  return <ClassById key={id} id={id} />;
}
