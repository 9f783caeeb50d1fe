import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { CenteredLoader } from '../../components/centered-loader';
import { usePageTitle } from '../../use-page-title';

// Most visitors arrive on a phone over mobile data: the hero is plain text (it is the largest
// paint), and everything that needs data or cards comes in a second, lazily loaded chunk.
const HomeSections = lazy(() => import('./home-sections'));

export default function HomePage() {
  usePageTitle('Home');
  return (
    <>
      <Box bg="blue.0">
        <Container size="lg" py={{ base: 'xl', md: 60 }}>
          <Stack gap="sm" maw={680}>
            <Title order={1} fz={{ base: 30, sm: 44 }}>
              Learn from Kenya's best teachers, online
            </Title>
            <Text size="lg" c="gray.8">
              Book live lessons and classes for CBC, 8-4-4 and IGCSE, ask questions and get answers from qualified
              teachers. Pay with M-Pesa, card or your wallet.
            </Text>
            <Group mt="sm">
              <Button component={Link} href="/sign-up" size="md" color="blue.9">
                Sign up free
              </Button>
              <Button component={Link} href="/classes" size="md" variant="default">
                Browse classes
              </Button>
            </Group>
          </Stack>
        </Container>
      </Box>
      <Suspense fallback={<CenteredLoader label="Loading home" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
