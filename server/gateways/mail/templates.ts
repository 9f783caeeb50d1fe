// The e-mails the product sends, as plain text plus escaped HTML.
import type { MailMessage } from './mailer';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type Action = { label: string; url: string };

function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: Action | Action[],
  footer: string,
): MailMessage {
  const actions = Array.isArray(action) ? action : [action];
  const text = [
    greeting,
    '',
    ...lines,
    '',
    ...actions.map(({ label, url }) => `${label}: ${url}`),
    '',
    footer,
    '',
    '— Somesha',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...actions.map(({ label, url }) => `<p><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`),
    `<p>${escapeHtml(footer)}</p>`,
    '<p>— Somesha</p>',
  ].join('\n');
  return { to, subject, text, html };
}

export function activationMail(to: string, firstName: string, url: string): MailMessage {
  return compose(
    to,
    'Activate your Somesha account',
    `Hello ${firstName},`,
    ['Welcome to Somesha. Follow the link below to activate your account. The link works for 24 hours.'],
    { label: 'Activate my account', url },
    'If you did not create an account, you can ignore this e-mail.',
  );
}

/**
 * Sent instead of an activation mail when someone signs up with an address that has an account, so
 * the sign-up answer itself can be the same for every address (docs/api.md).
 */
export function existingAccountMail(
  to: string,
  firstName: string,
  links: { signIn: string; resetPassword: string },
): MailMessage {
  return compose(
    to,
    'Someone tried to sign up with your e-mail address',
    `Hello ${firstName},`,
    [
      'Someone, perhaps you, tried to create a new Somesha account with this e-mail address.',
      'You already have a Somesha account, so no new account was made and yours is unchanged. Sign in to use it, or choose a new password if you have forgotten it.',
    ],
    [
      { label: 'Sign in', url: links.signIn },
      { label: 'Choose a new password', url: links.resetPassword },
    ],
    'If this was not you, you can ignore this e-mail.',
  );
}

export function passwordResetMail(to: string, firstName: string, url: string): MailMessage {
  return compose(
    to,
    'Reset your Somesha password',
    `Hello ${firstName},`,
    ['We received a request to reset your password. The link below works once, for 60 minutes.'],
    { label: 'Choose a new password', url },
    'If you did not ask for this, you can ignore this e-mail; your password stays the same.',
  );
}

/** An admin's decision on the teacher's profile, lesson or class (issue 10): what was decided and where to look. */
export function decisionMail(
  to: string,
  firstName: string,
  decision: { subject: string; text: string; url: string },
): MailMessage {
  return compose(
    to,
    decision.subject,
    `Hello ${firstName},`,
    [decision.subject + '.', decision.text],
    { label: 'Open Somesha', url: decision.url },
    'You receive this e-mail because you teach on Somesha.',
  );
}

/**
 * What became of a lesson (issue 22, docs/classroom.md): not held (learners refunded, teacher told).
 * `text` is the feed's line; `footer` says why this person hears of it.
 */
export function lessonNewsMail(
  to: string,
  firstName: string,
  news: { subject: string; text: string; url: string; footer: string },
): MailMessage {
  return compose(
    to,
    news.subject,
    `Hello ${firstName},`,
    [news.text],
    { label: 'Open the lesson', url: news.url },
    news.footer,
  );
}

/** A wallet's withdrawal number changed (issue 23): told to the account's e-mail, payable a day later. */
export function withdrawalNumberMail(
  to: string,
  firstName: string,
  change: { number: string; usableAt: string; walletUrl: string },
): MailMessage {
  return compose(
    to,
    'Your withdrawal number changed',
    `Hello ${firstName},`,
    [
      `The M-Pesa number your Somesha withdrawals are paid to is now ${change.number}.`,
      `For your safety, no withdrawal can be paid to it before ${change.usableAt}.`,
    ],
    { label: 'Open your wallet', url: change.walletUrl },
    'If you did not change it, sign in and change your password and wallet PIN at once, and write to us.',
  );
}

/** Messages waiting unread in a thread (issue 25, docs/reviews-messages.md "E-mail"): who wrote and a link. */
export function unreadMessagesMail(
  to: string,
  firstName: string,
  unread: { subject: string; text: string; action: string; url: string; footer: string },
): MailMessage {
  return compose(
    to,
    unread.subject,
    `Hello ${firstName},`,
    [unread.text],
    { label: unread.action, url: unread.url },
    unread.footer,
  );
}

/**
 * A notice of something that happened (issue 26, docs/messaging.md "What is sent"): a receipt, a
 * booking, a cancellation, a move, a refund, a withdrawal, a teaching decision. Texts:
 * server/messaging/texts.ts.
 */
export function noticeMail(
  to: string,
  firstName: string,
  notice: { subject: string; lines: string[]; action: Action; footer: string },
): MailMessage {
  return compose(to, notice.subject, `Hello ${firstName},`, notice.lines, notice.action, notice.footer);
}
