import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { networkMachine } from '@/machines/network-machine';
import { useSession } from '../../app-actors-context';
import { usePageTitle } from '../../use-page-title';
import { useScreenActor } from '../../use-screen-actor';

/** Opening `/sign-out` signs out (SPEC §2); the session machine then navigates to sign-in. */
export default function SignOutPage() {
  usePageTitle('Signing out');
  const session = useSession();
  // Issue 27 "offline": the actor that follows the session for the service worker runs here too (the
  // workspace layout's is gone by now), so the session's end drops the pages and answers kept offline.
  useScreenActor(networkMachine);
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
