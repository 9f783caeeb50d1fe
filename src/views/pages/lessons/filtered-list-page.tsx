// The workspace's filtered lists (lesson bookings, the learner's classes, the teacher's lessons and
// classes) are one page: a title with the page's action (a parent's learner choice, "Create…"), tabs
// over `filter` and the list's states and cards under them. The filter, the learner and the page live
// in the URL through the list's loader (src/views/use-loader.ts).
import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LearnerSelect } from '../../components/learner-select';
import { ListStates } from '../../components/lists/list-states';
import type { LoaderBinding } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { FilterTabs } from './lesson-parts';

export type FilterTab<V extends string> = { value: V; label: string };

export function FilteredListPage<T, V extends string>({
  title,
  list,
  tabs,
  tabsLabel,
  pagerLabel,
  learnerChoice = false,
  action,
  columns = 1,
  renderItem,
}: {
  /** The page's title and heading. */
  title: string;
  list: LoaderBinding<T>;
  /** The tabs over `filter`; the first is the default and is left out of the URL. */
  tabs: readonly [FilterTab<V>, ...FilterTab<V>[]];
  tabsLabel: string;
  pagerLabel: string;
  /** A parent's choice of child (`student_id`); nobody else sees it. */
  learnerChoice?: boolean;
  /** Beside the title ("Create lessons"). */
  action?: ReactNode;
  /** Cards side by side from the `sm` breakpoint. */
  columns?: 1 | 2;
  /** One item's card, with its `key`. */
  renderItem: (item: T) => ReactNode;
}) {
  usePageTitle(title);
  const fallback = tabs[0].value;
  const filter = tabs.find((tab) => tab.value === list.query.filter)?.value ?? fallback;
  const cards = list.items.map(renderItem);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {title}
        </Title>
        {learnerChoice && (
          <LearnerSelect
            value={list.query.student_id ?? null}
            onChange={(value) => list.setFilter('student_id', value)}
          />
        )}
        {action}
      </Group>
      <FilterTabs
        label={tabsLabel}
        value={filter}
        options={tabs}
        onChange={(value) => list.setFilter('filter', value === fallback ? null : value)}
      >
        <ListStates list={list} label={pagerLabel}>
          {columns === 2 ? <SimpleGrid cols={{ base: 1, sm: 2 }}>{cards}</SimpleGrid> : cards}
        </ListStates>
      </FilterTabs>
    </Stack>
  );
}
