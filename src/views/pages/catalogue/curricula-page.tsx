import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { curriculaLoader } from '@/machines/screens/catalogue-screens';
import { ListStates } from '../../components/lists/list-states';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { showPath } from './catalogue-parts';

export default function CurriculaPage() {
  usePageTitle('Curricula');
  const list = useLoader(curriculaLoader, { name: 'curricula' });
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Curricula
      </Title>
      <ListStates list={list}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {list.items.map((curriculum) => (
            <Card key={curriculum.id} withBorder padding="md" component="article">
              <Title order={2} size="h4">
                <Anchor component={Link} href={showPath('/curricula', curriculum)} c="dark.8">
                  {curriculum.name}
                </Anchor>
              </Title>
              {curriculum.acronym && curriculum.acronym !== curriculum.name && (
                <Text size="sm" c="gray.7">
                  {curriculum.acronym}
                </Text>
              )}
              <Text size="sm" mt="xs">
                {curriculum.eduLevelCount} education levels · {curriculum.subjectsCount} subjects
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </ListStates>
    </Stack>
  );
}
