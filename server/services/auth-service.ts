// Sign-up, activation, sign-in, password reset and account details: the rules behind /api auth calls.
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { emailVerificationTokens, passwordResetTokens, users } from '../db/schema';
import { activationMail, existingAccountMail, passwordResetMail } from '../gateways/mail/templates';
import { HttpError, ValidationError, throwIfInvalid } from '../http/errors';
import { hashSecret, verifySecret } from '../security/password';
import { hashToken, randomToken } from '../security/tokens';
import { t } from '../../src/shared/messages';
import type { FieldErrors } from '../../src/shared/validation';
import { createAccount, type RoleName } from './account-service';
import { enqueueEmail } from './outbox-service';
import { mergeVisitorCart } from './cart-service';
import * as rateLimit from './rate-limit-service';
import { phoneVerifiedAtAfterSetting } from './phone-service';
import { destroyUserSessions, rotateSession, type Session } from './session-service';

const ACTIVATION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Activation mails a sign-in may send again: one per five minutes. */
const ACTIVATION_RESEND_LIMIT = { max: 1, windowSeconds: 5 * 60 } as const;
const RESET_LIFETIME_MS = 60 * 60 * 1000;

/**
 * Sign-in and sign-up limits (docs/api.md "Rate limits"). The account limit counts attempts on one
 * e-mail from every address, so spreading guesses over many IPs does not help; it is keyed on the
 * address as typed (normalised), whether or not such an account exists, so the lockout answer
 * never tells which e-mails are registered.
 */
export const LOGIN_LIMITS = {
  perAddress: { max: 5, windowSeconds: 60 },
  perAccount: { max: 10, windowSeconds: 15 * 60 },
} as const;
const REGISTER_LIMITS = {
  perIp: { max: 10, windowSeconds: 15 * 60 },
  perEmail: { max: 3, windowSeconds: 60 * 60 },
  /** Notices to the owner of an address someone signs up with: repeated tries cannot flood them. */
  ownerNotice: { max: 1, windowSeconds: 60 * 60 },
} as const;

export type Registration = {
  firstName: string;
  lastName: string;
  username: string;
  email: string;
  phone: string;
  password: string;
  role: Exclude<RoleName, 'admin'>;
};

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * One counter per account for every guess at its password: sign-in and the current password of a
 * password change both spend it, so the two together allow `LOGIN_LIMITS.perAccount` guesses.
 */
const accountLimitKey = (email: string) => `login-account:${email}`;

/**
 * Usernames are public (profiles, answers), so saying one is taken reveals nothing; whether an
 * e-mail has an account is never said (see `register`).
 */
