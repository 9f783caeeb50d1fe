// Fixed-window counters in table `rate_limits`, so limits hold across API processes.
import { createHash } from 'node:crypto';
import { eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../http/errors';
import { t } from '../../src/shared/messages';

export type Limit = { key: string; max: number; windowSeconds: number };

/**
 * Keys carry what the client sent (an e-mail, an address from X-Forwarded-For); a long one is stored
 * as its hash, so no input can exceed the primary key's index row limit (~2.7 kB).
 */
function storedKey(key: string): string {
  if (key.length <= 200) return key;
  const prefix = key.slice(0, key.indexOf(':') + 1);
  return `${prefix}sha256:${createHash('sha256').update(key).digest('hex')}`;
}

/** Counts one attempt; the window's count and end. */
async function count(db: Database, limit: Limit) {
  // Finished windows are swept now and then instead of by a separate job.
  if (Math.random() < 0.02) await db.delete(rateLimits).where(lte(rateLimits.resetAt, new Date()));
  const window = sql`now() + make_interval(secs => ${limit.windowSeconds})`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: storedKey(limit.key), hits: 1, resetAt: window })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning();
  if (!row) throw new Error('Rate limit upsert returned no row');
  return row;
}

/** Counts one attempt; throws 429 with Retry-After once the window holds more than `max`. */
export async function hit(db: Database, limit: Limit): Promise<void> {
  const row = await count(db, limit);
  if (row.hits > limit.max) {
    const seconds = Math.max(1, Math.ceil((row.resetAt.getTime() - Date.now()) / 1000));
    throw new HttpError(429, t('auth.tooManyAttempts', { seconds }), { 'Retry-After': String(seconds) });
  }
}

/** Counts one attempt; false once the window holds more than `max` (for work to skip, not refuse). */
export async function allow(db: Database, limit: Limit): Promise<boolean> {
  return (await count(db, limit)).hits <= limit.max;
}

export async function clear(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, storedKey(key)));
}
