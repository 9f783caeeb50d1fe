// The outbox job (issue 26, docs/messaging.md "The outbox"): in every server process it claims due
// rows of `outbox_messages` (FOR UPDATE SKIP LOCKED, so two processes never take one row; a row left
// in `sending` longer than OUTBOX_LEASE_MS is taken again, so a process killed between claim and
// send loses nothing), decides at the moment of sending whether and when the message may go (the
// user's choices, a verified and not opted-out number, quiet hours), sends it through the Mailer or
// the SmsGateway, and records what the provider said. Time comes from `ctx.clock`.
import { and, asc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { notificationSettings, outboxMessages, smsOptOuts, users } from '../db/schema';
import type { Mailer } from '../gateways/mail/mailer';
import type { SmsGateway, SmsResult } from '../gateways/sms/sms-gateway';
import {
  channelAllowed,
  OUTBOX_GIVE_UP_MS,
  OUTBOX_LEASE_MS,
  outboxRetryDelayMs,
  settingsWithDefaults,
  smsSendableAt,
} from '../../src/shared/notification-channels';
import { normaliseKenyanPhone } from '../../src/shared/validation';
import { startIntervalJob } from './reminder-service';

export type OutboxContext = {
  db: Database;
  mailer: Mailer;
  /** None configured: SMS rows stay `queued` (not claimed) until a process with a gateway runs. */
  sms?: SmsGateway;
  /** The job's time (tests pass a fake one); default the system clock. */
  clock?: () => Date;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
};

export type OutboxRow = typeof outboxMessages.$inferSelect;

export type OutboxRun = {
  sent: number;
  /** Back to `queued`: a temporary failure (back-off) or quiet hours (until 07:00). */
  deferred: number;
  failed: number;
  skipped: number;
};

/** Purposes that go to a number the user is proving, so before it is verified. */
const UNVERIFIED_NUMBER_OK = ['verification_code'];

/**
 * Claims up to `batch` due rows at `now`: queued and due, or `sending` with a claim older than the
 * lease. One statement: the rows come back already `sending`, `attempts` counted.
 */
export async function claimDue(
  db: Database,
  now: Date,
  { batch = 20, leaseMs = OUTBOX_LEASE_MS, sms = true } = {},
): Promise<OutboxRow[]> {
  const due = or(
    and(eq(outboxMessages.status, 'queued'), lte(outboxMessages.notBefore, now)),
    and(
      eq(outboxMessages.status, 'sending'),
      lt(outboxMessages.claimedAt, new Date(now.getTime() - leaseMs)),
    ),
  ) as SQL;
  const ids = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(sms ? due : and(due, eq(outboxMessages.channel, 'email')))
    .orderBy(asc(outboxMessages.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({ status: 'sending', claimedAt: now, attempts: sql`${outboxMessages.attempts} + 1` })
    .where(inArray(outboxMessages.id, ids))
    .returning();
  // RETURNING keeps no order: oldest first, as written.
  return claimed.sort((a, b) => a.id - b.id);
}

/** Why this row must not go at all (`skipped` with this reason), or null. */
async function refusal(db: Database, row: OutboxRow): Promise<string | null> {
  if (row.userId === null || row.kind === 'account') {
    if (row.channel === 'sms' && row.userId === null) return 'no user for this SMS';
  } else {
    const [stored] = await db
      .select({ settings: notificationSettings.settings })
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, row.userId));
    if (!channelAllowed(row.kind, row.channel, settingsWithDefaults(stored?.settings)))
      return `${row.channel} for ${row.kind} turned off by the user`;
  }
  if (row.channel !== 'sms') return null;
  const to = normaliseKenyanPhone(row.to);
  if (!to) return 'not a Kenyan mobile number';
  if (!UNVERIFIED_NUMBER_OK.includes(row.purpose)) {
    const [user] = await db
      .select({ phone: users.phone, verifiedAt: users.phoneVerifiedAt })
      .from(users)
      .where(eq(users.id, row.userId ?? 0));
    if (!user?.verifiedAt || !user.phone || normaliseKenyanPhone(user.phone) !== to)
      return 'number not verified';
  }
  const [optedOut] = await db.select().from(smsOptOuts).where(eq(smsOptOuts.phone, to));
  return optedOut ? 'number opted out (STOP)' : null;
}

/** The provider's answer (an e-mail's provider id may be unknown). */
type Outcome =
  | { outcome: 'sent'; providerId: string | null; providerStatus: string; cost: string | null }
  | Exclude<SmsResult, { outcome: 'sent' }>;

/** Sends one row through its channel; a thrown error is a temporary failure (network, SMTP 4xx). */
async function deliver(ctx: OutboxContext, row: OutboxRow, sms: SmsGateway | undefined): Promise<Outcome> {
  try {
    if (row.channel === 'sms') {
      if (!sms)
        return { outcome: 'temporary', providerStatus: 'NoGateway', error: 'no SMS gateway configured' };
      return await sms.send({ to: normaliseKenyanPhone(row.to) ?? row.to, text: row.text });
    }
    const answer = await ctx.mailer.send({
      to: row.to,
      subject: row.subject ?? '',
      text: row.text,
      html: row.html ?? '',
    });
    return { outcome: 'sent', providerId: answer?.providerId ?? null, providerStatus: 'Sent', cost: null };
  } catch (error) {
    // SMTP answers 5xx for what no retry will fix (no such mailbox…); everything else may pass later.
    const code = (error as { responseCode?: unknown }).responseCode;
    const permanent = typeof code === 'number' && code >= 500 && code < 600;
    return {
      outcome: permanent ? 'permanent' : 'temporary',
      providerStatus: typeof code === 'number' ? String(code) : 'Error',
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

/** Updates the row only while it is still this claim's (a lease taken over by another run is theirs). */
async function settle(db: Database, row: OutboxRow, changes: Partial<OutboxRow>) {
  await db
    .update(outboxMessages)
    .set(changes)
    .where(
      and(
        eq(outboxMessages.id, row.id),
        eq(outboxMessages.status, 'sending'),
        eq(outboxMessages.claimedAt, row.claimedAt ?? new Date(0)),
      ),
    );
}

/** A message that will not go: one warning line for the operator (the row keeps the details). */
function failedLog(ctx: OutboxContext, row: OutboxRow, error: string) {
  ctx.log?.warn(
    { outboxId: row.id, channel: row.channel, purpose: row.purpose, attempts: row.attempts, error },
    'outbox message failed',
  );
}

/** Decides and sends one claimed row at `now`; returns what became of it. */
export async function processRow(ctx: OutboxContext, row: OutboxRow, now: Date): Promise<keyof OutboxRun> {
  if (now.getTime() - row.createdAt.getTime() > OUTBOX_GIVE_UP_MS) {
    await settle(ctx.db, row, { status: 'failed', lastError: row.lastError ?? 'given up after a day' });
    failedLog(ctx, row, `given up after a day: ${row.lastError ?? 'never sent'}`);
    return 'failed';
  }
  const refused = await refusal(ctx.db, row);
  if (refused) {
    await settle(ctx.db, row, { status: 'skipped', lastError: refused });
    return 'skipped';
  }
  if (row.channel === 'sms') {
    const sendable = smsSendableAt(now, row.purpose);
    if (sendable.getTime() > now.getTime()) {
      // Quiet hours are not an attempt: the back-off counts only real tries.
      await settle(ctx.db, row, { status: 'queued', notBefore: sendable, attempts: row.attempts - 1 });
      return 'deferred';
    }
  }
  const result = await deliver(ctx, row, ctx.sms);
  if (result.outcome === 'sent') {
    await settle(ctx.db, row, {
      status: 'sent',
      sentAt: now,
      providerId: result.providerId,
      providerStatus: result.providerStatus,
      cost: result.cost,
      lastError: null,
    });
    return 'sent';
  }
  if (result.outcome === 'permanent') {
    await settle(ctx.db, row, {
      status: 'failed',
      providerStatus: result.providerStatus,
      lastError: result.error,
    });
    failedLog(ctx, row, result.error);
    return 'failed';
  }
  await settle(ctx.db, row, {
    status: 'queued',
    notBefore: new Date(now.getTime() + outboxRetryDelayMs(row.attempts)),
    providerStatus: result.providerStatus,
    lastError: result.error,
  });
  return 'deferred';
}

/** One run at the clock's now: claims and processes batches until nothing due is left. */
export async function runOutbox(ctx: OutboxContext, { batch = 20, leaseMs = OUTBOX_LEASE_MS } = {}) {
  const run: OutboxRun = { sent: 0, deferred: 0, failed: 0, skipped: 0 };
  for (;;) {
    const now = ctx.clock?.() ?? new Date();
    const claimed = await claimDue(ctx.db, now, { batch, leaseMs, sms: !!ctx.sms });
    for (const row of claimed) {
      // Slow sends ate half the lease: hand the rest back rather than risk another process taking
      // (and sending) them while this run still might.
      if ((ctx.clock?.() ?? new Date()).getTime() - now.getTime() > leaseMs / 2) {
        await settle(ctx.db, row, { status: 'queued', attempts: row.attempts - 1 });
        continue;
      }
      try {
        run[await processRow(ctx, row, now)] += 1;
      } catch (error) {
        // Left `sending`: the lease hands it to a later run.
        ctx.log?.warn(
          { err: error, outboxId: row.id },
          'outbox message not processed; retried after the lease',
        );
      }
    }
    if (claimed.length < batch) return run;
  }
}

/** The job inside the server process: at start, then every `intervalMs`, one run at a time. */
export function startOutboxJob(ctx: OutboxContext, intervalMs: number) {
  return startIntervalJob(
    () => runOutbox(ctx),
    intervalMs,
    (error) => ctx.log?.error({ err: error }, 'outbox run failed'),
    // What was written while the server was down goes at once.
    { runAtStart: true },
  );
}
