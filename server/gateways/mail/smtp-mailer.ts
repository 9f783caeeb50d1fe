import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSent, Mailer } from './mailer';

export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(message: MailMessage): Promise<MailSent> {
    const info = (await this.transport.sendMail({ from: this.from, ...message })) as { messageId?: string };
    return { providerId: info.messageId ?? null };
  }
}
