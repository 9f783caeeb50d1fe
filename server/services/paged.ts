// One page of a list (CONTRACT "Lists"): the rows of the page asked for and the `meta` that says
// where it stands. Every list reads its page the same way, so it is written once: the rows query
// (with its where and its order, not yet limited) gets the page's window, and the count query
// (over the same where) runs next to it.
import { count, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { pageMeta, type PageMeta, type PageRequest } from '../http/query';

/** A query not yet limited to a page, as drizzle's select builders are. */
export type Unpaged<Row> = { limit(limit: number): { offset(offset: number): PromiseLike<Row[]> } };

export type Paged<Row, Counted> = {
  rows: Row[];
  meta: PageMeta;
  /** The count query's row, for a list that sums more than it counts (earnings). */
  counted: Counted | undefined;
};

/**
 * The page's rows and its meta. A page past the last one answers no rows and keeps its number
 * (`last_page` is 1 for an empty list); `total` counts every row of the list, not of the page.
 */
export async function paged<Row, Counted extends { total: number }>(
  page: PageRequest,
  rows: Unpaged<Row>,
  count: PromiseLike<Counted[]>,
): Promise<Paged<Row, Counted>> {
  const [pageRows, [counted]] = await Promise.all([rows.limit(page.perPage).offset(page.offset), count]);
  return { rows: pageRows, meta: pageMeta(page, Number(counted?.total ?? 0)), counted };
}

/**
 * One page of the ids of `table`'s rows where `where` holds, in `order`: for the lists that pick a
 * page of ids first and then load what each row shows.
 */
export async function pagedIds(
  db: Database,
  page: PageRequest,
  table: PgTable & { id: AnyPgColumn<{ data: number; notNull: true }> },
  where: SQL | undefined,
  order: readonly SQL[],
): Promise<{ ids: number[]; meta: PageMeta }> {
  const { rows, meta } = await paged(
    page,
    db
      .select({ id: table.id })
      .from(table)
      .where(where)
      .orderBy(...order),
    db.select({ total: count() }).from(table).where(where),
  );
  return { ids: rows.map((row) => row.id), meta };
}
