import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { subjectsLoader } from '@/machines/screens/catalogue-screens';
import { ListStates } from '../../components/lists/list-states';
import { SearchBox } from '../../components/lists/search-box';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { showPath } from './catalogue-parts';

export default function SubjectsPage() {
  usePageTitle('Subjects');
  const list = useLoader(subjectsLoader, { name: 'subjects' });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Subjects
      </Title>
      <SearchBox list={list} label="Find a subject" maw={360} />
      <ListStates list={list}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {list.items.map((subject) => (
            <Card key={subject.id} withBorder padding="md" component="article">
              <Group gap="xs" wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    width: 12,
                    height: 12,
                    borderRadius: 6,
                    background: subject.color ?? 'var(--mantine-color-gray-5)',
                    flexShrink: 0,
                  }}
                />
                <Title order={2} size="h5">
                  <Anchor component={Link} href={showPath('/subjects', subject)} c="dark.8">
                    {subject.name}
                  </Anchor>
                </Title>
              </Group>
              <Text size="sm" c="gray.7" mt={4}>
                {[subject.category?.name, `${subject.topicsCount} topics`].filter(Boolean).join(' · ')}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </ListStates>
    </Stack>
  );
}
