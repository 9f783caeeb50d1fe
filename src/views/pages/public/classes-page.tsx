import { Button, Container, Grid, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useId, useState } from 'react';
import { classesLoader, initialClassesPage } from '@/machines/screens/public-screens';
import { activeFilterCount } from '@/shared/catalogue';
import { CLASS_TYPE_LABELS, CLASS_TYPES } from '@/shared/teaching';
import {
  CatalogueFilterFields,
  CatalogueFilters,
  type CatalogueFiltersProps,
  type FilteredList,
} from '../../components/catalogue-filters';
import { ClassCard } from '../../components/lists/cards';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useProgressive } from '../../components/lists/use-progressive';
import { useServerRender } from '../../hydration';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

const TYPES = CLASS_TYPES.map((type) => ({ value: type, label: CLASS_TYPE_LABELS[type] }));

/** The classes' own filters after the catalogue's: the days and the price, applied on Enter or on leaving the field. */
const TEXT_FILTERS = [
  { name: 'from', label: 'From', type: 'date', md: 3 },
  { name: 'to', label: 'To', type: 'date', md: 3 },
  { name: 'min_price', label: 'Min price (KES)', type: 'number', md: 2 },
  { name: 'max_price', label: 'Max price (KES)', type: 'number', md: 2 },
] as const;

function classFilters(list: FilteredList): CatalogueFiltersProps {
  return {
    list,
    label: 'Filter classes',
    types: TYPES,
    clearSpan: 2,
    children: TEXT_FILTERS.map((field) => (
      <Grid.Col key={field.name} span={{ base: 6, md: field.md }}>
        <SearchBox
          list={list}
          name={field.name}
          label={field.label}
          type={field.type}
          landmark={false}
          applyOnBlur
        />
      </Grid.Col>
    )),
  };
}

const WIDE = '(min-width: 48em)';
// Inline (the page's HTML carries it, no stylesheet request): the CSP allows inline styles.
const NARROW_ONLY_CSS = `@media ${WIDE} { .somesha-narrow-only { display: none !important; } } @media not all and ${WIDE} { .somesha-wide-only { display: none !important; } }`;

export default function ClassesPage() {
  usePageTitle('Classes');
  const list = useLoader(classesLoader, { name: 'classes', initial: initialClassesPage });
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
        {showFilters && <CatalogueFilters id={filtersId} {...classFilters(list)} />}
        {!showFilters && serverRender && (
          <CatalogueFilterFields
            id={filtersId}
            className="somesha-wide-only"
            options={null}
            {...classFilters(list)}
          />
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
