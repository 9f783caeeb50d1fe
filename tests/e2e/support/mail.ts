// Reads the development outbox (`GET /dev/mail.json`, present unless NODE_ENV=production), the way
// a developer reads /dev/mail in the browser.
import { expect } from 'vitest';

export type OutboxMessage = {
  id: number | string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
};

export async function outbox(baseUrl: string): Promise<OutboxMessage[]> {
  const response = await fetch(new URL('/dev/mail.json', baseUrl));
  expect(response.status, 'GET /dev/mail.json').toBe(200);
  const body = (await response.json()) as { data: OutboxMessage[] };
  return body.data;
}

/** The newest link matching `pattern` in mail to `to`, waiting a little for the mail to be written. */
export async function linkMailedTo(baseUrl: string, to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const messages = (await outbox(baseUrl))
      .filter((message) => message.to.toLowerCase().includes(to.toLowerCase()))
      .sort((a, b) => b.created_at.localeCompare(a.created_at));
    const link = messages.flatMap((message) => message.links).find((candidate) => pattern.test(candidate));
    if (link) return link;
    if (Date.now() > deadline) {
      throw new Error(
        `No mail to ${to} with a link matching ${pattern} (outbox holds ${messages.length} for them).`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
