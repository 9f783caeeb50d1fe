import { Anchor, Card, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { gradeLevelLoader } from '@/machines/screens/catalogue-screens';
import { useRouteParams } from '../../route-params';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { showPath, ShowSection, ShowState, Trail } from './catalogue-parts';

function GradeLevelShow({ slug }: { slug: string }) {
  const grade = useLoader(gradeLevelLoader, { name: 'grade level', params: { slug }, inUrl: false });
  usePageTitle(grade.data?.name ?? 'Grade level');
  if (!grade.data) return <ShowState resource={grade} name="grade level" />;
  const g = grade.data;
  const curriculum = g.eduLevel?.curriculum;
  return (
    <Stack gap="lg">
      <Trail
        items={[
          { label: 'Grade levels', href: '/grade-levels' },
          ...(curriculum
            ? [{ label: curriculum.acronym ?? curriculum.name, href: showPath('/curricula', curriculum) }]
            : []),
          { label: g.name },
        ]}
      />
      <Title order={1} size="h2">
        {g.name}
      </Title>
      {g.eduLevel && (
        <Text c="gray.7">
          {g.eduLevel.name}
          {curriculum ? ` · ${curriculum.name}` : ''}
        </Text>
      )}
      <ShowSection title="Subjects" name="subjects" count={g.subjects.length}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {g.subjects.map((subject) => (
            <Card key={subject.id} withBorder padding="md" component="article">
              <Title order={3} size="h5">
                <Anchor component={Link} href={showPath('/subjects', subject)} c="dark.8">
                  {subject.name}
                </Anchor>
              </Title>
              {subject.topics.length === 0 ? (
                <Text size="sm" c="gray.7" mt={4}>
                  No topics available.
                </Text>
              ) : (
                <List size="sm" mt={4} spacing={2}>
                  {subject.topics.map((topic) => (
                    <List.Item key={topic.id}>{topic.name}</List.Item>
                  ))}
                </List>
              )}
            </Card>
          ))}
        </SimpleGrid>
      </ShowSection>
    </Stack>
  );
}

export default function GradeLevelShowPage() {
  const { slug = '' } = useRouteParams();
  return <GradeLevelShow key={slug} slug={slug} />;
}
