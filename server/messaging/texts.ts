// The texts of the notices (issue 26, docs/messaging.md "What is sent" and "notices"): e-mail subject,
// lines, button and footer, and the SMS. Every SMS names Somesha, carries a short link and fits one
// SMS (160 GSM-7 characters, `fitsOneSms`): a long lesson name is shortened to make it fit.
import { fitsOneSms } from '../../src/shared/notification-channels';
import type { Notice } from './notices';

const EAT = '(East Africa Time)';

/** Characters dates and names bring that GSM-7 lacks (Intl's narrow spaces, typographic quotes). */
export function gsmSafe(text: string): string {
  return text
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u2026/g, '...');
}

/**
 * `make(name)` made safe for GSM-7 and shortened until it fits one SMS: a lesson's topic is cut (with
 * "...") and its code kept ("Algebra: linear eq... (LSN-AB12CD34)"), down to the code alone; what
 * still does not fit is sent whole (two parts).
 */
export function fitSms(make: (name: string) => string, name: string): string {
  const full = gsmSafe(make(name));
  if (fitsOneSms(full)) return full;
  const [, topic = name, code = ''] = /^(.*) (\([^()]+\))$/.exec(name) ?? [];
  for (let keep = topic.length - 1; keep >= 0; keep -= 1) {
    const cut = topic.slice(0, keep).trimEnd();
    const shortened = cut.length >= 6 ? `${cut}...${code ? ` ${code}` : ''}` : code || `${cut}...`;
    const text = gsmSafe(make(shortened));
    if (fitsOneSms(text)) return text;
  }
  return full;
}

const whose = (child: string | null) => (child ? `${child}'s lesson` : 'Your lesson');

// ---- Payments ----

export function paymentReceiptNotice(input: {
  amount: string;
  reference: string;
  when: string;
  items: string[];
}): Notice {
  return {
    kind: 'payments',
    purpose: 'payment_receipt',
    subject: `Somesha receipt: ${input.amount} paid`,
    lines: [
      `We received your payment of ${input.amount} on ${input.when} ${EAT}.`,
      `Reference: ${input.reference}.`,
      ...(input.items.length ? [`It paid for: ${input.items.join('; ')}.`] : []),
    ],
    action: { label: 'Open your wallet', path: '/wallet' },
    footer: 'You receive this receipt because you paid on Somesha. Keep it for your records.',
    sms: {
      path: '/wallet',
      text: (link) =>
        gsmSafe(
          `Somesha: payment of ${input.amount} received, ref ${input.reference}. Thank you. Receipt: ${link}`,
        ),
    },
  };
}

export function topUpReceiptNotice(input: {
  amount: string;
  reference: string;
  when: string;
  balance: string;
}): Notice {
  return {
    kind: 'payments',
    purpose: 'topup_receipt',
    subject: `Somesha receipt: ${input.amount} added to your wallet`,
    lines: [
      `${input.amount} was added to your Somesha wallet on ${input.when} ${EAT}.`,
      `Reference: ${input.reference}.`,
      `Your balance is now ${input.balance}.`,
    ],
    action: { label: 'Open your wallet', path: '/wallet' },
    footer: 'You receive this receipt because you topped up your wallet on Somesha.',
    sms: {
      path: '/wallet',
      text: (link) =>
        gsmSafe(
          `Somesha: ${input.amount} added to your wallet, ref ${input.reference}. Balance ${input.balance}. ${link}`,
        ),
    },
  };
}

/** A refund of the learner's own cancellation, or of a report an admin upheld. */
export function bookingRefundedNotice(input: {
  lesson: string;
  when: string;
  amount: string;
  cause: 'cancelled' | 'report';
}): Notice {
  return {
    kind: 'payments',
    purpose: 'booking_refunded',
    subject: `Refund: ${input.amount} for ${input.lesson}`,
    lines: [
      input.cause === 'cancelled'
        ? `The booking of ${input.lesson} on ${input.when} ${EAT} is cancelled.`
        : `We looked into the report on ${input.lesson} of ${input.when} ${EAT} and refunded the booking.`,
      `${input.amount} was refunded to your Somesha wallet.`,
    ],
    action: { label: 'Open your wallet', path: '/wallet' },
    footer: 'You receive this e-mail because you paid for this booking on Somesha.',
    sms: {
      path: '/wallet',
      text: (link) =>
        fitSms(
          (name) => `Somesha: ${input.amount} refunded to your wallet for ${name}. ${link}`,
          input.lesson,
        ),
    },
  };
}

