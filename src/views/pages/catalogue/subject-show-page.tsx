import { Accordion, Anchor, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { subjectLoader } from '@/machines/screens/catalogue-screens';
import { subjectClassesPath } from '@/shared/catalogue';
import { LessonCard } from '../../components/lists/cards';
import { useRouteParams } from '../../route-params';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';
import { gradePath, ShowSection, ShowState, Trail } from './catalogue-parts';

function SubjectShow({ slug }: { slug: string }) {
  const subject = useLoader(subjectLoader, { name: 'subject', params: { slug }, inUrl: false });
  usePageTitle(subject.data?.name ?? 'Subject');
  if (!subject.data) return <ShowState resource={subject} name="subject" />;
  const s = subject.data;
  return (
    <Stack gap="lg">
      <Trail items={[{ label: 'Subjects', href: '/subjects' }, { label: s.name }]} />
      <Group justify="space-between">
        <Title order={1} size="h2">
          {s.name}
        </Title>
        <Button component={Link} href={subjectClassesPath(s)} variant="default">
          Classes in {s.name}
        </Button>
      </Group>
      {s.gradeLevels.length > 0 && (
        <Group gap="xs">
          <Text size="sm">Taught in:</Text>
          {s.gradeLevels.map((grade) => (
            <Anchor key={grade.id} component={Link} href={gradePath(grade)} size="sm" c="blue.9">
              {grade.name}
            </Anchor>
          ))}
        </Group>
      )}
      <ShowSection title="Topics" name="topics" count={s.topics.length}>
        <Accordion variant="contained">
          {s.topics.map((topic) => (
            <Accordion.Item key={topic.id} value={String(topic.id)}>
              <Accordion.Control>
                {topic.name}
                {topic.gradeLevel ? ` · ${topic.gradeLevel.name}` : ''}
              </Accordion.Control>
              <Accordion.Panel>
                {topic.subtopics.length === 0 ? (
                  <Text size="sm" c="gray.7">
                    No subtopics available.
                  </Text>
                ) : (
                  <Text size="sm">{topic.subtopics.map((sub) => sub.name).join(', ')}</Text>
                )}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </ShowSection>
      <ShowSection title="Upcoming lessons" name="lessons" count={s.upcomingLessons.length}>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {s.upcomingLessons.map((lesson) => (
            <LessonCard key={lesson.id} lesson={lesson} />
          ))}
        </SimpleGrid>
      </ShowSection>
    </Stack>
  );
}

export default function SubjectShowPage() {
  const { slug = '' } = useRouteParams();
  return <SubjectShow key={slug} slug={slug} />;
}