async function usernameErrors(db: Database, username: string, exceptUserId?: number) {
  const errors: FieldErrors = {};
  const notSelf = exceptUserId ? ne(users.id, exceptUserId) : undefined;
  const [byUsername] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.username}) = ${username.toLowerCase()}`, notSelf));
  if (byUsername) errors.username = [t('validation.usernameTaken')];
  return errors;
}

/** The unique constraint a write lost to a concurrent request, if that is why it failed. */
function violatedConstraint(error: unknown): string | null {
  const cause = (error as { cause?: unknown })?.cause ?? error;
  const { code, constraint } = (cause ?? {}) as { code?: string; constraint?: string };
  return code === '23505' ? (constraint ?? '') : null;
}

/** Maps a lost username race onto the field, as the check before the write would have. */
function usernameViolation(error: unknown): ValidationError | null {
  return violatedConstraint(error)?.includes('username')
    ? ValidationError.field('username', t('validation.usernameTaken'))
    : null;
}

async function sendActivation(
  ctx: AppContext,
  user: { id: number; email: string | null; firstName: string },
  db: Database = ctx.db,
) {
  if (!user.email) return;
  const token = randomToken();
  await db.insert(emailVerificationTokens).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ACTIVATION_LIFETIME_MS),
  });
  const url = `${ctx.config.appUrl}/api/email/verify/${token}`;
  await enqueueEmail(db, {
    kind: 'account',
    purpose: 'activation',
    userId: user.id,
    ...activationMail(user.email, user.firstName, url),
  });
}

/**
 * Someone signed up with the address of an existing account: its owner hears of it (at most once
 * per `REGISTER_LIMITS.ownerNotice` window) and the account is left as it is.
 */
async function noticeOwner(ctx: AppContext, email: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owner] = await tx.select({ firstName: users.firstName }).from(users).where(eq(users.email, email));
    if (!owner) return;
    const notice = { key: `register-notice:${email}`, ...REGISTER_LIMITS.ownerNotice };
    if (!(await rateLimit.allow(tx, notice))) return;
    const links = {
      signIn: `${ctx.config.appUrl}/sign-in`,
      resetPassword: `${ctx.config.appUrl}/forgot-password`,
    };
    await enqueueEmail(tx, {
      kind: 'account',
      purpose: 'existing_account',
      // Written for the address, as the schema says: the sign-up was not the owner's doing.
      userId: null,
      ...existingAccountMail(email, owner.firstName, links),
    });
  });
}

/**
 * Answers the same whether or not the address has an account (OWASP: no account enumeration), after
 * the same work: the password is hashed and a mail is written on both paths; the new address gets
 * an account and an activation mail, an existing one a notice to its owner (docs/api.md).
 */
export async function register(ctx: AppContext, input: Registration, ip: string): Promise<void> {
  const email = normaliseEmail(input.email);
  await rateLimit.hit(ctx.db, { key: `register-ip:${ip}`, ...REGISTER_LIMITS.perIp });
  await rateLimit.hit(ctx.db, { key: `register:${email}`, ...REGISTER_LIMITS.perEmail });
  throwIfInvalid(await usernameErrors(ctx.db, input.username));
  const passwordHash = await hashSecret(input.password);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (existing) return noticeOwner(ctx, email);
  try {
    await ctx.db.transaction(async (tx) => {
      const { userId } = await createAccount(tx, {
        firstName: input.firstName,
        lastName: input.lastName,
        username: input.username,
        email,
        phone: input.phone,
        passwordHash,
        status: 'inactive',
        role: input.role,
      });
      await sendActivation(ctx, { id: userId, email, firstName: input.firstName }, tx);
    });
  } catch (error) {
    // A concurrent sign-up took the address first: from here on it is an existing account.
    if (violatedConstraint(error)?.includes('email')) return noticeOwner(ctx, email);
    throw usernameViolation(error) ?? error;
  }
}

/** Follows an activation link; false when the link is unknown, used or expired. */
export async function verifyEmail(ctx: AppContext, token: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, hashToken(token)),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!row) return false;
    await tx
      .update(users)
      .set({ status: 'active', emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, row.userId), eq(users.status, 'inactive')));
    // Older links of the same account stop working too.
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(emailVerificationTokens.userId, row.userId), isNull(emailVerificationTokens.usedAt)));
    return true;
  });
}

export type LoginResult = { token: string; session: Session; previousId: string | null; userId: number };

export async function login(
  ctx: AppContext,
  input: { email: string; password: string; remember: boolean },
  current: Session | null,
  ip: string,
): Promise<LoginResult> {
  const email = normaliseEmail(input.email);
  const limitKey = `login:${email}|${ip}`;
  const accountKey = accountLimitKey(email);
  await rateLimit.hit(ctx.db, { key: limitKey, ...LOGIN_LIMITS.perAddress });
  await rateLimit.hit(ctx.db, { key: accountKey, ...LOGIN_LIMITS.perAccount });

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifySecret(input.password, user?.passwordHash);
  if (!user || !passwordOk || user.status === 'suspended') {
    throw ValidationError.field('email', t('auth.invalidCredentials'));
  }
  if (user.status === 'inactive') {
    // The answer says a new mail was sent, so one is, at most once per resend window; the mail is
    // written in the transaction that spends the limit.
    const sent = await ctx.db.transaction(async (tx) => {
      const resend = { key: `activation-resend:${user.id}`, ...ACTIVATION_RESEND_LIMIT };
      if (!(await rateLimit.allow(tx, resend))) return false;
      await sendActivation(ctx, user, tx);
      return true;
    });
    if (!sent) throw ValidationError.field('email', t('honest.activationRecent'));
    throw ValidationError.field('email', t('auth.notActivated'));
  }

  await rateLimit.clear(ctx.db, limitKey);
  await rateLimit.clear(ctx.db, accountKey);
  const rotated = await rotateSession(ctx.db, current, user.id, input.remember);
  // The visitor's cart followed the re-keyed session row; now it joins the user's cart.
  await mergeVisitorCart(ctx.db, rotated.session.id, user.id);
  return { ...rotated, userId: user.id };
}

export async function forgotPassword(ctx: AppContext, rawEmail: string, ip: string): Promise<void> {
  const email = normaliseEmail(rawEmail);
  await rateLimit.hit(ctx.db, { key: `forgot-ip:${ip}`, max: 20, windowSeconds: 3600 });
  await rateLimit.hit(ctx.db, { key: `forgot:${email}|${ip}`, max: 3, windowSeconds: 900 });
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (!user || user.status === 'suspended') return;
  const token = randomToken();
  const url = `${ctx.config.appUrl}/password-reset/${token}?email=${encodeURIComponent(email)}`;
  // The mail exists exactly when the token does.
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
    });
    await enqueueEmail(tx, {
      kind: 'account',
      purpose: 'password_reset',
      userId: user.id,
      ...passwordResetMail(email, user.firstName, url),
    });
  });
}

export async function resetPassword(
  ctx: AppContext,
  input: { token: string; email: string; password: string },
) {
  const email = normaliseEmail(input.email);
  const passwordHash = await hashSecret(input.password);
  const done = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ tokenId: passwordResetTokens.id, userId: users.id })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(input.token)),
          eq(users.email, email),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .for('update');
    if (!row) return null;
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, row.userId));
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    return row.userId;
  });
  if (done === null) throw ValidationError.field('email', t('auth.resetLinkInvalid'));
  // Whoever knew the old password is signed out everywhere.
  await destroyUserSessions(ctx.db, done);
}

export type UserInfo = {
  firstName: string;
  lastName: string;
  username: string;
  phone: string;
  gender: 'male' | 'female' | 'other' | null;
  dob: string | null;
};

export async function updateUserInfo(ctx: AppContext, userId: number, info: UserInfo): Promise<void> {
  throwIfInvalid(await usernameErrors(ctx.db, info.username, userId));
  try {
    await ctx.db
      .update(users)
      .set({ ...info, phoneVerifiedAt: phoneVerifiedAtAfterSetting(info.phone), updatedAt: new Date() })
      .where(eq(users.id, userId));
  } catch (error) {
    throw usernameViolation(error) ?? error;
  }
}

export async function changePassword(
  ctx: AppContext,
  userId: number,
  input: { currentPassword: string; password: string },
  keepSessionId: string,
): Promise<void> {
  const [user] = await ctx.db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new HttpError(404, t('messages.notFound'));
  // A stolen session must not become an unlimited password oracle: counted per account, whatever
  // the session or address, before the check (so even the right password waits out a lockout).
  const accountKey = accountLimitKey(user.email ?? `user#${userId}`);
  await rateLimit.hit(ctx.db, { key: accountKey, ...LOGIN_LIMITS.perAccount });
  if (!(await verifySecret(input.currentPassword, user.passwordHash))) {
    throw ValidationError.field('current_password', t('validation.currentPassword'));
  }
  await rateLimit.clear(ctx.db, accountKey);
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashSecret(input.password), updatedAt: new Date() })
    .where(eq(users.id, userId));
  await destroyUserSessions(ctx.db, userId, keepSessionId);
}