export function withdrawalPaidNotice(input: { amount: string; receipt: string; number: string }): Notice {
  return {
    kind: 'payments',
    purpose: 'withdrawal_paid',
    subject: `Somesha withdrawal paid: ${input.amount}`,
    lines: [
      `Your withdrawal of ${input.amount} was paid to M-Pesa ${input.number}.`,
      `M-Pesa receipt: ${input.receipt}.`,
    ],
    action: { label: 'Open your wallet', path: '/wallet' },
    footer: 'You receive this e-mail because you asked for a withdrawal on Somesha.',
    sms: {
      path: '/wallet',
      text: (link) =>
        gsmSafe(`Somesha: withdrawal of ${input.amount} paid to M-Pesa, receipt ${input.receipt}. ${link}`),
    },
  };
}

export function withdrawalFailedNotice(input: { amount: string; reason: string }): Notice {
  return {
    kind: 'payments',
    purpose: 'withdrawal_failed',
    subject: `Somesha withdrawal not paid: ${input.amount}`,
    lines: [
      `Your withdrawal of ${input.amount} could not be paid: ${input.reason}`,
      'The amount is back in your Somesha wallet. You can try again.',
    ],
    action: { label: 'Open your wallet', path: '/wallet' },
    footer: 'You receive this e-mail because you asked for a withdrawal on Somesha.',
    sms: {
      path: '/wallet',
      text: (link) =>
        gsmSafe(`Somesha: withdrawal of ${input.amount} failed. The money is back in your wallet. ${link}`),
    },
  };
}

// ---- Lessons ----

export function bookingConfirmedNotice(input: {
  child: string | null;
  lessons: { name: string; when: string }[];
}): Notice {
  const [only] = input.lessons;
  const subject =
    input.lessons.length === 1 && only
      ? `Booked: ${only.name}`
      : input.child
        ? `${input.child}'s ${input.lessons.length} lessons are booked`
        : `Your ${input.lessons.length} lessons are booked`;
  return {
    kind: 'lessons',
    purpose: 'booking_confirmed',
    subject,
    lines: [
      input.child ? `Booked for ${input.child}:` : 'Booked for you:',
      ...input.lessons.map((lesson) => `${lesson.name}: ${lesson.when} ${EAT}`),
      'We remind you an hour before each lesson. You can join from 15 minutes before the start.',
    ],
    action: { label: 'See your bookings', path: '/lessons/booking' },
    footer: 'You receive this e-mail because lessons were booked on Somesha.',
  };
}

export function lessonCancelledNotice(input: {
  lesson: string;
  when: string;
  refund: string | null;
}): Notice {
  const refunded = input.refund ? ` ${input.refund} back in your wallet.` : '';
  return {
    kind: 'lessons',
    purpose: 'lesson_cancelled',
    subject: `Lesson cancelled: ${input.lesson}`,
    lines: [
      `${input.lesson} on ${input.when} ${EAT} was cancelled by the teacher.`,
      ...(input.refund ? [`${input.refund} was refunded to your Somesha wallet.`] : []),
      'You can book another lesson from Find lessons.',
    ],
    action: { label: 'Find another lesson', path: '/lessons/find' },
    footer: 'You receive this e-mail because this lesson was booked on Somesha.',
    sms: {
      path: input.refund ? '/wallet' : '/lessons/find',
      text: (link) =>
        fitSms(
          (name) => `Somesha: teacher cancelled ${name} on ${input.when}.${refunded} ${link}`,
          input.lesson,
        ),
    },
  };
}

export function lessonMovedNotice(input: {
  child: string | null;
  lesson: string;
  when: string;
  path: string;
}): Notice {
  return {
    kind: 'lessons',
    purpose: 'lesson_moved',
    subject: `Lesson moved: ${input.lesson}`,
    lines: [
      `${whose(input.child)} ${input.lesson} was moved by the teacher. It now starts on ${input.when} ${EAT}.`,
      'Keep the new time, or cancel the booking for a full refund to your wallet any time before it starts.',
    ],
    action: { label: 'Keep or cancel', path: input.path },
    footer: 'You receive this e-mail because this lesson was booked on Somesha.',
    sms: {
      path: input.path,
      text: (link) =>
        fitSms(
          (name) => `Somesha: ${name} moved to ${input.when}. Keep it or cancel for a full refund: ${link}`,
          input.lesson,
        ),
    },
  };
}

/** The SMS beside the reminder e-mail (reminder-service.ts): the join link, an hour before. */
export function lessonReminderSms(input: { lesson: string; time: string; path: string }) {
  return {
    path: input.path,
    text: (link: string) =>
      fitSms(
        (name) => `Somesha: ${name} starts at ${input.time}. Join from 15 min before: ${link}`,
        input.lesson,
      ),
  };
}

// ---- Teaching ----

/** The SMS beside the teacher's approval or decline e-mail (admin-approval-service.ts). */
export function teacherDecisionSms(approved: boolean, path: string) {
  return {
    path,
    text: (link: string) =>
      approved
        ? `Somesha: your teacher profile is approved. You can now publish lessons: ${link}`
        : `Somesha: your teacher profile was not approved. See why and update it: ${link}`,
  };
}
