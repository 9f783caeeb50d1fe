import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { MailMessage, MailSent, Mailer } from './mailer';

/**
 * Development and test mail: what the outbox job would have sent by SMTP is stored in `mail_outbox`,
 * readable at /dev/mail; its row id is the provider id.
 */
export class OutboxMailer implements Mailer {
  constructor(private readonly db: Database) {}

  async send(message: MailMessage, db: Database = this.db): Promise<MailSent> {
    const [row] = await db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id });
    return { providerId: row ? `mail_outbox:${row.id}` : null };
  }
}
