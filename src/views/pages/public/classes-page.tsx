import {
  Button,
  Container,
  Grid,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { fetchClasses, fetchClassFilters, initialClasses } from '@/services/class-service';
import { CLASS_TYPES, type ClassFilters as ClassFilterOptions } from '@/services/schemas/web';
import { ClassCard, CLASS_TYPE_LABELS } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useList } from '../../components/lists/use-list';
import { useProgressive } from '../../components/lists/use-progressive';
import { useResource } from '../../components/lists/use-resource';
import { useServerRender } from '../../hydration';
import { usePageTitle } from '../../use-page-title';

type ClassList = ReturnType<typeof useClassList>;

function useClassList() {
  return useList({ name: 'classes', fetchPage: fetchClasses, initialPage: initialClasses });
}

/**
 * The filter fields. They load their options themselves, so a phone that keeps them closed never
 * asks for them, and the options arriving re-render the form, not the list. If the options fail to
 * load, the list still works with the filters it has.
 */
function ClassFiltersWithOptions({ id, list }: { id: string; list: ClassList }) {
  const options = useResource('filters', fetchClassFilters);
  return <ClassFilters id={id} list={list} options={options.data} />;
}

/**
 * The filter fields without their options: what the server renders (it cannot tell a phone), shown
 * by CSS from 48em only; the browser swaps in the loaded version where the filters show.
 */
function ClassFilters({
  id,
  list,
  options,
  className,
}: {
  id: string;
  list: ClassList;
  options: ClassFilterOptions | null | undefined;
  className?: string;
}) {
  const q = list.query;
  const curricula = options?.curricula ?? [];
  const gradeLevels = (options?.gradeLevels ?? []).filter((grade) => {
    if (!q.curriculum) return true;
    const curriculum = curricula.find((c) => c.slug === q.curriculum || String(c.id) === q.curriculum);
    return !curriculum || grade.curriculumId === null || grade.curriculumId === curriculum.id;
  });
  const select = (items: Array<{ id: number; name: string; slug: string | null }>) => [
    { value: '', label: 'All' },
    ...items.map((item) => ({ value: item.slug ?? String(item.id), label: item.name })),
  ];
  const hasFilters = activeFilterCount(q) > 0;
  return (
    // A landmark, not a <form>: the text filters are forms of their own, and a form inside a form
    // does not survive the HTML parser (the server-rendered page would not match the app's).
    <Grid id={id} className={className} role="form" aria-label="Filter classes">
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Curriculum"
          data={select(curricula)}
          value={q.curriculum ?? ''}
          onChange={(event) => {
            list.setFilter('curriculum', event.currentTarget.value);
          }}
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
          data={select(options?.subjects ?? [])}
          value={q.subject ?? ''}
          onChange={(event) => list.setFilter('subject', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <NativeSelect
          label="Type"
          data={[
            { value: '', label: 'All' },
            ...CLASS_TYPES.map((type) => ({ value: type, label: CLASS_TYPE_LABELS[type] })),
          ]}
          value={q.type ?? ''}
          onChange={(event) => list.setFilter('type', event.currentTarget.value)}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <SearchBox list={list} name="from" label="From" type="date" landmark={false} applyOnBlur />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 3 }}>
        <SearchBox list={list} name="to" label="To" type="date" landmark={false} applyOnBlur />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <SearchBox list={list} name="min_price" label="Min price (KES)" type="number" landmark={false} applyOnBlur />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <SearchBox list={list} name="max_price" label="Max price (KES)" type="number" landmark={false} applyOnBlur />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 2 }} style={{ display: 'flex', alignItems: 'flex-end' }}>
        <Button variant="default" fullWidth onClick={list.resetFilters} disabled={!hasFilters}>
          Clear filters
        </Button>
      </Grid.Col>
    </Grid>
  );
}

const WIDE = '(min-width: 48em)';
// Inline (the page's HTML carries it, no stylesheet request): the CSP allows inline styles.
const NARROW_ONLY_CSS = `@media ${WIDE} { .somesha-narrow-only { display: none !important; } } @media not all and ${WIDE} { .somesha-wide-only { display: none !important; } }`;

const activeFilterCount = (query: Record<string, string>) =>
  Object.keys(query).filter((key) => key !== 'page' && key !== 'per_page').length;

export default function ClassesPage() {
  usePageTitle('Classes');
  const list = useClassList();
  const classes = useProgressive(list.items);
  const activeFilters = activeFilterCount(list.query);
  // On a phone eight filter fields would fill the first screen before any class: they sit behind a
  // "Filters" button there (read at the first render, so the list never jumps), and inline from 48em
  // up. The server cannot tell a phone: its HTML has both, and CSS shows one, so nothing moves when
  // the app takes over; the options are asked for only where the filters show.
  const serverRender = useServerRender();
  const wide = useMediaQuery(WIDE, undefined, { getInitialValueInEffect: false }) && !serverRender;
  const [filtersOpened, setFiltersOpened] = useState(false);
  const filtersId = useId();
  const showFilters = wide || filtersOpened;

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        {serverRender && <style>{NARROW_ONLY_CSS}</style>}
        <Group justify="space-between" wrap="nowrap">
          <Title order={1} size="h2">
            Classes
          </Title>
          {!wide && (
            <Button
              className="somesha-narrow-only"
              variant="default"
              aria-expanded={filtersOpened}
              aria-controls={filtersOpened ? filtersId : undefined}
              onClick={() => setFiltersOpened((opened) => !opened)}
            >
              {activeFilters ? `Filters (${activeFilters})` : 'Filters'}
            </Button>
          )}
        </Group>
        {showFilters && <ClassFiltersWithOptions id={filtersId} list={list} />}
        {!showFilters && serverRender && (
          <ClassFilters id={filtersId} list={list} options={null} className="somesha-wide-only" />
        )}
        <ListStates list={list}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
            {classes.map((lessonClass) => (
              <ClassCard key={lessonClass.id} lessonClass={lessonClass} headingLevel={2} />
            ))}
          </SimpleGrid>
        </ListStates>
      </Stack>
    </Container>
  );
}
