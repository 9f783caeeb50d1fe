import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ListStates } from '../../components/lists/list-states';
import type { LoaderBinding } from '../../use-loader';

type Props<T> = {
  title: string;
  intro: string;
  /** The form's choices (and what is on file), through the one load machine. */
  load: LoaderBinding<T>;
  maw?: number;
  /** The form, once its choices are loaded. */
  children: (data: T) => ReactNode;
};

/** A profile screen: its heading and why, then the form once what it needs is loaded ("Try again" else). */
export function CompletionScreen<T>({ title, intro, load, maw, children }: Props<T>) {
  return (
    <Stack gap="md" maw={maw}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed">{intro}</Text>
      </div>
      <ListStates list={load}>{load.data !== null && children(load.data)}</ListStates>
    </Stack>
  );
}
