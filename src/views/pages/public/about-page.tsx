import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { usePageTitle } from '../../use-page-title';

export default function AboutPage() {
  usePageTitle('About');
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          About Somesha
        </Title>
        <Text>
          Somesha (Swahili for “teach”) is an online learning marketplace for Kenya. Qualified teachers offer live lessons
          and classes for CBC, 8-4-4 and IGCSE learners; students and parents book them, ask questions and pay with
          M-Pesa, card or a Somesha wallet.
        </Text>
        <Title order={2} size="h4">
          What you can do
        </Title>
        <List spacing="xs">
          <List.Item>
            Browse <Anchor component={Link} href="/classes" c="blue.9">classes</Anchor> by curriculum, grade level, subject and date, and book single lessons.
          </List.Item>
          <List.Item>
            Ask <Anchor component={Link} href="/questions" c="blue.9">questions</Anchor> and get answers from teachers and other learners; vote for the answers that helped you.
          </List.Item>
          <List.Item>
            Meet our <Anchor component={Link} href="/teachers" c="blue.9">teachers</Anchor>: every one is reviewed before they can teach.
          </List.Item>
          <List.Item>Parents add their children and book lessons for them from one account.</List.Item>
        </List>
        <Title order={2} size="h4">
          Contact
        </Title>
        <Text>
          Write to <Anchor href="mailto:hello@somesha.co.ke" c="blue.9">hello@somesha.co.ke</Anchor> or call +254 700 000 000, Monday to Friday, 8 AM to 5 PM.
        </Text>
      </Stack>
    </Container>
  );
}
