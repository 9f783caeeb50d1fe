import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { useAfterFirstPaint } from '../../use-after-first-paint';
import { usePageTitle } from '../../use-page-title';
import HomeSections from './home-sections';

// Most visitors arrive on a phone over mobile data: the hero is plain text (it is the largest
// paint) and needs no data. The sections below the fold are dozens of cards, several hundred
// milliseconds of rendering (and, in the server's HTML, of parsing) on a mid-range phone: the
// first one (the featured classes) comes with the hero, the others right after the first paint.

export default function HomePage() {
  usePageTitle('Home');
  const showSections = useAfterFirstPaint();
  return (
    <>
      <Box bg="blue.0">
        <Container size="lg" py={{ base: 'xl', md: 60 }}>
          <Stack gap="sm" maw={680}>
            <Title order={1} fz={{ base: 30, sm: 44 }}>
              Learn from Kenya's best teachers, online
            </Title>
            <Text size="lg" c="gray.8">
              Book live lessons and classes for CBC, 8-4-4 and IGCSE, ask questions and get answers from
              qualified teachers. Pay with M-Pesa, card or your wallet.
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
      <HomeSections firstOnly={!showSections} />
    </>
  );
}
