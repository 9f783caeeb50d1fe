// Verified phones and notification choices (issue 26, docs/messaging.md "Phones and choices").
// A code is 6 random digits, stored only as a scrypt hash, sent as a `verification_code` SMS written
// to the outbox in the transaction that stores it (so a code the user cannot receive is never kept,
// and one that is kept is always sent). The user's row is locked while codes are counted, so parallel
// sends cannot pass the hourly limit; a try is counted under a lock of the code's row.
import { randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { notificationSettings, phoneVerifications, users } from '../db/schema';
import { HttpError, notFound, ValidationError } from '../http/errors';
import { hashSecret, verifySecret } from '../security/password';
import { enqueueSms } from './outbox-service';
import { t } from '../../src/shared/messages';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MS,
  PHONE_CODES_PER_HOUR,
  settingsWithDefaults,
  type NotificationSettings,
} from '../../src/shared/notification-channels';

const HOUR_MS = 3_600_000;

/**
 * For an update that sets `users.phone`: the number stays verified only when it is unchanged (a new
 * number must be proved again). Used by every update of the profile's phone.
 */
export const phoneVerifiedAtAfterSetting = (phone: string) =>
  sql<Date | null>`CASE WHEN ${users.phone} = ${phone} THEN ${users.phoneVerifiedAt} ELSE NULL END`;

/** A fresh code from the CSPRNG, zero-padded (`000123` is as likely as any other). */
function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

/**
 * `POST /api/user/phone/verify/send`: a new code for `phone` (already `2547…`) by SMS. The fourth
 * code within an hour is a 429 naming the minutes until the oldest of the hour's codes is an hour old.
 */
export async function sendPhoneCode(
  ctx: AppContext,
  userId: number,
  phone: string,
  now: Date = new Date(),
): Promise<void> {
  const code = newCode();
  const codeHash = await hashSecret(code);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw notFound();
    const recent = await tx
      .select({ createdAt: phoneVerifications.createdAt })
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          gt(phoneVerifications.createdAt, new Date(now.getTime() - HOUR_MS)),
        ),
      )
      .orderBy(desc(phoneVerifications.createdAt))
      .limit(PHONE_CODES_PER_HOUR);
    if (recent.length >= PHONE_CODES_PER_HOUR) {
      const oldest = recent[recent.length - 1]?.createdAt ?? now;
      const seconds = Math.max(1, Math.ceil((oldest.getTime() + HOUR_MS - now.getTime()) / 1000));
      throw new HttpError(
        429,
        t('phone.tooManyCodes', { max: PHONE_CODES_PER_HOUR, minutes: Math.ceil(seconds / 60) }),
        { 'Retry-After': String(seconds) },
      );
    }
    await tx.insert(phoneVerifications).values({
      userId,
      phone,
      codeHash,
      expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
      createdAt: now,
    });
    await enqueueSms(tx, {
      kind: 'account',
      purpose: 'verification_code',
      userId,
      to: phone,
      text: t('phone.codeSms', { code, minutes: PHONE_CODE_TTL_MS / 60_000 }),
    });
  });
}

type Verdict = { ok: true } | { ok: false; message: string };

/**
 * `POST /api/user/phone/verify`: the newest unused code sent to `phone` for this user. Right: the
 * user's phone becomes `phone`, verified now. Wrong: one try used (kept, though the answer is a 422);
 * after `PHONE_CODE_MAX_TRIES` wrong tries, or once expired, the code is dead.
 */
export async function verifyPhoneCode(
  ctx: AppContext,
  userId: number,
  input: { phone: string; code: string },
  now: Date = new Date(),
): Promise<void> {
  const verdict = await ctx.db.transaction(async (tx): Promise<Verdict> => {
    const [row] = await tx
      .select()
      .from(phoneVerifications)
      .where(
        and(
          eq(phoneVerifications.userId, userId),
          eq(phoneVerifications.phone, input.phone),
          isNull(phoneVerifications.verifiedAt),
        ),
      )
      .orderBy(desc(phoneVerifications.id))
      .limit(1)
      .for('update');
    if (!row) return { ok: false, message: t('phone.noCode') };
    if (row.tries >= PHONE_CODE_MAX_TRIES) return { ok: false, message: t('phone.deadCode') };
    if (row.expiresAt.getTime() <= now.getTime()) return { ok: false, message: t('phone.expiredCode') };
    if (!(await verifySecret(input.code, row.codeHash))) {
      const tries = row.tries + 1;
      await tx.update(phoneVerifications).set({ tries }).where(eq(phoneVerifications.id, row.id));
      const left = PHONE_CODE_MAX_TRIES - tries;
      return { ok: false, message: left > 0 ? t('phone.wrongCode', { left }) : t('phone.lastTry') };
    }
    await tx.update(phoneVerifications).set({ verifiedAt: now }).where(eq(phoneVerifications.id, row.id));
    await tx
      .update(users)
      .set({ phone: input.phone, phoneVerifiedAt: now, updatedAt: now })
      .where(eq(users.id, userId));
    return { ok: true };
  });
  // Thrown after the commit: a wrong try counts even though the answer is an error.
  if (!verdict.ok) throw ValidationError.field('code', verdict.message);
}

/** The user's channel choices (defaults where they never chose) with the phone they would go to. */
export async function notificationSettingsOf(ctx: AppContext, userId: number) {
  const [user] = await ctx.db
    .select({ phone: users.phone, phoneVerifiedAt: users.phoneVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw notFound();
  const [row] = await ctx.db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return {
    settings: settingsWithDefaults(row?.settings),
    phone: user.phone,
    phoneVerified: user.phoneVerifiedAt !== null,
  };
}

/** A partial choice (only known kinds and channels, booleans: the route checks) over the current one. */
export type SettingsChange = Partial<
  Record<
    (typeof NOTIFICATION_KINDS)[number],
    Partial<Record<(typeof NOTIFICATION_CHANNELS)[number], boolean>>
  >
>;

export async function saveNotificationSettings(ctx: AppContext, userId: number, change: SettingsChange) {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for('update');
    const settings: NotificationSettings = settingsWithDefaults(row?.settings);
    for (const kind of NOTIFICATION_KINDS)
      for (const channel of NOTIFICATION_CHANNELS) {
        const value = change[kind]?.[channel];
        if (typeof value === 'boolean') settings[kind][channel] = value;
      }
    await tx
      .insert(notificationSettings)
      .values({ userId, settings })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { settings, updatedAt: new Date() } });
  });
  return notificationSettingsOf(ctx, userId);
}
