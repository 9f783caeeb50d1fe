// The one outbox (issue 26, docs/messaging.md): every e-mail and SMS is a row written in the
// transaction of the event that causes it. The job that sends them lives beside this (claim, send,
// retry, give up); writers only call `enqueueEmail` / `enqueueSms`.
import type { Database, Transaction } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { MessageKind } from '../../src/shared/notification-channels';

type Db = Database | Transaction;

export type OutboxEmail = {
  kind: MessageKind;
  /** What it is, e.g. `payment_receipt` (docs/messaging.md lists them). */
  purpose: string;
  userId: number | null;
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type OutboxSms = {
  kind: MessageKind;
  purpose: string;
  userId: number;
  /** `2547xxxxxxxx`; whether it may go (verified, not opted out, chosen, quiet hours) is decided at sending. */
  to: string;
  text: string;
};

/** Writes an e-mail to the outbox in `tx` (the transaction of its cause). */
export async function enqueueEmail(tx: Db, mail: OutboxEmail, notBefore?: Date): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ channel: 'email', ...mail, ...(notBefore ? { notBefore } : {}) })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('Outbox insert returned no row');
  return row.id;
}

/** Writes an SMS to the outbox in `tx` (the transaction of its cause). */
export async function enqueueSms(tx: Db, sms: OutboxSms, notBefore?: Date): Promise<number> {
  const [row] = await tx
    .insert(outboxMessages)
    .values({ channel: 'sms', ...sms, subject: null, html: null, ...(notBefore ? { notBefore } : {}) })
    .returning({ id: outboxMessages.id });
  if (!row) throw new Error('Outbox insert returned no row');
  return row.id;
}
