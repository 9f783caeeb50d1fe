// Shared by the money desk's server tests (docs/withdrawals.md): ledger lines written straight into
// the database the way the services write them (the line and the balance it explains, together), so
// the money audit stays clean; a gateway payment or a withdrawal waiting for review; Nairobi months.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { transactions, wallets } from '../../../server/db/schema';
import { LEDGER_EFFECT } from '../../../server/services/money-audit-service';
import type { TestServer } from '../support/test-server';

type Line = typeof transactions.$inferInsert;

const NAIROBI_MS = 3 * 60 * 60 * 1000;

/** `YYYY-MM` of the Nairobi month `back` months before this one. */
export function monthAgo(back: number, now = new Date()): string {
  const nairobi = new Date(now.getTime() + NAIROBI_MS);
  const first = new Date(Date.UTC(nairobi.getUTCFullYear(), nairobi.getUTCMonth() - back, 1));
  return `${first.getUTCFullYear()}-${String(first.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The instant a Nairobi wall clock shows `day hour:minute` in `month`. */
export function nairobiAt(month: string, day: number, hour = 12, minute = 0, second = 0): Date {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, monthNo - 1, day, hour, minute, second) - NAIROBI_MS);
}

export async function walletOf(server: TestServer, userId: number) {
  const [wallet] = await server.db.select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw new Error(`No wallet for user ${userId}`);
  return wallet;
}

export const randomReceipt = () => `T${randomBytes(5).toString('hex').toUpperCase().slice(0, 9)}`;

/**
 * A ledger line of `userId`'s wallet, written with the balance it explains (what the line does to
 * the balance is the audit's LEDGER_EFFECT, as for every service that writes one).
 */
export async function ledgerLine(
  server: TestServer,
  userId: number,
  line: Omit<Line, 'reference' | 'userId' | 'walletId' | 'gateway'> & {
    reference?: string;
    gateway?: Line['gateway'];
    at: Date;
  },
) {
  const wallet = await walletOf(server, userId);
  const { at, ...values } = line;
  return server.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(transactions)
      .values({
        reference: `TST-${randomBytes(6).toString('hex').toUpperCase()}`,
        gateway: 'wallet',
        status: 'completed',
        initiatedAt: at,
        completedAt: (line.status ?? 'completed') === 'completed' ? at : null,
        ...values,
        userId,
        walletId: wallet.id,
      })
      .returning();
    if (!row) throw new Error('Ledger line not stored');
    await tx.execute(
      sql`update wallets set balance_cents = balance_cents + (
          select ${LEDGER_EFFECT} from transactions t where t.id = ${row.id})
        where id = ${wallet.id}`,
    );
    return row;
  });
}

/** A lesson's earning as the earnings job writes it (net = gross − commission). */
export function earning(at: Date, lessonCode: string, grossCents: number, commissionCents: number) {
  return {
    type: 'earning' as const,
    amountCents: grossCents - commissionCents,
    at,
    meta: {
      result_desc: `You earned for ${lessonCode}.`,
      lesson_id: 1,
      lesson_code: lessonCode,
      learners: 2,
      gross_cents: grossCents,
      commission_cents: commissionCents,
      commission_percent: Math.round((commissionCents * 100) / grossCents),
    },
  };
}

/** A gateway payment the server left for staff: no money moved (as settlement leaves one). */
export async function paymentInReview(server: TestServer, values: Partial<Line> & { userId: number | null }) {
  const wallet = values.userId === null ? null : await walletOf(server, values.userId);
  const [row] = await server.db
    .insert(transactions)
    .values({
      type: 'topup',
      amountCents: 150_000,
      reference: `PAY-${randomBytes(6).toString('hex').toUpperCase()}`,
      status: 'needs_review',
      gateway: 'paybill',
      gatewayReceipt: randomReceipt(),
      claimedAmountCents: 150_000,
      meta: { review_reason: 'The status query confirmed another amount.' },
      walletId: wallet?.id ?? null,
      ...values,
    })
    .returning();
  if (!row) throw new Error('Payment not stored');
  return row;
}
