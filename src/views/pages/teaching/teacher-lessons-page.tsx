import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'wouter';
import { lessonEditMode } from '@/machines/lesson-form-machine';
import {
  initialTeacherLessonsPage,
  lessonFormDataLoader,
  teacherLessonsLoader,
} from '@/machines/screens/lessons-screens';
import type { TeacherLesson, TeacherLessonStatus } from '@/services/schemas/teaching';
import type { TeacherLessonFilter } from '@/services/teaching-service';
import { formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { useLoader } from '../../use-loader';
import { FilteredListPage, type FilterTab } from '../lessons/filtered-list-page';
import { ItemCard, lessonPath, lessonTitle, lessonWhen } from '../lessons/lesson-parts';
import { useNow } from '../../hydration';

const TABS: readonly [FilterTab<TeacherLessonFilter>, ...FilterTab<TeacherLessonFilter>[]] = [
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
  const badge = lesson.status ? STATUS_BADGES[lesson.status] : null;
  const mode = lessonEditMode(lesson, now);
  const title = lessonTitle(lesson);
  return (
    <ItemCard
      title={title}
      href={lessonPath(lesson.code)}
      badge={
        badge && (
          <Badge variant="filled" color={badge.color} style={{ flexShrink: 0 }}>
            {badge.label}
          </Badge>
        )
      }
      details={[lesson.subject?.name, lesson.gradeLevel?.name, lesson.type ? TYPE_LABELS[lesson.type] : null]}
    >
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
    </ItemCard>
  );
}

/** "Create lessons", or why the teacher cannot yet (profile awaiting approval). */
function CreateAction() {
  const { data } = useLoader(lessonFormDataLoader, { name: 'the lesson form', inUrl: false });
  if (!data) return null;
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
  const list = useLoader(teacherLessonsLoader, { name: 'lessons', initial: initialTeacherLessonsPage });
  const now = useNow();
  return (
    <FilteredListPage
      title="My lessons"
      list={list}
      tabs={TABS}
      tabsLabel="Show lessons"
      pagerLabel="Pages of my lessons"
      action={<CreateAction />}
      renderItem={(lesson) => <TeacherLessonCard key={lesson.id} lesson={lesson} now={now} />}
    />
  );
}
