import { Box, Button, Container, Group } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Logo } from '../components/logo';

/** SPEC §2 profile-completion layout: only the logo and a way out, so the user finishes the profile. */
export function CompletionLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Container size="md">
          <Group justify="space-between" wrap="nowrap">
            <Logo to={null} />
            <Button component={Link} href="/sign-out" variant="default" leftSection={<IconLogout size={16} aria-hidden />}>
              Sign out
            </Button>
          </Group>
        </Container>
      </Box>
      <Container component="main" size="md" py="xl" px={{ base: 'sm', sm: 'md' }}>
        {children}
      </Container>
    </Box>
  );
}
