// The catalogue's filter grid of /classes and Find lessons: curriculum, grade level (those of the
// chosen curriculum, src/shared/catalogue.ts), subject and type, then the page's own fields (dates,
// prices) and "Clear filters". It lives outside components/lists, so it stays out of the light
// public chunk the home page loads (vite.config.ts): only the pages with filters load it.
import { Button, Grid, NativeSelect } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ListQuery } from '@/machines/load-machine';
import { catalogueFilterOptionsLoader } from '@/machines/screens/public-screens';
import type { ClassFilters } from '@/services/schemas/web';
import { activeFilterCount, bySlugOrId, gradeLevelsOfCurriculum } from '@/shared/catalogue';
import { useLoader } from '../use-loader';

/** What the filters need of a list (`useLoader`): its query and the load machine's filter events. */
export type FilteredList = {
  query: ListQuery;
  setFilter: (name: string, value: string | null) => void;
  resetFilters: () => void;
};

export type CatalogueFiltersProps = {
  list: FilteredList;
  /** The landmark's name ("Filter classes"). */
  label: string;
  /** The "Type" choices (class types, lesson types). */
  types: ReadonlyArray<{ value: string; label: string }>;
  /** The page's own fields, as `Grid.Col`s between the choices and "Clear filters". */
  children?: ReactNode;
  /** The width of "Clear filters" from md up (twelfths), to close the page's last row. */
  clearSpan: number;
  id?: string;
  className?: string;
};

const ALL = { value: '', label: 'All' };
const choices = (items: ReadonlyArray<{ id: number; name: string; slug: string | null }>) => [
  ALL,
  ...items.map((item) => ({ value: item.slug ?? String(item.id), label: item.name })),
];

/**
 * The filters with their options, loaded where the filters show (a phone that keeps them closed
 * never asks for them). If the options fail to load, the list still works with the filters it has.
 */
export function CatalogueFilters(props: CatalogueFiltersProps) {
  const options = useLoader(catalogueFilterOptionsLoader, { name: 'filters', inUrl: false });
  return <CatalogueFilterFields {...props} options={options.data} />;
}

/** The filter fields with the options given (none yet: what the server renders). */
export function CatalogueFilterFields({
  list,
  label,
  types,
  children,
  clearSpan,
  id,
  className,
  options,
}: CatalogueFiltersProps & { options: ClassFilters | null | undefined }) {
  const q = list.query;
  const curricula = options?.curricula ?? [];
  const curriculum = bySlugOrId(curricula, q.curriculum);
  const fields = [
    { name: 'curriculum', label: 'Curriculum', data: choices(curricula) },
    {
      name: 'grade_level',
      label: 'Grade level',
      data: choices(gradeLevelsOfCurriculum(options?.gradeLevels ?? [], curriculum?.id)),
    },
    { name: 'subject', label: 'Subject', data: choices(options?.subjects ?? []) },
    { name: 'type', label: 'Type', data: [ALL, ...types] },
  ];
  return (
    // A landmark, not a <form>: a page's text filters are forms of their own, and a form inside a
    // form does not survive the HTML parser (the server-rendered page would not match the app's).
    <Grid id={id} className={className} role="form" aria-label={label}>
      {fields.map((field) => (
        <Grid.Col key={field.name} span={{ base: 12, sm: 6, md: 3 }}>
          <NativeSelect
            label={field.label}
            data={field.data}
            value={q[field.name] ?? ''}
            onChange={(event) => list.setFilter(field.name, event.currentTarget.value)}
          />
        </Grid.Col>
      ))}
      {children}
      <Grid.Col span={{ base: 12, md: clearSpan }} style={{ display: 'flex', alignItems: 'flex-end' }}>
        <Button variant="default" fullWidth onClick={list.resetFilters} disabled={activeFilterCount(q) === 0}>
          Clear filters
        </Button>
      </Grid.Col>
    </Grid>
  );
}
