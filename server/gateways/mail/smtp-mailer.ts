import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSent, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    // Well inside the outbox's lease (2 minutes): a send that hangs fails (and is retried) before
    // another process may take its row and send it a second time. Nodemailer's defaults are 2 and
    // 10 minutes.
    this.transport = nodemailer.createTransport({
      url: smtpUrl,
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<MailSent> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { messageId?: string };
    return { providerId: info.messageId ?? null };
  }
}
