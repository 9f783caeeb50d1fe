// Boots the real app on an in-memory PGlite (migrated and seeded) on a random port, and hands out
// browser-like clients: a cookie jar plus the Sanctum CSRF dance, over real HTTP with global fetch.
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import { testConfig, type AppConfig } from '../../../server/config';
import {
  createDatabase,
  type Database,
  type DatabaseHandle,
  type DataChanges,
} from '../../../server/db/client';
import { seed } from '../../../server/db/seed';
import { OutboxMailer } from '../../../server/gateways/mail';
import { SandboxMpesaGateway } from '../../../server/gateways/mpesa';
import { SandboxPesapalGateway } from '../../../server/gateways/pesapal';
import { SandboxB2CGateway } from '../../../server/gateways/mpesa-b2c';
import { SandboxSmsGateway, SmsSandbox } from '../../../server/gateways/sms';
import { callbackPaths, type CallbackPaths } from '../../../server/services/callback-secret-service';
import { DiskFileStorage } from '../../../server/storage/file-storage';
import type { CommerceSettings } from '../../../server/services/commerce-context';

export type TestServer = {
  baseUrl: string;
  db: Database;
  /** The database's change feed, for another app instance on the same data that caches too. */
  publicDataChanges: DataChanges;
  /** The private change feed, for another app instance on the same data (server/http/private-cache.ts). */
  privateDataChanges: DataChanges;
  app: FastifyInstance;
  /** The sandbox gateways the app uses (short delays), for replaying notifications. */
  mpesa: SandboxMpesaGateway;
  pesapal: SandboxPesapalGateway;
  /** The B2C sandbox (withdrawals; results after 30 ms, status answers after 20 ms). */
  b2c: SandboxB2CGateway;
  /** The development SMS sandbox, behind the real Africa's Talking adapter (delivery reports after 30 ms). */
  sms: SandboxSmsGateway;
  /** The gateways' notification paths, with this server's callback secret. */
  callbacks: CallbackPaths;
  /** This server's own folder of uploaded files (`config.filesDir`), with the seeded lesson files. */
  filesDir: string;
  /**
   * Resolves once the server's own work after the notifications it acknowledged (asking the gateway,
   * then settling) is done: a test checks what a notification changed only after that.
   */
  followUps(): Promise<void>;
  /** A payment's whole round trip: the server's follow-ups and every sandbox answer they scheduled. */
  settlePayments(): Promise<void>;
  /** A fresh visitor with an empty cookie jar. */
  browser(): Browser;
  /** Messages in the dev mail box (/dev/mail), newest first, after the outbox job sent what was due. */
  mail(): Promise<OutboxMessage[]>;
  close(): Promise<void>;
};

export type OutboxMessage = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
};

// Response bodies are checked field by field with expect(); a loose type keeps the tests readable.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type ApiResponse<T = Json> = { status: number; headers: Headers; body: T; text: string };

export type TestServerOptions = {
  config?: Partial<AppConfig>;
  beforeListen?: (app: FastifyInstance) => void;
  /** M-Pesa sandbox timings (defaults: callback after 30 ms, unanswered pushes time out after 1 s, status answers after 20 ms). */
  mpesa?: {
    callbackDelayMs?: number;
    timeoutMs?: number;
    statusDelayMs?: number;
    /** The sandbox's clock: when the customer has answered a push (a test moves it instead of waiting). */
    now?: () => Date;
  };
  commerce?: Partial<CommerceSettings>;
  paymentCheckIntervalMs?: number;
  /** Receives the server's log lines (set `config.logLevel` to see them). */
  logStream?: { write(line: string): void };
};

