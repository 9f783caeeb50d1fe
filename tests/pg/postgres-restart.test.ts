// Issue 20, hole 5: two server processes on one PostgreSQL outlive its restart and the loss of their
// connections. During the outage they answer 503 with Retry-After and the contract's body (never a
// 500, never a dropped connection); within 5 s of PostgreSQL being back they serve again, signed-in
// requests and writes included, and no public answer cached before the loss is served afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../server/support/test-server';
import { throwAwayCluster } from './support/cluster';
import {
  sharedDatabase,
  startServerProcess,
  type ServerProcess,
  type SharedDatabase,
} from './support/server-processes';

const GENERAL = 'Something went wrong, please try again later.';
/** The issue's bound: serving again this soon after PostgreSQL accepts connections. */
const RECOVERY_MS = 5_000;

type Outcome = {
  at: number;
  server: number;
  path: string;
  /** The HTTP status, or 0 when the connection failed (reset, refused). */
  status: number;
  retryAfter: string | null;
  body: unknown;
  error?: string;
};

type Client = { server: ServerProcess; index: number; visitor: Browser; student: Browser };

let database: SharedDatabase;
let servers: ServerProcess[] = [];
let clients: Client[] = [];

beforeAll(async () => {
  database = await sharedDatabase();
  // The background jobs run often, so they meet the outage too.
  const env = { REMINDER_CHECK_INTERVAL_MS: '200', PAYMENT_CHECK_INTERVAL_MS: '200' };
  servers = await Promise.all([startServerProcess(database, env), startServerProcess(database, env)]);
  clients = await Promise.all(
    servers.map(async (server, index) => {
      const student = server.browser();
      await student.signIn('student@example.com');
      return { server, index, visitor: server.browser(), student };
    }),
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
});

async function send(client: Client, path: string, outcomes: Outcome[]): Promise<Outcome> {
  const at = Date.now();
  let outcome: Outcome;
  try {
    const response =
      path === 'write'
        ? await client.student.post('/api/notifications/read-all')
        : path === '/api/user'
          ? await client.student.get(path)
          : await client.visitor.get(path);
    outcome = {
      at,
      server: client.index,
      path,
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: response.body,
    };
  } catch (error) {
    outcome = {
      at,
      server: client.index,
      path,
      status: 0,
      retryAfter: null,
      body: null,
      error: String(error),
    };
  }
  outcomes.push(outcome);
  return outcome;
}

const PATHS = ['/api/web/faqs', '/api/user', 'write', '/readyz', '/api/web/classes'];

/** Requests to both processes, a few at a time, until `stop()` (or 60 s at most). */
function startLoad() {
  const outcomes: Outcome[] = [];
  let stopped = false;
  const deadline = Date.now() + 60_000;
  const worker = async (client: Client, offset: number) => {
    for (let round = offset; !stopped && Date.now() < deadline; round++) {
      await send(client, PATHS[round % PATHS.length]!, outcomes);
    }
  };
  const running = Promise.all(clients.flatMap((client) => [worker(client, 0), worker(client, 2)]));
  return {
    outcomes,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

/** Polls `check` until it holds or `ms` have passed; returns whether it held. */
async function eventually(check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    // A process that stopped answering is not serving (and expectAlive says why).
    if (await Promise.resolve(check()).catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the tests write into the first FAQ's question. */
const QUESTION = 'How do I pay for a lesson?';

/**
 * Changes the first FAQ; `silently`: without telling anyone (no NOTIFY), as if its notification had
 * been missed.
 */
async function changeFaq(question: string, { silently }: { silently: boolean }): Promise<void> {
  const connection = await database.pool.connect();
  try {
    await connection.query('BEGIN');
    // Triggers (the NOTIFY public_data one among them) do not fire for a replica's writes.
    if (silently) await connection.query('SET LOCAL session_replication_role = replica');
    await connection.query(
      'UPDATE faqs SET question = $1 WHERE id = (SELECT id FROM faqs ORDER BY position, id LIMIT 1)',
      [question],
    );
    await connection.query('COMMIT');
  } finally {
    connection.release();
  }
}

async function firstFaq(client: Client): Promise<string | undefined> {
  const response = await client.visitor.get<{ data: { question: string }[] }>('/api/web/faqs');
  return response.status === 200 ? response.body.data[0]?.question : undefined;
}

/** The process answers public, signed-in and write requests, and is ready. */
async function serving(client: Client): Promise<boolean> {
  const [user, write, ready, faqs] = await Promise.all([
    client.student.get('/api/user'),
    client.student.post('/api/notifications/read-all'),
    client.visitor.get('/readyz'),
    client.visitor.get('/api/web/faqs'),
  ]);
  return user.status === 200 && write.status < 300 && ready.status === 200 && faqs.status === 200;
}

/**
 * Reads the first FAQ from both processes until each answers from its cache again (it listens again:
 * a silent change is not seen), and returns every answer that was not what the database held then.
 * An answer cached before the loss and kept would be one. The database's value is `current` at first.
 */
async function staleAnswersAfterReconnection(current: string, label: string) {
  const stale: string[] = [];
  const pending = new Set(clients);
  let expected = current;
  let attempt = 0;
  const cachingAgain = await eventually(async () => {
    for (const client of pending)
      for (const _ of [1, 2]) {
        const seen = await firstFaq(client);
        if (seen !== expected) stale.push(`process ${client.index}: ${seen} (the database: ${expected})`);
      }
    const marker = `${QUESTION} (${label} ${++attempt})`;
    await changeFaq(marker, { silently: true });
    // Still the answer from before the silent change: it came from the cache. (Not read again after:
    // the silent changes that follow would be stale there, rightly.)
    for (const client of [...pending]) if ((await firstFaq(client)) === expected) pending.delete(client);
    expected = marker;
    return pending.size === 0;
  }, RECOVERY_MS);
  return { stale, cachingAgain };
}

/** What no request may get/** What no request may get: a 5xx other than the contract's 503, or a failed connection. */
function broken(outcomes: Outcome[]): Outcome[] {
  return outcomes.filter(
    (outcome) =>
      outcome.status === 0 ||
      (outcome.status >= 500 &&
        (outcome.status !== 503 ||
          !outcome.retryAfter ||
          !/^\d+$/.test(outcome.retryAfter) ||
          (outcome.body as { message?: string } | null)?.message !== GENERAL ||
          (outcome.path !== '/readyz' && Object.keys(outcome.body as object).length !== 1))),
  );
}

/**
 * Both processes hold the first FAQ in their public caches, and the database then changes it without
 * a notification: they keep serving the old question until something drops their caches. Returns
 * the changed question. (Right after a loss a process may not listen yet, and so not cache: tried
 * again until it does; each try starts with a change everyone hears.)
 */
async function cachedThenChangedSilently(label: string): Promise<string> {
  let found: string | null = null;
  let attempt = 0;
  await eventually(async () => {
    attempt += 1;
    const before = `${QUESTION} (${label} ${attempt})`;
    await changeFaq(before, { silently: false });
    // The second answer comes from each process's public cache.
    for (const client of clients) for (const _ of [1, 2]) await firstFaq(client);
    const after = `${before}, changed silently`;
    await changeFaq(after, { silently: true });
    const seen = await Promise.all(clients.map(firstFaq));
    if (seen.every((question) => question === before)) found = after;
    return found !== null;
  }, RECOVERY_MS);
  if (!found) throw new Error('The processes did not serve the public answer from their caches.');
  return found;
}

function expectAlive(): void {
  for (const server of servers) {
    expect(server.child.exitCode, server.output()).toBeNull();
    expect(server.child.signalCode, server.output()).toBeNull();
    expect(server.output()).not.toMatch(/Unhandled 'error' event|uncaught/i);
  }
}

describe('a PostgreSQL restart under load', () => {
  it('is survived by both processes: 503 with Retry-After meanwhile, serving again within 5 s, no stale public answer', async () => {
    const cluster = throwAwayCluster();
    // A change the processes never hear of: only dropping their caches on reconnection reveals it.
    const after = await cachedThenChangedSilently('changed while nobody listened');
    const load = startLoad();
    await eventually(() => load.outcomes.filter((outcome) => outcome.status === 200).length >= 8, 10_000);
    await cluster.stop();
    const down = Date.now();
    // Every process has answered the outage, on a signed-in request and on /readyz, before PostgreSQL returns.
    const noticed = await eventually(
      () =>
        clients.every((client) =>
          ['/api/user', '/readyz', 'write', '/api/web/faqs'].every((path) =>
            load.outcomes.some(
              (outcome) =>
                outcome.server === client.index &&
                outcome.path === path &&
                outcome.at >= down &&
                outcome.status === 503,
            ),
          ),
        ),
      10_000,
    );
    await cluster.start();
    const up = Date.now();
    const recovered = await Promise.all(
      clients.map((client) => eventually(() => serving(client), RECOVERY_MS + 1_000)),
    );
    const recoveredAfter = Date.now() - up;
    await load.stop();
    const fresh = await staleAnswersAfterReconnection(after, 'after the restart');

    expectAlive();
    expect(noticed, 'both processes answered 503 during the outage').toBe(true);
    expect(broken(load.outcomes), 'requests that got a 500, a bad 503 or a dropped connection').toEqual([]);
    expect(recovered, 'both processes serve again').toEqual([true, true]);
    expect(recoveredAfter).toBeLessThan(RECOVERY_MS);
    expect(fresh, 'both processes cache again, and served nothing from before the outage').toEqual({
      stale: [],
      cachingAgain: true,
    });
  });

  it('is survived when PostgreSQL ends the processes’ connections one by one (pg_terminate_backend)', async () => {
    const after = await cachedThenChangedSilently('changed before the connections were ended');
    const load = startLoad();
    await eventually(() => load.outcomes.filter((outcome) => outcome.status === 200).length >= 8, 10_000);
    // Idle pooled connections and the listening ones of both processes (and the test's own others).
    const { rows } = await database.pool.query<{ killed: boolean }>(
      'SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    expect(rows.filter((row) => row.killed).length).toBeGreaterThanOrEqual(4);
    const killed = Date.now();
    const recovered = await Promise.all(
      clients.map((client) => eventually(() => serving(client), RECOVERY_MS + 1_000)),
    );
    const recoveredAfter = Date.now() - killed;
    await load.stop();
    const fresh = await staleAnswersAfterReconnection(after, 'after the connections ended');

    expectAlive();
    expect(broken(load.outcomes), 'requests that got a 500, a bad 503 or a dropped connection').toEqual([]);
    expect(recovered).toEqual([true, true]);
    expect(recoveredAfter).toBeLessThan(RECOVERY_MS);
    expect(fresh, 'both processes cache again, and served nothing from before').toEqual({
      stale: [],
      cachingAgain: true,
    });
  });
});
