// The search box of the public header and the workspace top bar (issue 24): the words go to the
// search page (`/search?q=`), as a link would take the reader there. A plain GET form underneath,
// so it works before the app has loaded too.
import { TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useLocation } from 'wouter';

export function searchPath(words: string): string {
  const q = words.trim();
  return q ? `/search?${new URLSearchParams({ q }).toString()}` : '/search';
}

export function HeaderSearch({ maw = 260 }: { maw?: number }) {
  const [, navigate] = useLocation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const field = event.currentTarget.elements.namedItem('q') as HTMLInputElement | null;
    navigate(searchPath(field?.value ?? ''));
  };
  return (
    <form role="search" aria-label="Site search" action="/search" method="get" onSubmit={submit}>
      <TextInput
        name="q"
        type="search"
        aria-label="Search lessons, classes, teachers and questions"
        placeholder="Search"
        leftSection={<IconSearch size={16} aria-hidden />}
        maw={maw}
        size="sm"
      />
    </form>
  );
}