/** A free port, known before listening: the gateways need the server's own URL for their callbacks. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { handle: database, filesDir } = await createTestDatabase();
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const secret = options.config?.callbackSecret ?? randomBytes(24).toString('hex');
  const callbacks = callbackPaths(secret);
  const mpesa = new SandboxMpesaGateway({
    db: database.db,
    c2bConfirmationUrl: `${origin}${callbacks.c2bConfirmation}`,
    callbackDelayMs: options.mpesa?.callbackDelayMs ?? 30,
    timeoutMs: options.mpesa?.timeoutMs ?? 1000,
    statusDelayMs: options.mpesa?.statusDelayMs ?? 20,
    ...(options.mpesa?.now ? { now: options.mpesa.now } : {}),
  });
  const pesapal = new SandboxPesapalGateway({ db: database.db, baseUrl: origin });
  const b2c = new SandboxB2CGateway({ db: database.db, resultDelayMs: 30, statusDelayMs: 20 });
  const sms = new SandboxSmsGateway(
    new SmsSandbox({
      db: database.db,
      deliveryUrl: `${origin}${callbacks.smsDelivery}`,
      deliveryDelayMs: 30,
    }),
    origin,
  );
  const app = await buildApp({
    db: database.db,
    mailer: new OutboxMailer(database.db),
    config: testConfig({
      distDir: 'tests/server/support/no-dist',
      filesDir,
      ...options.config,
      callbackSecret: secret,
    }),
    gateways: { mpesa, pesapal, b2c, sms },
    commerce: { callbackBaseUrl: origin, ...options.commerce },
    paymentCheckIntervalMs: options.paymentCheckIntervalMs,
    logStream: options.logStream,
    // As in production: the public site's answers come from the cache, so every test that writes
    // and reads back also checks that the cache forgets exactly what a write changed.
    publicData: { changes: database.publicDataChanges },
    // Signed-in reads and sessions from memory too, as in production (server/http/private-cache.ts).
    privateData: { changes: database.privateDataChanges },
  });
  options.beforeListen?.(app);
  const address = await app.listen({ port, host: '127.0.0.1' });
  const server: TestServer = {
    baseUrl: address,
    db: database.db,
    publicDataChanges: database.publicDataChanges,
    privateDataChanges: database.privateDataChanges,
    app,
    mpesa,
    pesapal,
    b2c,
    sms,
    callbacks,
    filesDir: options.config?.filesDir ?? filesDir,
    browser: () => new Browser(address),
    followUps: () => app.followUps.idle(),
    async settlePayments() {
      // A withdrawal's round trip is longer: result, follow-up, status query, its answer.
      for (let round = 0; round < 3; round += 1) {
        await app.followUps.idle();
        await mpesa.drain();
        await b2c.drain();
      }
      await app.followUps.idle();
    },
    async mail() {
      // Mails are rows of the outbox until its job sends them (docs/messaging.md): send what is due.
      await app.outbox.run();
      const response = await fetch(`${address}/dev/mail.json`);
      return ((await response.json()) as { data: OutboxMessage[] }).data;
    },
    async close() {
      // A test's last download may still be streaming its end when the test is over: do not let a
      // busy keep-alive connection hold the close (and the hook's timeout) open.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await database.close();
      await rm(filesDir, { recursive: true, force: true });
    },
  };
  return server;
}

export type TestDatabase = { handle: DatabaseHandle; filesDir: string };

/** A fresh folder in the OS temp dir for one server's files; removed when the server closes. */
const serverFilesDir = () => mkdtemp(path.join(tmpdir(), 'somesha-test-files-'));

