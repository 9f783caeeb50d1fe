import type { Database } from '../../db/client';

export type MailMessage = { to: string; subject: string; text: string; html: string };

/** What the provider said of a sent mail (SMTP: its Message-ID), recorded on the outbox row. */
export type MailSent = { providerId: string | null };

/**
 * Every e-mail leaves through this interface, called only by the outbox job
 * (server/services/outbox-job.ts; writers call `enqueueEmail` in their transaction): SMTP in
 * production, the development mail box `mail_outbox` (/dev/mail) otherwise. A thrown error is a
 * temporary failure, unless it carries an SMTP `responseCode` of 5xx (permanent).
 */
export interface Mailer {
  /** `db`: where the development mail box writes (default: its own database). */
  send(message: MailMessage, db?: Database): Promise<MailSent | void>;
}
