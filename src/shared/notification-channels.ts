// Where a message to a user goes (issue 26, docs/messaging.md): the kinds a user chooses channels
// for, the defaults, quiet hours and the SMS rules, shared by the outbox, the settings form and the
// server's validation.

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/**
 * The kinds a user chooses channels for. In the app (the bell and the feed) is always on; `account`
 * messages (activation, password reset, phone codes) are not a choice and always go.
 */
export const NOTIFICATION_KINDS = ['lessons', 'payments', 'messages', 'teaching'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export type MessageKind = NotificationKind | 'account';

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  lessons: 'Lessons and reminders',
  payments: 'Payments and wallet',
  messages: 'Messages from teachers and learners',
  teaching: 'Teaching decisions',
};

export type NotificationSettings = Record<NotificationKind, Record<NotificationChannel, boolean>>;

/** What a user who never chose gets: e-mail for everything, SMS for what is urgent or about money. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  lessons: { email: true, sms: true },
  payments: { email: true, sms: true },
  messages: { email: true, sms: false },
  teaching: { email: true, sms: true },
};

/** A stored (possibly partial or older) settings object completed with the defaults. */
export function settingsWithDefaults(stored: unknown): NotificationSettings {
  const out = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  if (!stored || typeof stored !== 'object') return out;
  for (const kind of NOTIFICATION_KINDS) {
    const entry = (stored as Record<string, unknown>)[kind];
    if (!entry || typeof entry !== 'object') continue;
    for (const channel of NOTIFICATION_CHANNELS) {
      const value = (entry as Record<string, unknown>)[channel];
      if (typeof value === 'boolean') out[kind][channel] = value;
    }
  }
  return out;
}

/**
 * Why a message of this kind is not sent on this channel to this user now, or null to send. Checked by
 * the outbox at the moment of sending (the choice at that moment counts, not at writing).
 */
export function channelAllowed(
  kind: MessageKind,
  channel: NotificationChannel,
  settings: NotificationSettings,
) {
  if (kind === 'account') return true;
  return settings[kind][channel];
}

// ---- Quiet hours (Africa/Nairobi, UTC+3 all year: Kenya has no daylight saving) ----

const NAIROBI_OFFSET_MS = 3 * 3_600_000;
export const QUIET_FROM_HOUR = 21;
export const QUIET_UNTIL_HOUR = 7;

/** Purposes that go by SMS whatever the hour: a code the user is waiting for, a lesson about to start. */
export const QUIET_HOURS_EXEMPT = ['verification_code', 'lesson_reminder'] as const;

/** Whether `at` falls in quiet hours (21:00–07:00 in Nairobi). */
export function inQuietHours(at: Date): boolean {
  const hour = new Date(at.getTime() + NAIROBI_OFFSET_MS).getUTCHours();
  return hour >= QUIET_FROM_HOUR || hour < QUIET_UNTIL_HOUR;
}

/** When an SMS due at `at` may go: `at` itself, or the 07:00 (Nairobi) that ends its quiet hours. */
export function smsSendableAt(at: Date, purpose: string): Date {
  if ((QUIET_HOURS_EXEMPT as readonly string[]).includes(purpose) || !inQuietHours(at)) return at;
  const local = new Date(at.getTime() + NAIROBI_OFFSET_MS);
  const morning = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), QUIET_UNTIL_HOUR);
  const next = local.getUTCHours() >= QUIET_FROM_HOUR ? morning + 86_400_000 : morning;
  return new Date(next - NAIROBI_OFFSET_MS);
}

// ---- SMS text ----

/** GSM 03.38 basic character set (one septet each) and its extension table (two septets each). */
const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENDED = '^{}\\[~]|€\f';

/** Septets of `text` in GSM-7, or null when it needs UCS-2 (then an SMS holds 70 characters). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENDED.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** One SMS: 160 GSM-7 septets, or 70 UCS-2 characters. */
export function fitsOneSms(text: string): boolean {
  const septets = gsm7Length(text);
  return septets === null ? [...text].length <= 70 : septets <= 160;
}

/** Every SMS names the product. */
export const SMS_BRAND = 'Somesha';

// ---- Phone verification ----
export const PHONE_CODE_LENGTH = 6;
export const PHONE_CODE_TTL_MS = 10 * 60_000;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODES_PER_HOUR = 3;

// ---- Outbox ----
/** A message not sent within a day of being written is given up. */
export const OUTBOX_GIVE_UP_MS = 24 * 3_600_000;
/** A claim not finished after this is taken again (its process died between claim and send). */
export const OUTBOX_LEASE_MS = 2 * 60_000;
/** Back-off after the n-th temporary failure: 1, 2, 4 … minutes, at most an hour. */
export const outboxRetryDelayMs = (attempts: number) =>
  Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
