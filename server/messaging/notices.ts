// Writing a notice to the outbox (issue 26, docs/messaging.md "What is sent"): in the transaction of
// its cause, an e-mail (when the recipient has an address) and, where the notice has one, an SMS to the
// phone as stored (the outbox job checks verification, choices, opt-outs and quiet hours when it
// sends). A child's notices go to the parent. The inserts lock no row the cause's lock order names
// (docs/commerce.md "Lock order"): they come after the cause's own locks and add only new rows.
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '../db/client';
import { parents, students, users } from '../db/schema';
import { noticeMail } from '../gateways/mail/templates';
import { enqueueEmail, enqueueSms } from '../services/outbox-service';
import { shortLink } from '../services/short-link-service';
import type { NotificationKind } from '../../src/shared/notification-channels';

type Db = Database | Transaction;

/** Who reads a user's notices: the user, or the parent of a child (`child`: the child's first name). */
export type Recipient = {
  userId: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  child: string | null;
};

export type Notice = {
  kind: NotificationKind;
  purpose: string;
  subject: string;
  lines: string[];
  /** The e-mail's button: a path of the app. */
  action: { label: string; path: string };
  footer: string;
  /** The SMS, when this notice has one: `text(link)` with the short link to `path`. */
  sms?: { path: string; text: (link: string) => string };
};

const parentUser = alias(users, 'notice_parent');

/** The user, or their parent when they are a child with one (e-mail and SMS go to the parent). */
export async function recipientOf(db: Db, userId: number): Promise<Recipient | null> {
  const [row] = await db
    .select({
      user: { id: users.id, email: users.email, phone: users.phone, firstName: users.firstName },
      parent: {
        id: parentUser.id,
        email: parentUser.email,
        phone: parentUser.phone,
        firstName: parentUser.firstName,
      },
    })
    .from(users)
    .leftJoin(students, eq(students.userId, users.id))
    .leftJoin(parents, eq(parents.id, students.parentId))
    .leftJoin(parentUser, eq(parentUser.id, parents.userId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const { user, parent } = row;
  if (parent?.id)
    return {
      userId: parent.id,
      email: parent.email,
      phone: parent.phone,
      firstName: parent.firstName ?? '',
      child: user.firstName,
    };
  return { userId: user.id, email: user.email, phone: user.phone, firstName: user.firstName, child: null };
}

/**
 * Writes `build(recipient)` to the outbox for `userId` (or their parent), in `tx`; links are
 * `{appUrl}{path}` (`config.appUrl`). Returns the recipient, or null when the user is gone.
 */
export async function sendNotice(
  tx: Db,
  appUrl: string,
  userId: number,
  build: (recipient: Recipient) => Notice,
): Promise<Recipient | null> {
  const recipient = await recipientOf(tx, userId);
  if (!recipient) return null;
  const notice = build(recipient);
  if (recipient.email) {
    const mail = noticeMail(recipient.email, recipient.firstName, {
      subject: notice.subject,
      lines: notice.lines,
      action: { label: notice.action.label, url: `${appUrl}${notice.action.path}` },
      footer: notice.footer,
    });
    await enqueueEmail(tx, {
      kind: notice.kind,
      purpose: notice.purpose,
      userId: recipient.userId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  }
  if (notice.sms && recipient.phone)
    await sendSms(tx, appUrl, recipient, notice.kind, notice.purpose, notice.sms);
  return recipient;
}

/** An SMS alone (a notice whose e-mail another sender writes), with its short link. */
export async function sendSms(
  tx: Db,
  appUrl: string,
  recipient: Pick<Recipient, 'userId' | 'phone'>,
  kind: NotificationKind,
  purpose: string,
  sms: NonNullable<Notice['sms']>,
): Promise<void> {
  if (!recipient.phone) return;
  const link = await shortLink(tx, sms.path, appUrl);
  await enqueueSms(tx, {
    kind,
    purpose,
    userId: recipient.userId,
    to: recipient.phone,
    text: sms.text(link),
  });
}

/** An SMS alone to `userId` (or their parent), for a cause whose e-mail another sender writes. */
export async function sendSmsTo(
  tx: Db,
  appUrl: string,
  userId: number,
  kind: NotificationKind,
  purpose: string,
  sms: NonNullable<Notice['sms']>,
): Promise<void> {
  const recipient = await recipientOf(tx, userId);
  if (recipient) await sendSms(tx, appUrl, recipient, kind, purpose, sms);
}
