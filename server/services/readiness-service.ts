// Whether this process can serve: the database answers and has every migration this build ships
// (GET /readyz, server/routes/ops-routes.ts).
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

export type Journal = { entries: { when: number; tag: string }[] };

/** The migrations this build applies at start (drizzle-kit's journal): `created_at` of each is its `when`. */
export function shippedMigrations(): Journal['entries'] {
  const journal = JSON.parse(
    readFileSync(new URL('../db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
  ) as Journal;
  return journal.entries;
}

/**
 * The migrations of `expected` (default: this build's) that drizzle's own record
 * (`drizzle.__drizzle_migrations`, one row per applied migration, `created_at` = the journal's `when`)
 * does not hold. Throws when the record is not there or the database does not answer.
 */
export async function missingMigrations(
  db: Database,
  expected: Journal['entries'] = shippedMigrations(),
): Promise<Journal['entries']> {
  const result = await db.execute(sql`select created_at from drizzle.__drizzle_migrations`);
  const applied = new Set(
    (result as unknown as { rows: { created_at: unknown }[] }).rows.map((row) => Number(row.created_at)),
  );
  return expected.filter((migration) => !applied.has(migration.when));
}

/** A probe gives up on a database that does not answer within this time. */
const READINESS_TIMEOUT_MS = 2000;

export type Readiness = { ready: true } | { ready: false; reason: string };

/** Whether the database answers (within `timeoutMs`) and holds every migration of `expected`. */
export async function readiness(
  db: Database,
  expected: Journal['entries'],
  timeoutMs = READINESS_TIMEOUT_MS,
): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const missing = await Promise.race([
      missingMigrations(db, expected),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the database did not answer in time')), timeoutMs);
      }),
    ]);
    if (missing.length > 0)
      return { ready: false, reason: `migrations not applied: ${missing.map((m) => m.tag).join(', ')}` };
    return { ready: true };
  } catch (error) {
    return { ready: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
