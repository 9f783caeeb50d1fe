import { Card, Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../use-page-title';

/** Honest stand-in for a screen that a later issue builds: right layout, right title, no fake data. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <Container size="lg" py="md" px={0}>
      <Stack gap="md">
        <Title order={1} size="h2">
          {title}
        </Title>
        <Card withBorder padding="lg">
          <Text>{description}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            This part of Somesha is on its way.
          </Text>
        </Card>
      </Stack>
    </Container>
  );
}
