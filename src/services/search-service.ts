// Site search over lessons, classes, teachers, questions and subjects (docs/catalogue-api.md).
import { request } from './http';
import { decodePage, pick, metaExtra, type ListPage, type ListQuery } from './schemas/page';
import { decodeSearchResult, SEARCH_KINDS, type SearchKind, type SearchResult } from './schemas/web';

export const SEARCH_MIN_LENGTH = 2;

export type SearchPage = ListPage<SearchResult> & { counts: Partial<Record<SearchKind, number>> };

export async function search(query: ListQuery): Promise<SearchPage> {
  const answer = await request('/api/web/search', { query: pick(query, ['q', 'type', 'page', 'per_page']) });
  const page = decodePage(answer, decodeSearchResult);
  const rawCounts = metaExtra(answer).counts as Record<string, unknown> | undefined;
  const counts: Partial<Record<SearchKind, number>> = {};
  for (const kind of SEARCH_KINDS) {
    const value = Number(rawCounts?.[kind]);
    if (Number.isFinite(value)) counts[kind] = value;
  }
  return { ...page, counts };
}

/** Where a result opens in the SPA (docs/catalogue-api.md "Search result"). */
export function searchResultPath(result: SearchResult): string {
  switch (result.kind) {
    case 'lesson':
      return result.code ? `/lessons/view/${encodeURIComponent(result.code)}` : '/search';
    case 'class':
      if (result.code) return `/lessons/view/${encodeURIComponent(result.code)}`;
      return result.slug ? `/classes?subject=${encodeURIComponent(result.slug)}` : '/classes';
    case 'teacher':
      return `/teachers?teacher=${result.id}`;
    case 'question':
      return `/questions/show/${result.id}`;
    case 'subject':
      return result.slug ? `/classes?subject=${encodeURIComponent(result.slug)}` : '/classes';
  }
}
