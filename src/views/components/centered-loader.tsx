import { Center, Loader } from '@mantine/core';

export function CenteredLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
