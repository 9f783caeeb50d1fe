// `/teaching/classes`: the teacher's classes by tab (upcoming, ongoing, past, pending, rejected) in
// the URL, paged, each with its review state and, when rejected, the reviewer's comment.
import { Button, Text } from '@mantine/core';
import { Link } from 'wouter';
import { teacherClassesLoader } from '@/machines/screens/lessons-screens';
import type { TeacherClass } from '@/services/schemas/teaching';
import type { TeacherClassFilter } from '@/services/teacher-class-service';
import { t } from '@/shared/messages';
import { CLASS_TYPE_LABELS } from '@/shared/teaching';
import { useLoader } from '../../use-loader';
import { FilteredListPage, type FilterTab } from '../lessons/filtered-list-page';
import { classDates, ItemCard } from '../lessons/lesson-parts';
import { TeacherClassStatusBadge } from './teacher-status-badges';

/** Upcoming is the default tab, so it is left out of the URL. */
const TABS: readonly [FilterTab<TeacherClassFilter>, ...FilterTab<TeacherClassFilter>[]] = [
  { value: 'upcoming', label: 'Upcoming' },
  { value: 'ongoing', label: 'Ongoing' },
  { value: 'past', label: 'Past' },
  { value: 'pending', label: 'Pending' },
  { value: 'rejected', label: 'Rejected' },
];

export function teacherClassPath(id: number | string): string {
  return `/teaching/classes/show/${encodeURIComponent(String(id))}`;
}

function TeacherClassCard({ lessonClass: c }: { lessonClass: TeacherClass }) {
  return (
    <ItemCard
      title={c.title}
      href={teacherClassPath(c.id)}
      badge={<TeacherClassStatusBadge status={c.status} />}
      details={[c.subject?.name, c.gradeLevel?.name, c.type ? CLASS_TYPE_LABELS[c.type] : null]}
    >
      <Text size="sm">{classDates(c)}</Text>
      <Text size="sm">
        {c.lessonsCount} {c.lessonsCount === 1 ? 'lesson' : 'lessons'}
      </Text>
      {c.status === 'rejected' && (
        <Text size="sm" c="red.9">
          {t('teaching.classRejected')}
          {c.rejectionComment ? ` ${c.rejectionComment}` : ''}
        </Text>
      )}
    </ItemCard>
  );
}

/** `/teaching/classes`. */
export default function TeacherClassesPage() {
  const list = useLoader(teacherClassesLoader, { name: 'classes' });
  return (
    <FilteredListPage
      title="My classes"
      list={list}
      tabs={TABS}
      tabsLabel="Show classes"
      pagerLabel="Pages of classes"
      action={
        <Button component={Link} href="/teaching/classes/create" color="blue.9">
          Create a class
        </Button>
      }
      columns={2}
      renderItem={(lessonClass) => <TeacherClassCard key={lessonClass.id} lessonClass={lessonClass} />}
    />
  );
}
