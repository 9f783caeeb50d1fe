import { Anchor, Badge, Card, Container, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { searchResultsLoader } from '@/machines/screens/search-screens';
import type { SearchPage } from '@/services/search-service';
import { formatDate, formatKes } from '@/shared/format';
import { SEARCH_KINDS, type SearchKind } from '@/shared/catalogue';
import { t } from '@/shared/messages';
import { searchResultPath, SEARCH_MIN_LENGTH } from '@/shared/search';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
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

export default function SearchPage() {
  usePageTitle('Search');
  const list = useLoader(searchResultsLoader, { name: 'results' });
  // Counts per kind come with each page, for the kind switcher.
  const counts = (list.extra.counts ?? {}) as SearchPage['counts'];
  const q = list.query.q ?? '';
  const tooShort = q.trim().length < SEARCH_MIN_LENGTH;

  return (
    <Container size="md" py="lg">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Search
        </Title>
        <SearchBox
          list={list}
          label="Search lessons, classes, teachers, questions and subjects"
          type="search"
          withButton
        />
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
                  label:
                    counts[kind] !== undefined ? `${KIND_LABELS[kind]} (${counts[kind]})` : KIND_LABELS[kind],
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
                        {[
                          result.startAt ? formatDate(result.startAt) : null,
                          result.price ? formatKes(result.price) : null,
                        ]
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
