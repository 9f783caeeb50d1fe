import type { Database } from '../../db/client';
import type { Mailer } from './mailer';
import { OutboxMailer } from './outbox-mailer';
import { SmtpMailer } from './smtp-mailer';

export type { Mailer, MailMessage } from './mailer';
export { OutboxMailer } from './outbox-mailer';
export { SmtpMailer } from './smtp-mailer';

export function createMailer(options: { db: Database; smtpUrl?: string; from: string }): Mailer {
  return options.smtpUrl ? new SmtpMailer(options.smtpUrl, options.from) : new OutboxMailer(options.db);
}
