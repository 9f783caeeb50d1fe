// The public teachers list (docs/catalogue-api.md, issue 25): apart from catalogue.ts, so the landing
// pages' shared code does not carry it.

/** The list's query keys, in its URL and sent as they are. */
export const TEACHER_LIST_KEYS = ['q', 'subject', 'level', 'curriculum', 'sort', 'page', 'per_page'] as const;

/** The list's orders: by name (the default, last then first name) or by rating (score, then count). */
export const TEACHER_SORTS = ['name', 'rating'] as const;
