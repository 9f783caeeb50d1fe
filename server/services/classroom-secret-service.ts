// The secret the lessons' room names are derived from (docs/classroom.md "Providers"): from
// CLASSROOM_SECRET, or generated on first start and kept in `app_settings` like the callback
// secret, so every process of one deployment, and every restart, gives a lesson the same room.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { appSettings } from '../db/schema';

const SETTING_KEY = 'classroom_secret';
const SECRET_MIN = 32;

export async function classroomSecret(db: Database, configured?: string): Promise<string> {
  if (configured !== undefined) {
    if (configured.length < SECRET_MIN)
      throw new Error(
        `CLASSROOM_SECRET must be at least ${SECRET_MIN} characters (e.g. \`openssl rand -hex 32\`).`,
      );
    return configured;
  }
  // Two processes starting together both try; the first insert wins and both read it back.
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  if (!row) throw new Error('The classroom secret could not be stored');
  return row.value;
}