/**
 * In-memory PGlite by default. With TEST_DATABASE_URL (a PostgreSQL server URL) each test server gets
 * its own throw-away database on that server instead, to check the node-postgres path. Either way
 * the server gets its own files folder holding the seeded lesson files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return createPgliteDatabase();
  const database = await postgresDatabase(
    serverUrl,
    `somesha_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`,
  );
  const handle = await createDatabase({ url: database.url });
  await handle.migrate();
  const filesDir = await serverFilesDir();
  await seed(handle.db, { storage: new DiskFileStorage(filesDir) });
  return {
    filesDir,
    handle: {
      ...handle,
      async close() {
        await handle.close();
        await database.drop();
      },
    },
  };
}

/** A new, empty database `name` on the PostgreSQL server at `serverUrl`: its URL, and how to drop it. */
export async function postgresDatabase(
  serverUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const { default: pg } = await import('pg');
  const onServer = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/**
 * Booting PGlite runs initdb, which takes seconds; a migrated, seeded snapshot loads several times
 * faster. It is cached in the OS temp dir under a hash of everything that shapes it, so a changed
 * schema, migration or seed makes a new one; the files the seed stored are cached beside it under
 * the same key, and each server gets its own copy of them.
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  const key = await snapshotKey();
  const snapshot = path.join(tmpdir(), `somesha-test-db-${key}.tar.gz`);
  const seededFiles = path.join(tmpdir(), `somesha-test-files-${key}`);
  const filesDir = await serverFilesDir();
  if (existsSync(snapshot) && existsSync(seededFiles)) {
    const handle = await createDatabase({ memory: true, loadDataDir: new Blob([await readFile(snapshot)]) });
    await handle.migrate();
    await cp(seededFiles, filesDir, { recursive: true });
    return { handle, filesDir };
  }
  const handle = await createDatabase({ memory: true });
  await handle.migrate();
  await seed(handle.db, { storage: new DiskFileStorage(filesDir) });
  await pruneOldSnapshots();
  const dump = await handle.dumpDataDir?.();
  if (dump) {
    // Write then rename, so a parallel test file never reads half-written files or snapshot. The
    // files go first: whoever sees the snapshot finds them.
    const stamp = `${process.pid}.${Date.now()}`;
    const partialFiles = `${seededFiles}.${stamp}.partial`;
    await cp(filesDir, partialFiles, { recursive: true });
    await rename(partialFiles, seededFiles).catch(() => rm(partialFiles, { recursive: true, force: true }));
    const partial = `${snapshot}.${stamp}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, snapshot);
  }
  return { handle, filesDir };
}

const SNAPSHOT_LIFETIME_MS = 30 * 60 * 1000;

/** A new snapshot every half hour: the ones no run can still be using (hours old) go. */
async function pruneOldSnapshots(): Promise<void> {
  const cutoff = Date.now() - 4 * SNAPSHOT_LIFETIME_MS;
  for (const entry of await readdir(tmpdir())) {
    if (!/^somesha-test-(db|files)-[0-9a-f]{16}(\.tar\.gz)?$/.test(entry)) continue;
    const full = path.join(tmpdir(), entry);
    const stats = await stat(full).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await rm(full, { recursive: true, force: true });
  }
}

const SNAPSHOT_INPUTS = [
  'server/db',
  'server/services/account-service.ts',
  'server/security',
  // The seeded feed's texts and the seeded files (issue 9).
  'src/shared/messages.ts',
  'server/storage',
  'package-lock.json',
];

async function snapshotKey(): Promise<string> {
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  const hash = createHash('sha256');
  const add = async (relative: string): Promise<void> => {
    const full = path.join(root, relative);
    const stats = await stat(full);
    if (stats.isDirectory()) {
      for (const entry of (await readdir(full)).sort()) await add(path.join(relative, entry));
    } else {
      hash.update(relative).update(await readFile(full));
    }
  };
  for (const input of SNAPSHOT_INPUTS) await add(input);
  // The seed schedules lessons minutes from now (one starts 20 minutes after seeding and lasts an
  // hour): a snapshot older than half an hour has them in the wrong place (an "upcoming" lesson
  // already over), so each half hour gets its own.
  hash.update(String(Math.floor(Date.now() / SNAPSHOT_LIFETIME_MS)));
  return hash.digest('hex').slice(0, 16);
}

type RequestOptions = { json?: unknown; body?: string; headers?: Record<string, string>; csrf?: boolean };

/** undici's "other side closed" (`UND_ERR_SOCKET`) under fetch's "fetch failed". */
function socketClosed(error: unknown): boolean {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return cause?.code === 'UND_ERR_SOCKET';
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async csrf(): Promise<ApiResponse> {
    return this.request('GET', '/sanctum/csrf-cookie');
  }

  get<T = Json>(path: string, options: RequestOptions = {}) {
    return this.request<T>('GET', path, options);
  }

  /** Like the SPA: fetches the CSRF cookie first when there is none, then sends X-XSRF-TOKEN. */
  post<T = Json>(path: string, json?: unknown, options: RequestOptions = {}) {
    return this.request<T>('POST', path, { json, ...options });
  }

  async signIn(email: string, password = 'Passw0rd!'): Promise<void> {
    const response = await this.post('/api/login', { email, password });
    if (response.status !== 204)
      throw new Error(`Sign-in as ${email} failed: ${response.status} ${response.text}`);
  }

  async request<T = Json>(
    method: string,
    path: string,
    options: RequestOptions = {},
  ): Promise<ApiResponse<T>> {
    const csrf = options.csrf ?? method !== 'GET';
    if (csrf && !this.cookies.has('XSRF-TOKEN')) await this.csrf();
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const token = this.cookies.get('XSRF-TOKEN');
    if (csrf && token) headers['x-xsrf-token'] = decodeURIComponent(token);
    let body = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    }
    const send = () => fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    // A kept-alive connection the server closed just as this request went out (it closes one after
    // refusing an oversized body, 413) fails at the socket; a browser sends such a request again on a
    // new connection, and so does this one, once. A server that drops this very request fails twice.
    const response = await send().catch((error: unknown) => {
      if (socketClosed(error)) return send();
      throw error;
    });
    this.storeCookies(response.headers.getSetCookie());
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('application/json') && text)
      parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  private storeCookies(setCookies: string[]): void {
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expired = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && new Date(attribute.slice(8)).getTime() < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/** The path and query of the first link in a mail that contains `marker`. */
export function linkIn(message: OutboxMessage | undefined, marker: string): string {
  const link = message?.links.find((candidate) => candidate.includes(marker));
  if (!link) throw new Error(`No link with ${marker} in ${message?.subject ?? 'no message'}`);
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}
