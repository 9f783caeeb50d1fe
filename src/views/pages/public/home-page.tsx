import { Button, Card, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarEvent, IconChalkboard, IconMessageQuestion } from '@tabler/icons-react';
import { Link } from 'wouter';
import { usePageTitle } from '../../use-page-title';

const FEATURES = [
  { icon: IconChalkboard, title: 'Lessons and classes', text: 'Book one-to-one lessons or join group classes for CBC and 8-4-4.' },
  { icon: IconMessageQuestion, title: 'Ask questions', text: 'Get answers from teachers and other learners, and vote for the best ones.' },
  { icon: IconCalendarEvent, title: 'Your timetable', text: 'Every booked lesson in one timetable, with a reminder before it starts.' },
];

export default function HomePage() {
  usePageTitle('Home');
  return (
    <Container size="lg" py={{ base: 'lg', md: 60 }}>
      <Stack gap="xl">
        <Stack gap="sm" maw={640}>
          <Title order={1} fz={{ base: 30, sm: 44 }}>
            Learn from Kenya's best teachers, online
          </Title>
          <Text size="lg" c="dimmed">
            Somesha connects students and parents with qualified teachers for lessons, classes and answers.
          </Text>
          <Group mt="sm">
            <Button component={Link} href="/sign-up" size="md">
              Get started
            </Button>
            <Button component={Link} href="/classes" size="md" variant="default">
              Browse classes
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title} withBorder padding="lg">
              <ThemeIcon size={40} variant="light" aria-hidden>
                <Icon size={22} />
              </ThemeIcon>
              <Title order={2} size="h4" mt="sm">
                {title}
              </Title>
              <Text size="sm" c="dimmed" mt={4}>
                {text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
