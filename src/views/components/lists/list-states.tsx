import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { emptyText } from '@/machines/load-machine';
import type { PageMeta } from '@/services/schemas/page';

type ListView = {
  name: string;
  state: 'starting' | 'loading' | 'reloading' | 'paging' | 'loaded' | 'empty' | 'error';
  error: string | null;
  meta: PageMeta | null;
  retry: () => void;
  setPage: (page: number) => void;
};

/** Another page (or the same again) is on its way; what is shown stays. */
const busy = (list: ListView) => list.state === 'reloading' || list.state === 'paging';

/** The states every list shares (loading, error with retry, empty, paging); `children` is the loaded list. */
export function ListStates({
  list,
  children,
  label,
}: {
  list: ListView;
  children: ReactNode;
  label?: string;
}) {
  if (list.state === 'loading' || list.state === 'starting') {
    return (
      <Center py="xl" role="status" aria-label={`Loading ${list.name}`}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (list.state === 'error') {
    return (
      <Alert color="red" variant="light" role="alert" title={list.error ?? undefined}>
        <Button size="xs" variant="white" color="red" onClick={list.retry} mt={4}>
          Try again
        </Button>
      </Alert>
    );
  }
  const pager = <ListPager list={list} label={label} />;
  if (list.state === 'empty') {
    return (
      <Stack gap="sm">
        <Text c="gray.7" py="lg" ta="center">
          {emptyText(list.name)}
        </Text>
        {pager}
      </Stack>
    );
  }
  return (
    <Stack gap="md" aria-busy={busy(list)}>
      {children}
      {pager}
    </Stack>
  );
}

export function ListPager({ list, label }: { list: ListView; label?: string }) {
  const meta = list.meta;
  if (!meta || meta.lastPage <= 1) return null;
  return (
    <Group component="nav" justify="center" gap="sm" aria-label={label ?? `Pages of ${list.name}`}>
      <Pagination
        total={meta.lastPage}
        value={Math.min(meta.currentPage, meta.lastPage)}
        onChange={list.setPage}
        disabled={busy(list)}
        getControlProps={(control) => ({ 'aria-label': `${control} page` })}
        getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
        size="sm"
      />
      {busy(list) && <Loader size="xs" aria-label="Loading" />}
    </Group>
  );
}
