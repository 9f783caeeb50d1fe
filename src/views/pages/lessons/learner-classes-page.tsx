import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { CLASS_FILTERS, fetchLearnerClasses, type ClassFilter } from '@/services/learner-lesson-service';
import { LearnerSelect } from '../../components/learner-select';
import { ListStates } from '../../components/lists/list-states';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs, LearnerClassCard } from './lesson-parts';

const LABELS: Record<ClassFilter, string> = {
  upcoming: 'Upcoming',
  ongoing: 'Ongoing',
  past: 'Past',
  rejected: 'Rejected',
};
const TABS = CLASS_FILTERS.map((value) => ({ value, label: LABELS[value] }));

function isClassFilter(value: string | undefined): value is ClassFilter {
  return (CLASS_FILTERS as readonly string[]).includes(value ?? '');
}

/** Upcoming is the default tab, so it is left out of the URL. */
const fetchClasses = (query: Record<string, string>) =>
  fetchLearnerClasses({ ...query, filter: isClassFilter(query.filter) ? query.filter : 'upcoming' });

/** `/workspace/classes`: the classes the learner (or a parent's children) has bookings in (SPEC §4). */
export default function LearnerClassesPage() {
  usePageTitle('Classes');
  const list = useList({ name: 'classes', fetchPage: fetchClasses });
  const filter: ClassFilter = isClassFilter(list.query.filter) ? list.query.filter : 'upcoming';
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Classes
        </Title>
        <LearnerSelect
          value={list.query.student_id ?? null}
          onChange={(value) => list.setFilter('student_id', value)}
        />
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
              <LearnerClassCard key={lessonClass.id} lessonClass={lessonClass} />
            ))}
          </SimpleGrid>
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
