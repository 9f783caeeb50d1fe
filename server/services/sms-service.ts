// SMS (issue 26, docs/messaging.md "sms"): what Africa's Talking tells the server (delivery reports,
// opt-outs) and the short app links SMS carry.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { outboxMessages, shortLinks, smsOptOuts } from '../db/schema';
import type { SmsDeliveryReport } from '../gateways/sms';
import { normaliseKenyanPhone } from '../../src/shared/validation';

/** Africa's Talking's final statuses; any other (`Sent`, `Submitted`, `Buffered`…) is kept as said. */
const FINAL_STATUS: Record<string, 'delivered' | 'failed'> = {
  Success: 'delivered',
  Failed: 'failed',
  Rejected: 'failed',
};

/**
 * Believed only for an SMS the server sent (channel `sms`, that `provider_id`, still `sent`) to the
 * number the report names; anything else changes nothing.
 */
export async function applyDeliveryReport(
  db: Database,
  report: Pick<SmsDeliveryReport, 'id' | 'status' | 'phoneNumber' | 'failureReason'>,
): Promise<boolean> {
  const [row] = await db
    .select({ id: outboxMessages.id, to: outboxMessages.to })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.channel, 'sms'),
        eq(outboxMessages.providerId, report.id),
        eq(outboxMessages.status, 'sent'),
      ),
    )
    .limit(1);
  if (!row) return false;
  if (normaliseKenyanPhone(report.phoneNumber) !== row.to) return false;
  const final = FINAL_STATUS[report.status];
  const updated = await db
    .update(outboxMessages)
    .set({
      providerStatus: report.status,
      ...(final ? { status: final } : {}),
      ...(final === 'failed' ? { lastError: report.failureReason || report.status } : {}),
    })
    .where(and(eq(outboxMessages.id, row.id), eq(outboxMessages.status, 'sent')))
    .returning({ id: outboxMessages.id });
  return updated.length > 0;
}

/** A number that replied STOP gets no SMS any more (the outbox checks `sms_opt_outs` at sending). */
export async function recordOptOut(db: Database, phoneNumber: string): Promise<boolean> {
  const phone = normaliseKenyanPhone(phoneNumber);
  if (!phone) return false;
  await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
  return true;
}

/** The path a short link's code stands for, or null. */
export async function shortLinkPath(db: Database, code: string): Promise<string | null> {
  const [link] = await db.select({ path: shortLinks.path }).from(shortLinks).where(eq(shortLinks.code, code));
  return link?.path ?? null;
}
