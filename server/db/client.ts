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
  /**
   * PostgreSQL only: how long getting a connection may take before the query fails (default 5 s,
   * DATABASE_CONNECT_TIMEOUT_MS), so requests during an outage answer 503 instead of hanging.
   */
  connectTimeoutMs?: number;
  /** PostgreSQL only: hears about connections lost and regained (default: one line on stderr). */
  onConnectionEvent?: ConnectionEventListener;
};

/** A connection broke (`error` set) or the change feed listens again (no error). */
export type ConnectionEventListener = (message: string, error?: unknown) => void;

const DEFAULT_CONNECT_TIMEOUT_MS = 5000;
/** The listening connection's round trip (`sync`): longer than this and the connection is presumed dead. */
const SYNC_TIMEOUT_MS = 5000;

const logToStderr: ConnectionEventListener = (message, error) =>
  console.warn(error ? `${message}: ${error instanceof Error ? error.message : String(error)}` : message);

export type DatabaseHandle = {
  db: Database;
  /** Applies the drizzle-kit migrations in server/db/migrations (idempotent). */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a gzip tarball of the whole database. */
  dumpDataDir?(): Promise<Blob>;
  /** The `NOTIFY public_data` feed (migration 0006): a write to a table the public site reads. */
  publicDataChanges: DataChanges;
  /**
   * The `NOTIFY private_data` feed (migration 0019): a write to a table a signed-in read or the
   * session lookup reads (server/http/private-cache.ts).
   */
  privateDataChanges: DataChanges;
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

const PUBLIC_DATA_CHANNEL = 'public_data';
const PRIVATE_DATA_CHANNEL = 'private_data';
const CHANNELS = [PUBLIC_DATA_CHANNEL, PRIVATE_DATA_CHANNEL] as const;
type Channel = (typeof CHANNELS)[number];

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function createDatabase(options: DatabaseOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // DATABASE_POOL_MAX: connections this process may hold (node-postgres' default is 10). With
    // several server processes on one PostgreSQL, keep processes × pool under max_connections.
    const poolMax = Number(process.env.DATABASE_POOL_MAX);
    const report = options.onConnectionEvent ?? logToStderr;
    const connectTimeout = Number(process.env.DATABASE_CONNECT_TIMEOUT_MS);
    const connection = {
      connectionString: options.url,
      connectionTimeoutMillis:
        options.connectTimeoutMs ??
        (Number.isInteger(connectTimeout) && connectTimeout > 0
          ? connectTimeout
          : DEFAULT_CONNECT_TIMEOUT_MS),
      // A peer that vanished without closing (a network cut) is noticed by the OS, not only on the next query.
      keepAlive: true,
    };
    const pool = new pg.Pool({
      ...connection,
      ...(Number.isInteger(poolMax) && poolMax > 0 ? { max: poolMax } : {}),
    });
    // PostgreSQL restarting, or ending one connection (pg_terminate_backend), breaks pooled
    // connections. The pool drops a broken idle one and emits 'error', and a client in use emits
    // 'error' besides failing its query: without listeners Node ends the process on either. The
    // query's own failure is what the request answers (503); the pool opens new connections on demand.
    pool.on('error', (error) => report('database: an idle pooled connection was lost', error));
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema });
    const changes = postgresChanges(
      () => new pg.Client({ ...connection, application_name: 'somesha public_data listener' }),
      report,
    );
    return {
      db: db as unknown as Database,
      migrate: () => migrate(db, { migrationsFolder }),
      close: async () => {
        await changes.close();
        await pool.end();
      },
      publicDataChanges: changes.channel(PUBLIC_DATA_CHANNEL),
      privateDataChanges: changes.channel(PRIVATE_DATA_CHANNEL),
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
    publicDataChanges: pgliteChanges(client, PUBLIC_DATA_CHANNEL),
    privateDataChanges: pgliteChanges(client, PRIVATE_DATA_CHANNEL),
  };
}

