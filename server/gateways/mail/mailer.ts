import type { Database } from '../../db/client';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Every e-mail leaves through this interface: SMTP in production, the outbox table otherwise. */
export interface Mailer {
  /**
   * `db`: the transaction of the outcome the mail reports. The outbox writes the mail in it, so the
   * mail exists exactly when the outcome committed; SMTP has no such tie and sends at once.
   */
  send(message: MailMessage, db?: Database): Promise<void>;
}
