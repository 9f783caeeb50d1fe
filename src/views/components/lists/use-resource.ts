import type { ListPage } from '@/services/schemas/page';
import { useList } from './use-list';

const ONE = { currentPage: 1, lastPage: 1, perPage: 1, total: 1 };

/**
 * One resource (a lesson, a subject) through the same list machine: a list of one gets loading,
 * "Error loading {name}." and retry without a second loader. `initial` gives the resource when the
 * page's HTML already carries it (a service's `initial…`): it then shows at once, with no call.
 */
export function useResource<T>(name: string, load: () => Promise<T>, initial?: () => T | undefined) {
  const list = useList<T>({
    name,
    inUrl: false,
    fetchPage: async (): Promise<ListPage<T>> => ({ items: [await load()], meta: ONE }),
    initialPage: initial
      ? () => {
          const item = initial();
          return item === undefined ? undefined : { items: [item], meta: ONE };
        }
      : undefined,
  });
  return {
    loading: list.state === 'loading' || list.state === 'paging',
    data: list.state === 'loaded' ? (list.items[0] ?? null) : null,
    error: list.error,
    retry: list.retry,
  };
}
