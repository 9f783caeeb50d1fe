import { Box, Center, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { t } from '@/shared/messages';
import { Logo } from '../components/logo';
import { useNow } from '../hydration';

// Decorative panel: a CSS gradient and inline shapes instead of a photo, so nothing external loads.
function PhotoPanel() {
  return (
    <Box
      visibleFrom="md"
      aria-hidden
      style={{
        flex: 1,
        position: 'relative',
        overflow: 'hidden',
        background:
          'linear-gradient(135deg, var(--mantine-color-blue-8) 0%, var(--mantine-color-cyan-6) 60%, var(--mantine-color-teal-5) 100%)',
      }}
    >
      <svg
        viewBox="0 0 400 400"
        width="100%"
        height="100%"
        preserveAspectRatio="xMidYMid slice"
        style={{ position: 'absolute', inset: 0, opacity: 0.35 }}
      >
        <circle cx="320" cy="80" r="90" fill="white" />
        <circle cx="60" cy="340" r="120" fill="white" opacity="0.5" />
        <rect x="250" y="300" width="110" height="70" rx="10" fill="white" opacity="0.6" />
        <rect x="264" y="316" width="80" height="8" rx="4" fill="#1971c2" />
        <rect x="264" y="334" width="60" height="8" rx="4" fill="#1971c2" opacity="0.6" />
      </svg>
      <Center h="100%" p="xl" style={{ position: 'relative' }}>
        <Stack maw={360} gap="sm">
          <Title order={2} c="white">
            Learn with Kenya's best teachers
          </Title>
          <Text c="white" opacity={0.9}>
            Book lessons and classes for CBC and 8-4-4, ask questions and keep your timetable in one place.
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}

/** SPEC §2 auth layout: logo, the form, copyright, and a decorative panel from `md` up. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const year = new Date(useNow()).getFullYear();
  return (
    <Box mih="100vh" style={{ display: 'flex' }}>
      <Box
        component="main"
        style={{ flex: 1, display: 'flex', flexDirection: 'column' }}
        px={{ base: 'md', sm: 'xl' }}
        py="lg"
      >
        <Logo />
        <Center style={{ flex: 1 }} py="lg">
          <Box w="100%" maw={440}>
            {children}
          </Box>
        </Center>
        <Text size="sm" c="dimmed" ta="center">
          © {year} {t('app.name')}
        </Text>
      </Box>
      <PhotoPanel />
    </Box>
  );
}
