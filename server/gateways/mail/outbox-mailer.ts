import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage, Mailer } from './mailer';

/** Development and test mail: stored in `mail_outbox`, readable at /dev/mail. */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Database) {}

  async send(message: MailMessage, db: Database = this.db): Promise<void> {
    await db.insert(mailOutbox).values(message);
  }
}
