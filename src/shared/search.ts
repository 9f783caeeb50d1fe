// Rules of the site search that the SPA and the server share. Not in catalogue.ts: the landing
// pages load the catalogue's filter rules, and the search page alone needs these.

import { classViewPath, lessonPath, teacherPath, type SearchKind } from './catalogue';

/** Fewer characters than this are not searched: the search page asks for more. */
export const SEARCH_MIN_LENGTH = 2;
/** More characters than this are refused (`search.tooLong`). */
export const SEARCH_MAX_LENGTH = 100;

/** Where a search result opens in the SPA (docs/catalogue-api.md "Search result"). */
export function searchResultPath(result: {
  kind: SearchKind;
  id: number;
  title?: string;
  code?: string | null;
  slug?: string | null;
}): string {
  switch (result.kind) {
    case 'lesson':
      return result.code ? lessonPath(result.code) : '/search';
    case 'class':
      return classViewPath(result.id);
    case 'teacher':
      return teacherPath(result.id, result.title ?? '');
    case 'question':
      return `/questions/show/${result.id}`;
    case 'subject':
      return result.slug ? `/classes?subject=${encodeURIComponent(result.slug)}` : '/classes';
  }
}
