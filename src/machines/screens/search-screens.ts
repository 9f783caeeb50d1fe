// The site search page's data (src/views/pages/public/search-page.tsx).
import { listLoader } from '@/machines/load-machine';
import type { SearchResult } from '@/services/schemas/web';
import { search } from '@/services/search-service';
import { SEARCH_MIN_LENGTH } from '@/shared/search';

/** Results for the words in the URL; too short a query is not sent (the page asks for more). */
export const searchResultsLoader = listLoader<SearchResult>(async (query) => {
  if ((query.q ?? '').trim().length < SEARCH_MIN_LENGTH)
    return { items: [], meta: { currentPage: 1, lastPage: 1, perPage: 20, total: 0 }, extra: { counts: {} } };
  const page = await search(query);
  return { items: page.items, meta: page.meta, extra: { counts: page.counts } };
});
