// A one-resource page whose load failed (the wallet, a month's statement): the failure, the server's
// reason, and Try again (an event to its loader).
import { Alert, Button, Stack, Text } from '@mantine/core';
import type { LoaderBinding } from '../use-loader';

export function LoadFailed({
  resource,
}: {
  resource: Pick<LoaderBinding<unknown>, 'error' | 'reason' | 'retry'>;
}) {
  return (
    <Alert color="red" role="alert" title={resource.error}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{resource.reason}</Text>
        <Button size="compact-sm" variant="light" color="red" onClick={resource.retry}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
