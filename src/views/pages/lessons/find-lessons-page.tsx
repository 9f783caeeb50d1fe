// `/lessons/find`: the learner's lesson search (GET /api/lessons/filter). `@mantine/dates` and its
// stylesheet load with this chunk only, never with the public pages.
import '@mantine/dates/styles.css';
import { Badge, Grid, SimpleGrid, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { findLessonsLoader } from '@/machines/screens/catalogue-screens';
import { t } from '@/shared/messages';
import { LESSON_TYPES } from '@/shared/teaching';
import { CatalogueFilters, type FilteredList } from '../../components/catalogue-filters';
import { SeatsLeft } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { LearnerLessonCard, LessonStateBadge } from './lesson-parts';

// Mantine's placeholder grey is below 4.5:1 on white (axe); gray.7 passes.
const READABLE_PLACEHOLDER = { placeholder: { color: 'var(--mantine-color-gray-7)' } };

const TYPE_LABELS: Record<(typeof LESSON_TYPES)[number], string> = {
  public: 'Public',
  private: 'Private',
  group: 'Group',
};
const TYPES = LESSON_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }));

/** A day for the URL: `YYYY-MM-DD`, or null when the picker was cleared. */
function dayOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const match = /^\d{4}-\d{2}-\d{2}/.exec(value);
  return match ? match[0] : null;
}

/** "From" or "To": a day picked in a calendar, never past the other end of the range. */
function DayFilter({ list, name, label }: { list: FilteredList; name: 'from' | 'to'; label: string }) {
  const q = list.query;
  return (
    <Grid.Col span={{ base: 6, md: 4 }}>
      <DatePickerInput
        label={label}
        placeholder="Any day"
        styles={READABLE_PLACEHOLDER}
        clearable
        valueFormat="MMM D, YYYY"
        value={q[name] ?? null}
        minDate={name === 'to' ? q.from : undefined}
        maxDate={name === 'from' ? q.to : undefined}
        onChange={(value) => list.setFilter(name, dayOf(value))}
      />
    </Grid.Col>
  );
}

/** `/lessons/find`: approved lessons that have not started, filtered in the URL. */
export default function FindLessonsPage() {
  usePageTitle('Find lessons');
  const list = useLoader(findLessonsLoader, { name: 'lessons' });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Find lessons
      </Title>
      <SearchBox list={list} label="Search lessons" type="search" withButton />
      <CatalogueFilters list={list} label="Filter lessons" types={TYPES} clearSpan={4}>
        <DayFilter list={list} name="from" label="From" />
        <DayFilter list={list} name="to" label="To" />
      </CatalogueFilters>
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
