// The development mailbox's read side (/dev/mail): the newest messages of the outbox table.
import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export function latestMail(db: Database, limit = 200) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(limit);
}
