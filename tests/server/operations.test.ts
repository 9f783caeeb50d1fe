// Issue 20, hole 5: what a load balancer probes (GET /healthz, GET /readyz), and a database out of
// reach answered as 503 with Retry-After and the contract's body, never as a 500.
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/db/client';
import { readiness, shippedMigrations } from '../../server/services/readiness-service';
import { freePort, startTestServer, type TestServer } from './support/test-server';

const GENERAL = { message: 'Something went wrong, please try again later.' };

/** Shaped like node-postgres' errors (a DatabaseError carries the SQLSTATE as `code`). */
const pgError = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), fields);

/** Errors a route may meet while PostgreSQL restarts, or is gone. */
const LOST: Record<string, () => Promise<never> | never> = {
  'admin shutdown (57P01)': () => {
    throw pgError('terminating connection due to administrator command', { code: '57P01' });
  },
  'starting up (57P03)': () => {
    throw pgError('the database system is starting up', { code: '57P03' });
  },
  'crash shutdown (57P02)': () => {
    throw pgError('terminating connection because of crash of another server process', { code: '57P02' });
  },
  'too many connections (53300)': () => {
    throw pgError('sorry, too many clients already', { code: '53300' });
  },
  'connection failure (08006)': () => {
    throw pgError('connection failure', { code: '08006' });
  },
  'connection terminated': () => {
    throw new Error('Connection terminated unexpectedly');
  },
  'a broken client': () => {
    throw new Error('Client has encountered a connection error and is not queryable');
  },
  'no pooled connection in time': () => {
    throw new Error('timeout exceeded when trying to connect');
  },
  'a missing Unix socket': () => {
    throw pgError('connect ENOENT /tmp/pg/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' });
  },
  'a reset inside a drizzle error': () => {
    throw new Error('Failed query: select 1\nparams: ', {
      cause: pgError('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }),
    });
  },
};

/** Errors that are the server's own fault: still a 500. */
const NOT_LOST: Record<string, () => never> = {
  'a plain error': () => {
    throw new Error('boom');
  },
  'a unique violation (23505)': () => {
    throw pgError('duplicate key value violates unique constraint', { code: '23505' });
  },
  'a missing file': () => {
    throw pgError("ENOENT: no such file or directory, open '/x'", { code: 'ENOENT', syscall: 'open' });
  },
};

let server: TestServer;
/** A PostgreSQL address nothing listens on: node-postgres and drizzle fail there for real. */
let nowhere: string;

beforeAll(async () => {
  nowhere = `postgres://postgres@127.0.0.1:${await freePort()}/postgres`;
  server = await startTestServer({
    beforeListen(app) {
      const failures: Record<string, () => unknown> = { ...LOST, ...NOT_LOST };
      app.get<{ Params: { name: string } }>('/api/test-failures/:name', async (request) =>
        failures[request.params.name]?.(),
      );
      app.get('/api/test-real-drizzle', async () => {
        const pool = new pg.Pool({ connectionString: nowhere, connectionTimeoutMillis: 2000 });
        try {
          return await drizzle(pool).execute(sql`select 1`);
        } finally {
          await pool.end();
        }
      });
    },
  });
});

afterAll(async () => {
  await server?.close();
});

describe('GET /healthz', () => {
  it('answers 200 {status: "ok"} as JSON, not cached and without a session', async () => {
    const response = await server.browser().get('/healthz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('is never the SPA page, under it either', async () => {
    for (const path of ['/healthz/', '/readyz/x']) {
      const response = await server.browser().get(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    }
  });
});

describe('GET /readyz', () => {
  it('answers 200 when the database answers and has every migration', async () => {
    const response = await server.browser().get('/readyz');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 with Retry-After when a migration of this build is not applied', async () => {
    const last = shippedMigrations().at(-1)!;
    const [row] = (
      (await server.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${last.when} returning hash`,
      )) as unknown as { rows: { hash: string }[] }
    ).rows;
    expect(row).toBeDefined();
    try {
      const response = await server.browser().get('/readyz');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(response.body).toEqual({ status: 'unavailable', ...GENERAL });
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      await server.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${row!.hash}, ${last.when})`,
      );
    }
    expect((await server.browser().get('/readyz')).status).toBe(200);
  });

  it('is not ready when the database does not answer, or answers too late', async () => {
    const refusing = {
      execute: () => Promise.reject(pgError('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' })),
    } as unknown as Database;
    expect(await readiness(refusing, shippedMigrations())).toMatchObject({ ready: false });
    const silent = { execute: () => new Promise(() => {}) } as unknown as Database;
    expect(await readiness(silent, shippedMigrations(), 50)).toMatchObject({ ready: false });
    expect(await readiness(server.db, shippedMigrations())).toEqual({ ready: true });
  });
});

describe('a database out of reach', () => {
  it.each(Object.keys(LOST))('answers 503 with Retry-After and the contract body: %s', async (name) => {
    const response = await server.browser().get(`/api/test-failures/${encodeURIComponent(name)}`);
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.body).toEqual(GENERAL);
  });

  it('answers 503 for a real refused connection through node-postgres and drizzle', async () => {
    const response = await server.browser().get('/api/test-real-drizzle');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(response.body).toEqual(GENERAL);
  });

  it.each(Object.keys(NOT_LOST))('leaves other failures a 500: %s', async (name) => {
    const response = await server.browser().get(`/api/test-failures/${encodeURIComponent(name)}`);
    expect(response.status).toBe(500);
    expect(response.headers.get('retry-after')).toBeNull();
    expect(response.body).toEqual(GENERAL);
  });
});
