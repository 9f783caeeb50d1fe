// paged() on its own, over a real drizzle query (PGlite in memory): the page's window, the totals
// and the meta of CONTRACT "Lists".
import { PGlite } from '@electric-sql/pglite';
import { asc, count, desc, gt, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRequest } from '../../server/http/query';
import type { Database } from '../../server/db/client';
import { paged, pagedIds } from '../../server/services/paged';

const items = pgTable('items', { id: integer('id').primaryKey() });
const client = new PGlite();
const db = drizzle(client);

beforeAll(async () => {
  await db.execute(sql`create table items (id integer primary key)`);
  // 1..7, written out of order so only the query's order decides the pages.
  await db.insert(items).values([5, 2, 7, 1, 4, 6, 3].map((id) => ({ id })));
});
afterAll(() => client.close());

const ids = (rows: Array<{ id: number }>) => rows.map((row) => row.id);

const listOf = (page: number, perPage: number, where = gt(items.id, 0)) =>
  paged(
    pageRequest({ page, per_page: perPage }, 15),
    db.select({ id: items.id }).from(items).where(where).orderBy(asc(items.id)),
    db.select({ total: count() }).from(items).where(where),
  );

describe('paged', () => {
  it('answers each page its own rows, in the query order, with the totals of the whole list', async () => {
    const first = await listOf(1, 3);
    const second = await listOf(2, 3);
    const last = await listOf(3, 3);
    expect(ids(first.rows)).toEqual([1, 2, 3]);
    expect(ids(second.rows)).toEqual([4, 5, 6]);
    expect(ids(last.rows)).toEqual([7]);
    expect(first.meta).toEqual({ current_page: 1, last_page: 3, per_page: 3, total: 7 });
    expect(second.meta).toEqual({ current_page: 2, last_page: 3, per_page: 3, total: 7 });
    expect(last.meta).toEqual({ current_page: 3, last_page: 3, per_page: 3, total: 7 });
  });

  it('counts the where, not the page', async () => {
    const list = await listOf(2, 2, gt(items.id, 3));
    expect(ids(list.rows)).toEqual([6, 7]);
    expect(list.meta).toEqual({ current_page: 2, last_page: 2, per_page: 2, total: 4 });
  });

  it('answers no rows past the last page and keeps the page asked for', async () => {
    const list = await listOf(4, 3);
    expect(list.rows).toEqual([]);
    expect(list.meta).toEqual({ current_page: 4, last_page: 3, per_page: 3, total: 7 });
  });

  it('says an empty list has one page', async () => {
    const list = await listOf(1, 5, gt(items.id, 100));
    expect(list.rows).toEqual([]);
    expect(list.meta).toEqual({ current_page: 1, last_page: 1, per_page: 5, total: 0 });
    expect(list.counted).toEqual({ total: 0 });
  });

  it('uses the default page size when none is asked for', async () => {
    const list = await paged(
      pageRequest({}, 4),
      db.select({ id: items.id }).from(items).orderBy(asc(items.id)),
      db.select({ total: count() }).from(items),
    );
    expect(ids(list.rows)).toEqual([1, 2, 3, 4]);
    expect(list.meta).toEqual({ current_page: 1, last_page: 2, per_page: 4, total: 7 });
  });

  it('pages the ids of a table the same way', async () => {
    const list = await pagedIds(
      db as unknown as Database,
      pageRequest({ page: 2, per_page: 2 }, 15),
      items,
      gt(items.id, 2),
      [desc(items.id)],
    );
    expect(list).toEqual({ ids: [5, 4], meta: { current_page: 2, last_page: 3, per_page: 2, total: 5 } });
  });
});