function pgliteChanges(client: import('@electric-sql/pglite').PGlite, channel: Channel): DataChanges {
  return {
    async subscribe(listener) {
      return client.listen(channel, (table) => listener.onChange(table));
    },
    // Delivered synchronously with the write itself.
    sync: async () => {},
    immediate: true,
  };
}

type ListenClient = import('pg').Client;

/**
 * PostgreSQL: one connection outside the pool LISTENs (to every channel) for every subscriber. When it breaks (an error,
 * its end, or a round trip that does not come back), the subscribers hear `onLost` at once and
 * `onRestored` once a new connection listens again (retried every second, for as long as it takes).
 */
function postgresChanges(
  connect: () => ListenClient,
  report: ConnectionEventListener,
): { channel(name: Channel): DataChanges; close(): Promise<void> } {
  type Listener = Parameters<DataChanges['subscribe']>[0] & { channel: Channel };
  const listeners = new Set<Listener>();
  let client: ListenClient | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  let wasLost = false;
  let retry: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  // A notification committed before the query was sent reaches the client before its answer.
  const roundTrip = (): Promise<void> => {
    const listening = client;
    if (!listening) {
      inFlight = null;
      return Promise.resolve();
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // A connection that does not answer may be hearing nothing either.
        if (client === listening) lost(new Error('the listening connection did not answer'), listening);
        reject(new Error('timeout exceeded when waiting for the change notifications'));
      }, SYNC_TIMEOUT_MS);
      timer.unref();
    });
    return Promise.race([listening.query('SELECT 1'), timeout])
      .then(() => undefined)
      .finally(() => {
        clearTimeout(timer);
        inFlight = null;
      });
  };

  const lost = (error: unknown, broken: ListenClient | null) => {
    void broken?.end().catch(() => {});
    if (closed) return;
    if (!wasLost) report('database: the public_data listener lost its connection', error);
    wasLost = true;
    client = null;
    starting = null;
    for (const listener of listeners) listener.onLost?.();
    clearTimeout(retry);
    retry = setTimeout(() => void start().catch((failed: unknown) => lost(failed, null)), 1000);
    retry.unref();
  };
  const start = (): Promise<void> =>
    (starting ??= (async () => {
      const next = connect();
      next.on('notification', (message) => {
        for (const listener of listeners) {
          if (listener.channel === message.channel) listener.onChange(message.payload ?? '');
        }
      });
      // After an error the client also ends: whichever comes first tells.
      next.on('error', (error) => {
        if (client === next) lost(error, next);
      });
      next.on('end', () => {
        if (client === next) lost(new Error('Connection terminated'), next);
      });
      try {
        await next.connect();
        for (const channel of CHANNELS) await next.query(`LISTEN ${channel}`);
      } catch (error) {
        void next.end().catch(() => {});
        throw error;
      }
      if (closed) {
        void next.end().catch(() => {});
        return;
      }
      client = next;
      if (wasLost) {
        wasLost = false;
        report('database: the public_data listener is connected again');
        for (const listener of listeners) listener.onRestored?.();
      }
    })());

  const sync = (): Promise<void> => {
    // One round trip that starts after the call covers it; callers that arrive while one is under
    // way share the next one, so many readers cost one query at a time.
    if (!inFlight) return (inFlight = roundTrip());
    return (queued ??= inFlight
      .catch(() => {})
      .then(() => {
        queued = null;
        return (inFlight ??= roundTrip());
      }));
  };

  return {
    channel: (channel) => ({
      async subscribe(listener) {
        const entry: Listener = {
          channel,
          onChange: (table) => listener.onChange(table),
          onLost: () => listener.onLost?.(),
          onRestored: () => listener.onRestored?.(),
        };
        listeners.add(entry);
        await start();
        return () => {
          listeners.delete(entry);
        };
      },
      // Both channels arrive on the one connection: a round trip covers them both.
      sync,
    }),
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
