// Paging for lists (CONTRACT "Lists", docs/catalogue-api.md): `?page=&per_page=` are checked by the
// route's query schema (the `page()`/`perPage()` pieces of src/shared/request-schemas.ts); this
// turns them into an offset and the `meta` of the answer.
export type PageRequest = { page: number; perPage: number; offset: number };
export type PageMeta = { current_page: number; last_page: number; per_page: number; total: number };

/** A checked `{ page?, per_page? }` → the page to read, with the route's default page size. */
export function pageRequest(
  query: { page?: number | undefined; per_page?: number | undefined },
  defaultPerPage: number,
): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? defaultPerPage;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function pageMeta(page: PageRequest, total: number): PageMeta {
  return {
    current_page: page.page,
    last_page: Math.max(1, Math.ceil(total / page.perPage)),
    per_page: page.perPage,
    total,
  };
}
