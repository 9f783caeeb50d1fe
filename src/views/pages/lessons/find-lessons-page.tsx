// `/lessons/find`: the learner's lesson search (GET /api/lessons/filter). `@mantine/dates` and its
// stylesheet load with this chunk only, never with the public pages.
import '@mantine/dates/styles.css';
import { Badge, Button, Grid, NativeSelect, SimpleGrid, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { fetchClassFilters } from '@/services/class-service';
import { findLessons, LESSON_TYPES } from '@/services/learner-lesson-service';
import { t } from '@/shared/messages';
import { SeatsLeft } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useList } from '../../components/lists/use-list';
import { useResource } from '../../components/lists/use-resource';
import { usePageTitle } from '../../use-page-title';
import { LearnerLessonCard, LessonStateBadge } from './lesson-parts';

// Mantine's placeholder grey is below 4.5:1 on white (axe); gray.7 passes.
const READABLE_PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

type FindList = ReturnType<typeof useFindList>;

function useFindList() {
  return useList({ name: 'lessons', fetchPage: findLessons });
}

const TYPE_LABELS: Record<(typeof LESSON_TYPES)[number], string> = {
  public: 'Public',
  private: 'Private',
  group: 'Group',
};

/** A day for the URL: `YYYY-MM-DD`, or null when the picker was cleared. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}

/** The filter fields; their options load with them, and the list works without them if they fail. */
function Filters({ list }: { list: FindList }) {
  const options = useResource('filters', fetchClassFilters);
  const q = list.query;
  const curricula = options.data?.curricula ?? [];
  const curriculum = curricula.find((c) => c.slug === q.curriculum || String(c.id) === q.curriculum);
  const gradeLevels = (options.data?.gradeLevels ?? []).filter(
    (grade) => !curriculum || grade.curriculumId === null || grade.curriculumId === curriculum.id,
  );
  const select = (items: Array<{ id: number; name: string; slug: string | null }>) => [
    { value: '', label: 'All' },
    ...items.map((item) => ({ value: item.slug ?? String(item.id), label: item.name })),
  ];
  const hasFilters = Object.keys(q).some((key) => key !== 'page');
  return (
    <Grid component="form" aria-label="Filter lessons" onSubmit={(event) => event.preventDefault()}>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Curriculum"
          data={select(curricula)}
          value={q.curriculum ?? ''}
          onChange={(event) => list.setFilter('curriculum', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Grade level"
          data={select(gradeLevels)}
          value={q.grade_level ?? ''}
          onChange={(event) => list.setFilter('grade_level', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Subject"
          data={select(options.data?.subjects ?? [])}
          value={q.subject ?? ''}
          onChange={(event) => list.setFilter('subject', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Type"
          data={[{ value: '', label: 'All' }, ...LESSON_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))]}
          value={q.type ?? ''}
          onChange={(event) => list.setFilter('type', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <DatePickerInput
          label="From"
          placeholder="Any day"
          styles={READABLE_PLACEHOLDER}
          clearable
          valueFormat="MMM D, YYYY"
          value={q.from ?? null}
          maxDate={q.to ?? undefined}
          onChange={(value) => list.setFilter('from', dayOf(value))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 4 }}>
        <DatePickerInput
          label="To"
          placeholder="Any day"
          styles={READABLE_PLACEHOLDER}
          clearable
          valueFormat="MMM D, YYYY"
          value={q.to ?? null}
          minDate={q.from ?? undefined}
          onChange={(value) => list.setFilter('to', dayOf(value))}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
        <Button variant="default" fullWidth onClick={list.resetFilters} disabled={!hasFilters}>
          Clear filters
        </Button>
      </Grid.Col>
    </Grid>
  );
}

/** `/lessons/find`: approved lessons that have not started, filtered in the URL. */
export default function FindLessonsPage() {
  usePageTitle('Find lessons');
  const list = useFindList();
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Find lessons
      </Title>
      <SearchBox list={list} label="Search lessons" type="search" withButton />
      <Filters list={list} />
      <ListStates list={list} label="Pages of lessons">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {list.items.map((lesson) => (
            <LearnerLessonCard
              key={lesson.id}
              lesson={lesson}
              footer={lesson.isBooked ? undefined : <SeatsLeft seatsLeft={lesson.seatsLeft} />}
              badge={
                lesson.isBooked ? (
                  <Badge variant="filled" color="teal.9" style={{ flexShrink: 0 }}>
                    {t('lessons.booked')}
                  </Badge>
                ) : (
                  <LessonStateBadge startAt={lesson.startAt} endAt={lesson.endAt} />
                )
              }
            />
          ))}
        </SimpleGrid>
      </ListStates>
    </Stack>
  );
}
