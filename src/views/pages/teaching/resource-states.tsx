// What a teacher's screen shows around one loaded resource (a class, the class form's options): a
// loader until it is there, the failure with Try again (an event to its loader), then the screen.
import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';
import { CenteredLoader } from '../../components/centered-loader';
import type { LoaderBinding } from '../../use-loader';

export function ResourceStates<T>({
  resource,
  label,
  children,
}: {
  resource: LoaderBinding<T>;
  /** What the loader says while it loads ("Loading the class"). */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.data !== null) return children(resource.data);
  if (resource.state !== 'error') return <CenteredLoader label={label} />;
  return (
    <Alert color="red" variant="light" role="alert" title={resource.error ?? undefined}>
      <Button size="xs" variant="white" color="red" mt={4} onClick={resource.retry}>
        Try again
      </Button>
    </Alert>
  );
}
