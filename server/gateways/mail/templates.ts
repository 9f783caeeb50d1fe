// The e-mails the product sends, as plain text plus escaped HTML.
import type { MailMessage } from './mailer';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function compose(
  to: string,
  subject: string,
  greeting: string,
  lines: string[],
  action: { label: string; url: string },
  footer: string,
): MailMessage {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${action.label}: ${action.url}`,
    '',
    footer,
    '',
    '— Somesha',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`,
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
