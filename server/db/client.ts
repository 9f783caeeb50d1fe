// One database handle for every environment: PGlite on disk (default), PGlite in memory (tests,
// DATA_DIR=memory) or PostgreSQL over node-postgres (DATABASE_URL). Services only see `Database`.
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction is a Database too, so helpers accept either. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  memory?: boolean;
  /** PGlite only: start from a snapshot made by `dumpDataDir` (tests reuse a migrated, seeded one). */
  loadDataDir?: Blob;
};

export type DatabaseHandle = {
  db: Database;
  /** Applies the drizzle-kit migrations in server/db/migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a gzip tarball of the whole database. */
  dumpDataDir?(): Promise<Blob>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // DATABASE_POOL_MAX: connections this process may hold (node-postgres' default is 10). With
    // several server processes on one PostgreSQL, keep processes × pool under max_connections.
    const poolMax = Number(process.env.DATABASE_POOL_MAX);
    const pool = new pg.Pool({
      connectionString: options.url,
      ...(Number.isInteger(poolMax) && poolMax > 0 ? { max: poolMax } : {}),
    });
    const db = drizzle(pool, { schema });
    return {
      db: db as unknown as Database,
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const dataDir = options.memory ? undefined : (options.dataDir ?? './data');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir, loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('gzip'),
  };
}
