import { Anchor, Badge, Card, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import type { ListQuery } from '@/machines/list-machine';
import { search, searchResultPath, SEARCH_MIN_LENGTH, type SearchPage } from '@/services/search-service';
import { SEARCH_KINDS, type SearchKind } from '@/services/schemas/web';
import { formatDate, formatKes } from '@/shared/format';
import { t } from '@/shared/messages';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useList } from '../../components/lists/use-list';
import { usePageTitle } from '../../use-page-title';

const KIND_LABELS: Record<SearchKind, string> = {
  lesson: 'Lessons',
  class: 'Classes',
  teacher: 'Teachers',
  question: 'Questions',
  subject: 'Subjects',
};
const KIND_BADGE: Record<SearchKind, string> = {
  lesson: 'Lesson',
  class: 'Class',
  teacher: 'Teacher',
  question: 'Question',
  subject: 'Subject',
};

const NO_RESULTS: SearchPage = { items: [], meta: { currentPage: 1, lastPage: 1, perPage: 20, total: 0 }, counts: {} };

export default function SearchPage() {
  usePageTitle('Search');
  // Counts per kind come with each page; kept here for the kind switcher.
  const [counts, setCounts] = useState<SearchPage['counts']>({});
  const fetchPage = useRef(async (query: ListQuery) => {
    // Too short a query is not sent: the page asks for more instead.
    if ((query.q ?? '').trim().length < SEARCH_MIN_LENGTH) return NO_RESULTS;
    const page = await search(query);
    setCounts(page.counts);
    return page;
  }).current;
  const list = useList({ name: 'results', fetchPage });
  const q = list.query.q ?? '';
  const tooShort = q.trim().length < SEARCH_MIN_LENGTH;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Search
        </Title>
        <SearchBox list={list} label="Search lessons, classes, teachers, questions and subjects" type="search" withButton />
        {tooShort ? (
          <Text c="gray.7">{t('search.tooShort')}</Text>
        ) : (
          <>
            <SegmentedControl
              aria-label="Show results of"
              value={list.query.type ?? 'all'}
              onChange={(value) => list.setFilter('type', value === 'all' ? null : value)}
              data={[
                { value: 'all', label: 'All' },
                ...SEARCH_KINDS.map((kind) => ({
                  value: kind,
                  label: counts[kind] !== undefined ? `${KIND_LABELS[kind]} (${counts[kind]})` : KIND_LABELS[kind],
                })),
              ]}
              style={{ alignSelf: 'flex-start', maxWidth: '100%', overflowX: 'auto' }}
            />
            <ListStates list={list}>
              {list.items.map((result) => (
                <Card key={`${result.kind}-${result.id}`} withBorder padding="md" component="article">
                  <Stack gap={4}>
                    <Group gap="xs" wrap="nowrap">
                      <Badge variant="filled" color="gray.8" style={{ flexShrink: 0 }}>
                        {KIND_BADGE[result.kind]}
                      </Badge>
                      <Title order={2} size="h5">
                        <Anchor component={Link} href={searchResultPath(result)} c="dark.8">
                          {result.title}
                        </Anchor>
                      </Title>
                    </Group>
                    {result.summary && (
                      <Text size="sm" c="gray.8" lineClamp={2}>
                        {result.summary}
                      </Text>
                    )}
                    {(result.startAt || result.price) && (
                      <Text size="sm" c="gray.7">
                        {[result.startAt ? formatDate(result.startAt) : null, result.price ? formatKes(result.price) : null]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    )}
                  </Stack>
                </Card>
              ))}
            </ListStates>
          </>
        )}
      </Stack>
    </Container>
  );
}
