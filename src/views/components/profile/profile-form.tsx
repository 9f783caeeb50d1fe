import { Alert, Button, Group, Stack, Title, type ButtonProps } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

type Props = {
  /** The form's accessible name; without it, the heading names the form. */
  label?: string;
  heading?: { text: string; id: string; order: 2 | 3 };
  /** What went wrong that no field shows (the form machine's `formError`). */
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  /** The submit button, at the end of the form on the right (after `actions`, e.g. Cancel). */
  submit: { label: string; busy: boolean; variant?: ButtonProps['variant'] };
  actions?: ReactNode;
  children: ReactNode;
};

/** The frame of every profile form: its heading, the form-level error, the fields, the buttons. */
export function ProfileForm({ label, heading, error, onSubmit, submit, actions, children }: Props) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} aria-labelledby={label ? undefined : heading?.id}>
      <Stack gap="sm">
        {heading && (
          <Title order={heading.order} size={heading.order === 2 ? 'h4' : 'h5'} id={heading.id}>
            {heading.text}
          </Title>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {children}
        <Group justify="flex-end">
          {actions}
          <Button type="submit" loading={submit.busy} variant={submit.variant}>
            {submit.label}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
