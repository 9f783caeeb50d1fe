import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { t } from '@/shared/messages';
import { usePageTitle } from '../../use-page-title';

export default function NotFoundPage() {
  usePageTitle(t('notFound.heading'));
  return (
    <Container size="sm" py={80}>
      <Stack align="center" gap="sm" ta="center">
        <Text fw={800} fz={{ base: 40, sm: 56 }} c="blue.7">
          {t('notFound.title')}
        </Text>
        <Title order={1}>{t('notFound.heading')}</Title>
        <Text c="gray.7">{t('notFound.body')}</Text>
        <Button component={Link} href="/" mt="md" color="blue.9">
          Back to home
        </Button>
      </Stack>
    </Container>
  );
}
