export type MailMessage = { to: string; subject: string; text: string; html: string };

/** Every e-mail leaves through this interface: SMTP in production, the outbox table otherwise. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}
