// `/teaching/classes`: the teacher's classes by tab (upcoming, ongoing, past, pending, rejected) in
// the URL, paged, each with its review state and, when rejected, the reviewer's comment.
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import type { TeacherClass } from '@/services/schemas/teaching';
import {
  fetchTeacherClasses,
  isTeacherClassFilter,
  type TeacherClassFilter,
} from '@/services/teacher-class-service';
import { t } from '@/shared/messages';
import { CLASS_TYPE_LABELS, TEACHER_CLASS_FILTERS } from '@/shared/teaching';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';
import { classDates, FilterTabs } from '../lessons/lesson-parts';
import { TeacherClassStatusBadge } from './teacher-status-badges';

const LABELS: Record<TeacherClassFilter, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  past: 'Past',
  pending: 'Pending',
  rejected: 'Rejected',
};
const TABS = TEACHER_CLASS_FILTERS.map((value) => ({ value, label: LABELS[value] }));

/** Upcoming is the default tab, so it is left out of the URL. */
const fetchClasses = (query: Record<string, string>) =>
  fetchTeacherClasses({ ...query, filter: isTeacherClassFilter(query.filter) ? query.filter : 'upcoming' });

export function teacherClassPath(id: number | string): string {
  return `/teaching/classes/show/${encodeURIComponent(String(id))}`;
}

function TeacherClassCard({ lessonClass: c }: { lessonClass: TeacherClass }) {
  const details = [c.subject?.name, c.gradeLevel?.name, c.type ? CLASS_TYPE_LABELS[c.type] : null]
    .filter(Boolean)
    .join(' · ');
  return (
    <Card withBorder padding="md" component="article">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h5">
            <Anchor component={Link} href={teacherClassPath(c.id)} c="dark.8">
              {c.title}
            </Anchor>
          </Title>
          <TeacherClassStatusBadge status={c.status} />
        </Group>
        {details && (
          <Text size="sm" c="gray.7">
            {details}
          </Text>
        )}
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
      </Stack>
    </Card>
  );
}

/** `/teaching/classes`. */
export default function TeacherClassesPage() {
  usePageTitle('My classes');
  const list = useList({ name: 'classes', fetchPage: fetchClasses });
  const filter: TeacherClassFilter = isTeacherClassFilter(list.query.filter) ? list.query.filter : 'upcoming';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          My classes
        </Title>
        <Button component={Link} href="/teaching/classes/create" color="blue.9">
          Create a class
        </Button>
      </Group>
      <FilterTabs
        label="Show classes"
        value={filter}
        options={TABS}
        onChange={(value) => list.setFilter('filter', value === 'upcoming' ? null : value)}
      >
        <ListStates list={list} label="Pages of classes">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {list.items.map((lessonClass) => (
              <TeacherClassCard key={lessonClass.id} lessonClass={lessonClass} />
            ))}
          </SimpleGrid>
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
