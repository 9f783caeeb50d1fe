// Real server processes (`server/main.ts`) on one throw-away PostgreSQL database, as a deployment
// that scales runs them (README "Serving many visitors"): for races between processes and for
// PostgreSQL restarts. Only under `npm run test:pg` (TEST_DATABASE_URL names the server).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '../../../server/db/client';
import { seed } from '../../../server/db/seed';
import { DiskFileStorage } from '../../../server/storage/file-storage';
import { Browser, freePort, postgresDatabase } from '../../server/support/test-server';

const root = path.resolve(__dirname, '../../..');

/** Databases kept for the audit after `npm run test:pg` (scripts/test-pg.mjs knows this prefix). */
export const KEPT_PREFIX = 'somesha_kept_';

export type SharedDatabase = {
  /** The database's own URL (on the test server), for the processes and for direct checks. */
  url: string;
  filesDir: string;
  /** A pool of its own on the database, for the test's checks. */
  pool: pg.Pool;
  drop(): Promise<void>;
};

/**
 * A new database on TEST_DATABASE_URL's server, migrated and seeded once. With `keep` (a label) it
 * outlives the test: `npm run test:pg` runs `npm run audit:money` on every kept database once all
 * tests are done, then drops it (the audit "in CI after the PostgreSQL tests").
 */
export async function sharedDatabase(options: { keep?: string } = {}): Promise<SharedDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('tests/pg need TEST_DATABASE_URL: run them with `npm run test:pg`.');
  const unique = `${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const label = (options.keep ?? '').replace(/[^a-z0-9]/gi, '_').toLowerCase();
  const name = options.keep ? `${KEPT_PREFIX}${label}_${unique}` : `somesha_pg_${unique}`;
  const database = await postgresDatabase(serverUrl, name);
  const url = new URL(database.url);
  const filesDir = await mkdtemp(path.join(tmpdir(), 'somesha-pg-files-'));
  const handle = await createDatabase({ url: url.toString() });
  await handle.migrate();
  await seed(handle.db, { storage: new DiskFileStorage(filesDir) });
  await handle.close();
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // A restart of PostgreSQL under test breaks this pool's idle connections too.
  pool.on('error', () => {});
  return {
    url: url.toString(),
    filesDir,
    pool,
    async drop() {
      await pool.end().catch(() => {});
      await rm(filesDir, { recursive: true, force: true });
      if (!options.keep) await database.drop();
    },
  };
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  browser(): Browser;
  /** Resolves when the process has exited (its code, or null after a signal). */
  exited(): Promise<number | null>;
  stop(): Promise<void>;
};

/** Starts `server/main.ts` on the shared database and resolves once it answers. */
export async function startServerProcess(
  database: SharedDatabase,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: database.url,
      DATABASE_POOL_MAX: '8',
      FILES_DIR: database.filesDir,
      DIST_DIR: 'tests/server/support/no-dist',
      MPESA_SANDBOX_CALLBACK_DELAY_MS: '50',
      MPESA_SANDBOX_STATUS_DELAY_MS: '20',
      PAYMENT_CHECK_INTERVAL_MS: '500',
      PAYMENT_FIRST_CHECK_AFTER_MS: '500',
      OUTBOX_CHECK_INTERVAL_MS: '200',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The server process exited before it was ready:\n${output}`);
    const answer = await fetch(`${url}/sanctum/csrf-cookie`).catch(() => null);
    if (answer?.status === 204) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server process did not answer within 90 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    browser: () => new Browser(url),
    exited: () => exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exit;
        clearTimeout(timer);
      }
    },
  };
}
