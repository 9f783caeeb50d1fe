// The secret the lessons' room names are derived from (docs/classroom.md "Providers"): from
// CLASSROOM_SECRET, or generated on first start and kept in `app_settings` like the callback
// secret, so every process of one deployment, and every restart, gives a lesson the same room.
import type { Database } from '../db/client';
import { storedSecret } from './stored-secret';

const SECRET_MIN = 32;

export function classroomSecret(db: Database, configured?: string): Promise<string> {
  return storedSecret(db, {
    key: 'classroom_secret',
    configured,
    pattern: new RegExp(`^[\\s\\S]{${SECRET_MIN},}$`),
    invalid: `CLASSROOM_SECRET must be at least ${SECRET_MIN} characters (e.g. \`openssl rand -hex 32\`).`,
    name: 'classroom secret',
  });
}
