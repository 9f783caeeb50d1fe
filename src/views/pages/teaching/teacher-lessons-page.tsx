import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { lessonEditMode } from '@/machines/lesson-form-machine';
import type { TeacherLesson, TeacherLessonStatus } from '@/services/schemas/teaching';
import {
  fetchLessonFormData,
  fetchTeacherLessons,
  isTeacherLessonFilter,
  type TeacherLessonFilter,
} from '@/services/teaching-service';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { useLoad } from '../../use-load';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs, lessonPath, lessonTitle, lessonWhen } from '../lessons/lesson-parts';

const TABS: ReadonlyArray<{ value: TeacherLessonFilter; label: string }> = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'past', label: 'Past' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
  { value: 'cancelled', label: 'Cancelled' },
];

// Filled badges whose white text passes WCAG AA (green.9 and orange.9 do not).
const STATUS_BADGES: Record<TeacherLessonStatus, { label: string; color: string }> = {
  pending: { label: 'Pending approval', color: 'indigo.9' },
  approved: { label: 'Approved', color: 'teal.9' },
  rejected: { label: 'Rejected', color: 'red.9' },
  cancelled: { label: 'Cancelled', color: 'gray.8' },
};

const TYPE_LABELS: Record<string, string> = { public: 'Public', private: 'Private', group: 'Group' };

export function editLessonPath(id: number): string {
  return `/teaching/lessons/edit/${id}`;
}

/** What the teacher reads about the review: approved, or failed with the admin's comment. */
function ReviewNote({ lesson }: { lesson: TeacherLesson }) {
  if (lesson.status === 'rejected') {
    return (
      <Text size="sm" c="red.9">
        {t('lesson.rejected')}
        {lesson.rejectionComment ? `: ${lesson.rejectionComment}` : '.'}
      </Text>
    );
  }
  if (lesson.status === 'approved') {
    return (
      <Text size="sm" c="teal.9">
        {t('lesson.approved')}
      </Text>
    );
  }
  if (lesson.status === 'cancelled' && lesson.cancellationReason) {
    return <Text size="sm">Cancelled: {lesson.cancellationReason}</Text>;
  }
  return null;
}

function TeacherLessonCard({ lesson, now }: { lesson: TeacherLesson; now: number }) {
  const details = [lesson.subject?.name, lesson.gradeLevel?.name, lesson.type ? TYPE_LABELS[lesson.type] : null]
    .filter(Boolean)
    .join(' · ');
  const badge = lesson.status ? STATUS_BADGES[lesson.status] : null;
  const mode = lessonEditMode(lesson, now);
  const title = lessonTitle(lesson);
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            <Anchor component={Link} href={lessonPath(lesson.code)} c="dark.8">
              {title}
            </Anchor>
          </Title>
          {badge && (
            <Badge variant="filled" color={badge.color} style={{ flexShrink: 0 }}>
              {badge.label}
            </Badge>
          )}
        </Group>
        {details && (
          <Text size="sm" c="gray.7">
            {details}
          </Text>
        )}
        <Text size="sm">{lessonWhen(lesson.startAt, lesson.endAt)}</Text>
        <Group gap="lg">
          <Text size="sm">{formatKes(lesson.price)} per learner</Text>
          <Text size="sm">
            {lesson.bookingsCount} {lesson.bookingsCount === 1 ? 'booking' : 'bookings'}
          </Text>
        </Group>
        <ReviewNote lesson={lesson} />
        {mode !== 'locked' && (
          <Group gap="sm">
            <Button
              component={Link}
              href={editLessonPath(lesson.id)}
              size="compact-sm"
              variant="light"
              color="blue.9"
              aria-label={`${mode === 'full' ? 'Edit' : 'Reschedule'} ${title}`}
            >
              {mode === 'full' ? 'Edit' : 'Reschedule'}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** "Create lessons", or why the teacher cannot yet (profile awaiting approval). */
function CreateAction() {
  const { loading, data } = useLoad(fetchLessonFormData);
  if (loading || !data) return null;
  if (!data.canCreate) {
    return (
      <Alert color="blue" variant="light" title="You cannot create lessons yet" maw={420}>
        {data.reason ?? t('teaching.cannotCreate')}
      </Alert>
    );
  }
  return (
    <Button component={Link} href="/teaching/lessons/create">
      Create lessons
    </Button>
  );
}

/** `/teaching/lessons`: the teacher's lessons by tab (in the URL), with their review state. */
export default function TeacherLessonsPage() {
  usePageTitle('My lessons');
  const list = useList({ name: 'lessons', fetchPage: fetchTeacherLessons });
  const filter: TeacherLessonFilter = isTeacherLessonFilter(list.query.filter) ? list.query.filter : 'upcoming';
  const now = Date.now();
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          My lessons
        </Title>
        <CreateAction />
      </Group>
      <FilterTabs
        label="Show lessons"
        value={filter}
        options={TABS}
        onChange={(value) => list.setFilter('filter', value === 'upcoming' ? null : value)}
      >
        <ListStates list={list} label="Pages of my lessons">
          {list.items.map((lesson) => (
            <TeacherLessonCard key={lesson.id} lesson={lesson} now={now} />
          ))}
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
