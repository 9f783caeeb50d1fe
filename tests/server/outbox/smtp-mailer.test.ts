// The SMTP mailer as the outbox job uses it (docs/messaging.md "outbox"): it talks to the server
// SMTP_URL names, answers the Message-ID the job records, and a 5xx refusal carries the SMTP code the
// job reads as permanent. A small SMTP server on a local port plays the provider.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SmtpMailer } from '../../../server/gateways/mail';

type Received = { from: string; to: string[]; data: string };

/** Speaks just enough SMTP (RFC 5321) to take a message; `refuse` answers RCPT with a 5xx. */
async function smtpServer({ refuse = false } = {}) {
  const received: Received[] = [];
  const server: Server = createServer((socket) => {
    let current: Received = { from: '', to: [], data: '' };
    let inData = false;
    let buffer = '';
    socket.write('220 smtp.test ESMTP\r\n');
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.push(current);
            current = { from: '', to: [], data: '' };
            socket.write('250 2.0.0 Ok: queued\r\n');
          } else current.data += `${line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 smtp.test\r\n');
        else if (verb === 'MAIL') {
          current.from = line;
          socket.write('250 2.1.0 Ok\r\n');
        } else if (verb === 'RCPT') {
          if (refuse) socket.write('550 5.1.1 No such mailbox\r\n');
          else {
            current.to.push(line);
            socket.write('250 2.1.5 Ok\r\n');
          }
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 End data with <CR><LF>.<CR><LF>\r\n');
        } else if (verb === 'QUIT') socket.end('221 2.0.0 Bye\r\n');
        else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 Ok\r\n');
        else socket.write('502 Command not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise((done) => server.close(done)),
  };
}

let close: (() => Promise<unknown>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

const message = {
  to: 'amani@example.com',
  subject: 'Reset your Somesha password',
  text: 'Choose a new password',
  html: '<p>Choose a new password</p>',
};

describe('SmtpMailer', () => {
  it('sends to the server SMTP_URL names and answers the Message-ID', async () => {
    const smtp = await smtpServer();
    close = smtp.close;
    const sent = await new SmtpMailer(smtp.url, 'Somesha <no-reply@somesha.co.ke>').send(message);
    expect(sent.providerId).toMatch(/^<.+@.+>$/);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]?.from).toContain('no-reply@somesha.co.ke');
    expect(smtp.received[0]?.to.join()).toContain('amani@example.com');
    expect(smtp.received[0]?.data).toContain('Subject: Reset your Somesha password');
    expect(smtp.received[0]?.data).toContain(`Message-ID: ${sent.providerId}`);
  });

  it('a refused recipient fails with the 5xx code the outbox reads as permanent', async () => {
    const smtp = await smtpServer({ refuse: true });
    close = smtp.close;
    await expect(new SmtpMailer(smtp.url, 'no-reply@somesha.co.ke').send(message)).rejects.toMatchObject({
      responseCode: 550,
    });
  });
});
