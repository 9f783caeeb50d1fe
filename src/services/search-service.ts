// Site search over lessons, classes, teachers, questions and subjects (docs/catalogue-api.md).
import { request } from './http';
import { decodePage, pick, metaExtra, type ListPage, type ListQuery } from './schemas/page';
import { decodeSearchResult, type SearchResult } from './schemas/web';
import { SEARCH_KINDS, type SearchKind } from '@/shared/catalogue';

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
