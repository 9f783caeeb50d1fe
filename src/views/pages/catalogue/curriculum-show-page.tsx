import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { curriculumLoader } from '@/machines/screens/catalogue-screens';
import { useRouteParams } from '../../route-params';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { gradePath, showPath, ShowState, Trail } from './catalogue-parts';

function CurriculumShow({ slug }: { slug: string }) {
  const curriculum = useLoader(curriculumLoader, { name: 'curriculum', params: { slug }, inUrl: false });
  usePageTitle(curriculum.data?.name ?? 'Curriculum');
  if (!curriculum.data) return <ShowState resource={curriculum} name="curriculum" />;
  const c = curriculum.data;
  return (
    <Stack gap="lg">
      <Trail items={[{ label: 'Curricula', href: '/curricula' }, { label: c.name }]} />
      <Title order={1} size="h2">
        {c.name}
        {c.acronym && c.acronym !== c.name ? ` (${c.acronym})` : ''}
      </Title>
      <Stack gap="sm" component="section" aria-labelledby="curriculum-levels">
        <Title order={2} size="h4" id="curriculum-levels">
          Education levels
        </Title>
        {c.eduLevels.length === 0 && <Text c="gray.7">No education levels available.</Text>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {c.eduLevels.map((level) => (
            <Card key={level.id} withBorder padding="md">
              <Title order={3} size="h5">
                {level.name}
              </Title>
              <Group gap="xs" mt="xs">
                {level.gradeLevels.map((grade) => (
                  <Button key={grade.id} component={Link} href={gradePath(grade)} size="xs" variant="default">
                    {grade.name}
                  </Button>
                ))}
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="curriculum-subjects">
        <Title order={2} size="h4" id="curriculum-subjects">
          Subjects
        </Title>
        {c.subjects.length === 0 ? (
          <Text c="gray.7">No subjects available.</Text>
        ) : (
          <Group gap="xs">
            {c.subjects.map((subject) => (
              <Anchor key={subject.id} component={Link} href={showPath('/subjects', subject)}>
                <Badge variant="filled" color="gray.8" style={{ cursor: 'pointer' }}>
                  {subject.name}
                </Badge>
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}

export default function CurriculumShowPage() {
  const { slug = '' } = useRouteParams();
  return <CurriculumShow key={slug} slug={slug} />;
}
