import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

export type StoredSecret = {
  /** Its row in `app_settings`. */
  key: string;
  /** The value from the environment, if any: used as it is once it matches `pattern`. */
  configured: string | undefined;
  pattern: RegExp;
  /** Start-up's error when `configured` does not match. */
  invalid: string;
  /** Names it in the error when it cannot be stored ("callback secret"). */
  name: string;
};

/**
 * The configured secret, or one generated on first start and kept in `app_settings`, so every
 * process of one deployment, and every restart, uses the same one.
 */
export async function storedSecret(db: Database, secret: StoredSecret): Promise<string> {
  if (secret.configured !== undefined) {
    if (!secret.pattern.test(secret.configured)) throw new Error(secret.invalid);
    return secret.configured;
  }
  // Two processes starting together both try; the first insert wins and both read it back.
  await db
    .insert(appSettings)
    .values({ key: secret.key, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, secret.key));
  if (!row) throw new Error(`The ${secret.name} could not be stored`);
  return row.value;
}
