import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSession } from '../../app-actors-context';
import { usePageTitle } from '../../use-page-title';

/** Opening `/sign-out` signs out (SPEC §2); the session machine then navigates to sign-in. */
export default function SignOutPage() {
  usePageTitle('Signing out');
  const session = useSession();
  useEffect(() => {
    session.send({ type: 'signOut' });
  }, [session]);
  return (
    <Center mih="100vh">
      <Stack align="center" gap="sm" role="status">
        <Loader />
        <Text>Signing you out…</Text>
      </Stack>
    </Center>
  );
}
