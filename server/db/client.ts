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
  /** The `NOTIFY public_data` feed (migration 0006): a write to a table the public site reads. */
  publicDataChanges: DataChanges;
};

/**
 * Tells when public data changed, after the write committed. PGlite delivers a notification before
 * the writing query's promise settles; PostgreSQL delivers it on a dedicated listening connection,
 * and `sync()` (a round trip on that connection) returns once every notification committed before
 * it was called has arrived (so a reader that syncs first never misses a write committed before it
 * asked, whichever process wrote). `onLost` reports that notifications may have been missed (the
 * listening connection broke): what was cached from before can no longer be trusted.
 */
export type DataChanges = {
  subscribe(listener: {
    onChange(table: string): void;
    onLost?(): void;
    onRestored?(): void;
  }): Promise<() => void>;
  sync(): Promise<void>;
  /** Notifications arrive with the write itself (PGlite): `sync()` has nothing to wait for. */
  readonly immediate?: boolean;
};

export const PUBLIC_DATA_CHANNEL = 'public_data';

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
    const changes = postgresChanges(() => new pg.Client({ connectionString: options.url }));
    return {
      db: db as unknown as Database,
      migrate: () => migrate(db, { migrationsFolder }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
      publicDataChanges: changes,
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
    publicDataChanges: {
      async subscribe(listener) {
        return client.listen(PUBLIC_DATA_CHANNEL, (table) => listener.onChange(table));
      },
      // Delivered synchronously with the write itself.
      sync: async () => {},
      immediate: true,
    },
  };
}

type ListenClient = import('pg').Client;

/**
 * PostgreSQL: one connection outside the pool LISTENs for every subscriber. When it breaks, the
 * subscribers hear `onLost` at once and `onRestored` once a new connection listens again (retried
 * every second).
 */
function postgresChanges(connect: () => ListenClient): DataChanges & { close(): Promise<void> } {
  type Listener = Parameters<DataChanges['subscribe']>[0];
  const listeners = new Set<Listener>();
  let client: ListenClient | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  let wasLost = false;
  let retry: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  // A notification committed before the query was sent reaches the client before its answer.
  const roundTrip = (): Promise<void> =>
    (client ? client.query('SELECT 1') : Promise.resolve())
      .then(() => undefined)
      .finally(() => {
        inFlight = null;
      });

  const lost = () => {
    if (closed) return;
    wasLost = true;
    client = null;
    starting = null;
    for (const listener of listeners) listener.onLost?.();
    retry = setTimeout(() => void start().catch(() => lost()), 1000);
    retry.unref();
  };
  const start = (): Promise<void> =>
    (starting ??= (async () => {
      const next = connect();
      next.on('notification', (message) => {
        if (message.channel !== PUBLIC_DATA_CHANNEL) return;
        for (const listener of listeners) listener.onChange(message.payload ?? '');
      });
      next.on('error', () => {
        if (client === next) lost();
        void next.end().catch(() => {});
      });
      await next.connect();
      await next.query(`LISTEN ${PUBLIC_DATA_CHANNEL}`);
      client = next;
      if (wasLost) {
        wasLost = false;
        for (const listener of listeners) listener.onRestored?.();
      }
    })());

  return {
    async subscribe(listener) {
      listeners.add(listener);
      await start();
      return () => {
        listeners.delete(listener);
      };
    },
    sync() {
      // One round trip that starts after the call covers it; callers that arrive while one is under
      // way share the next one, so many readers cost one query at a time.
      if (!inFlight) return (inFlight = roundTrip());
      return (queued ??= inFlight
        .catch(() => {})
        .then(() => {
          queued = null;
          return (inFlight ??= roundTrip());
        }));
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
