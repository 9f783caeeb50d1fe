import { Alert, Anchor, Button, Card, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { waitingCountLoader, type WaitingList } from '@/machines/screens/admin-screens';
import { t } from '@/shared/messages';
import { useLoader } from '../../use-loader';
import { usePageTitle } from '../../use-page-title';

type Waiting = {
  title: string;
  /** "3 teachers waiting for approval" */
  what: (count: number) => string;
  href: string;
  link: string;
  list: WaitingList;
};

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

const WAITING: Waiting[] = [
  {
    title: 'Teachers',
    what: (n) => `${plural(n, 'teacher', 'teachers')} waiting for approval`,
    href: '/admin/teachers',
    link: 'Review teachers',
    list: 'teachers',
  },
  {
    title: 'Lessons',
    what: (n) => `${plural(n, 'lesson', 'lessons')} waiting for approval`,
    href: '/admin/lessons',
    link: 'Review lessons',
    list: 'lessons',
  },
  {
    title: 'Classes',
    what: (n) => `${plural(n, 'class', 'classes')} waiting for approval`,
    href: '/admin/classes',
    link: 'Review classes',
    list: 'classes',
  },
  {
    title: 'Payments',
    what: (n) => `${plural(n, 'payment', 'payments')} needing review`,
    href: '/admin/payments',
    link: 'Review payments',
    list: 'payments',
  },
];

function WaitingCard({ waiting }: { waiting: Waiting }) {
  const count = useLoader(waitingCountLoader, {
    name: waiting.title.toLowerCase(),
    params: { list: waiting.list },
    inUrl: false,
  });
  return (
    <Card withBorder padding="lg" component="section" aria-label={waiting.title}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {waiting.title}
        </Title>
        {count.loading && (
          <Loader size="xs" role="status" aria-label={`Loading ${waiting.title.toLowerCase()}`} />
        )}
        {count.error && (
          <Alert color="red" variant="light" role="alert" title={count.error}>
            <Button size="xs" variant="white" color="red" onClick={count.retry}>
              Try again
            </Button>
          </Alert>
        )}
        {count.data !== null && count.data > 0 && (
          <>
            <Text fw={600}>{waiting.what(count.data)}</Text>
            <Anchor component={Link} href={waiting.href}>
              {waiting.link}
            </Anchor>
          </>
        )}
        {count.data === 0 && (
          <>
            <Text c="gray.7">{t('adminScreen.nothingWaiting')}</Text>
            <Anchor component={Link} href={waiting.href} size="sm">
              {`See all ${waiting.title.toLowerCase()}`}
            </Anchor>
          </>
        )}
      </Stack>
    </Card>
  );
}

/** `/admin`: what waits for an admin, each count linking to its screen. */
export default function AdminOverviewPage() {
  usePageTitle('Administration');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Administration
        </Title>
        <Text c="gray.7">Work waiting for an admin.</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {WAITING.map((waiting) => (
          <WaitingCard key={waiting.href} waiting={waiting} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
