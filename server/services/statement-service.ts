// A teacher's monthly statement (issue 23, docs/withdrawals.md "Statements"): every line of the month
// that moved the wallet's balance, in Nairobi time, with the running balance. What a line does to the
// balance is the money audit's own LEDGER_EFFECT, so opening + the month's lines = closing, the
// closing of one month is the opening of the next, and this month's closing is the wallet's balance
// whenever the audit finds the ledger clean.
import { eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../db/client';
import { wallets } from '../db/schema';
import { notFound } from '../http/errors';
import { centsToDecimal } from '../resources/money';
import { LEDGER_EFFECT } from './money-audit-service';
import { t } from '../../src/shared/messages';

/** Nairobi is UTC+3 all year (no daylight saving). */
const NAIROBI_OFFSET_MS = 3 * 60 * 60 * 1000;

/**
 * When a line moved the balance: a withdrawal when it was requested (the hold), every other line
 * when it completed. Each counted line falls in exactly one month, and a month already past keeps
 * its lines (a withdrawal that fails later is a new line, its reversal, in the month it failed).
 */
const LEDGER_AT = sql.raw(
  `case when t.type = 'withdrawal' then t.initiated_at else coalesce(t.completed_at, t.initiated_at) end`,
);

export type StatementLine = {
  id: number;
  /** The instant (ISO); the CSV shows it as a Nairobi date and time. */
  date: string;
  kind: string;
  status: string;
  reference: string;
  description: string;
  lesson_code: string | null;
  /** An earning's takings: its seats' gross (seat-gross.ts: plan seats at the list price). */
  gross: string | null;
  /** An earning's commission: the platform's share of the takings. */
  commission: string | null;
  /** What the line did to the balance (an earning's net pay; negative for money out). */
  net: string;
  /** M-Pesa's receipt (withdrawals, top-ups). */
  receipt: string | null;
  /** The balance after the line. */
  balance: string;
};

export type StatementTotals = {
  gross: string;
  commission: string;
  earnings: string;
  refunds: string;
  topups: string;
  payments: string;
  withdrawals: string;
  reversals: string;
  /** closing − opening: the sum of every line's `net`. */
  change: string;
};

export type Statement = {
  month: string;
  currency: 'KES';
  opening_balance: string;
  closing_balance: string;
  lines: StatementLine[];
  totals: StatementTotals;
};

/** The instants a Nairobi month `YYYY-MM` runs from (inclusive) and to (exclusive). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(year, monthNo - 1, 1) - NAIROBI_OFFSET_MS),
    to: new Date(Date.UTC(year, monthNo, 1) - NAIROBI_OFFSET_MS),
  };
}

/** `2026-03-05 14:07`: the instant on Nairobi's clock. */
export function nairobiDateTime(instant: Date): string {
  return new Date(instant.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

type Row = Record<string, unknown>;

async function rows(db: Database | Transaction, query: ReturnType<typeof sql>): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

const metaText = (meta: Record<string, unknown>, key: string): string | null =>
  typeof meta[key] === 'string' && (meta[key] as string).trim() ? (meta[key] as string) : null;
const metaCents = (meta: Record<string, unknown>, key: string): number => {
  const value = Number(meta[key]);
  return Number.isFinite(value) ? value : 0;
};

function describe(kind: string, status: string, meta: Record<string, unknown>): string {
  switch (kind) {
    case 'earning':
      return t('desk.lineEarning', {
        lesson: metaText(meta, 'lesson_code') ?? '',
        learners: metaCents(meta, 'learners'),
      });
    case 'refund':
      return metaText(meta, 'result_desc') ?? t('desk.lineRefund');
    case 'withdrawal':
    case 'payout':
      return status === 'completed'
        ? t('desk.lineWithdrawal')
        : t('desk.lineWithdrawalStatus', { status: status.replace('_', ' ') });
    case 'withdrawal_reversal':
      return metaText(meta, 'result_desc') ?? t('desk.lineReversal');
    case 'payment':
      return t('desk.linePayment');
    case 'topup':
      return t('desk.lineTopup');
    default:
      return kind;
  }
}

/**
 * The statement of `month` (`YYYY-MM`, already checked with `statementMonthError`) for the wallet of
 * `userId`: every line whose ledger effect is not 0, oldest first.
 */
export async function monthlyStatement(db: Database, userId: number, month: string): Promise<Statement> {
  const [wallet] = await db.select({ id: wallets.id }).from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw notFound();
  const { from, to } = monthBounds(month);
  // One snapshot: a line committed between the two reads must not be in one and not the other.
  const { opening, lines } = await db.transaction(
    async (tx) => {
      const start = sql`${from.toISOString()}::timestamptz`;
      const end = sql`${to.toISOString()}::timestamptz`;
      const [before] = await rows(
        tx,
        sql`select coalesce(sum(${LEDGER_EFFECT}), 0)::bigint as cents
          from transactions t where t.wallet_id = ${wallet.id} and ${LEDGER_AT} < ${start}`,
      );
      const during = await rows(
        tx,
        sql`select t.id, t.type, t.status, t.reference, t.gateway_receipt, t.meta,
            ${LEDGER_AT} as at, ${LEDGER_EFFECT} as effect
          from transactions t
          where t.wallet_id = ${wallet.id} and ${LEDGER_EFFECT} <> 0
            and ${LEDGER_AT} >= ${start} and ${LEDGER_AT} < ${end}
          order by ${LEDGER_AT}, t.id`,
      );
      return { opening: Number(before?.cents ?? 0), lines: during };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );

  let balance = opening;
  const sums = {
    gross: 0,
    commission: 0,
    earnings: 0,
    refunds: 0,
    topups: 0,
    payments: 0,
    withdrawals: 0,
    reversals: 0,
  };
  const statementLines = lines.map((row): StatementLine => {
    const kind = String(row.type);
    const status = String(row.status);
    const meta = (row.meta ?? {}) as Record<string, unknown>;
    const effect = Number(row.effect);
    balance += effect;
    const earning = kind === 'earning';
    if (earning) {
      sums.gross += metaCents(meta, 'gross_cents');
      sums.commission += metaCents(meta, 'commission_cents');
      sums.earnings += effect;
    } else if (kind === 'refund') sums.refunds += effect;
    else if (kind === 'topup') sums.topups += effect;
    else if (kind === 'payment') sums.payments -= effect;
    else if (kind === 'withdrawal' || kind === 'payout') sums.withdrawals -= effect;
    else if (kind === 'withdrawal_reversal') sums.reversals += effect;
    const at = row.at instanceof Date ? row.at : new Date(String(row.at));
    return {
      id: Number(row.id),
      date: at.toISOString(),
      kind,
      status,
      reference: String(row.reference),
      description: describe(kind, status, meta),
      lesson_code: metaText(meta, 'lesson_code'),
      gross: earning ? centsToDecimal(metaCents(meta, 'gross_cents')) : null,
      commission: earning ? centsToDecimal(metaCents(meta, 'commission_cents')) : null,
      net: centsToDecimal(effect),
      receipt: typeof row.gateway_receipt === 'string' ? row.gateway_receipt : null,
      balance: centsToDecimal(balance),
    };
  });
  return {
    month,
    currency: 'KES',
    opening_balance: centsToDecimal(opening),
    closing_balance: centsToDecimal(balance),
    lines: statementLines,
    totals: {
      gross: centsToDecimal(sums.gross),
      commission: centsToDecimal(sums.commission),
      earnings: centsToDecimal(sums.earnings),
      refunds: centsToDecimal(sums.refunds),
      topups: centsToDecimal(sums.topups),
      payments: centsToDecimal(sums.payments),
      withdrawals: centsToDecimal(sums.withdrawals),
      reversals: centsToDecimal(sums.reversals),
      change: centsToDecimal(balance - opening),
    },
  };
}

// ---- CSV ----

/** `somesha-statement-2026-03.csv` */
export const statementFileName = (month: string) => `somesha-statement-${month}.csv`;

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote, a line break or edge spaces, its
 * quotes doubled. A text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is
 * prefixed with `'`; amounts are never text, so `-1500.00` stays a number.
 */
export function csvField(value: string | null, { text = true } = {}): string {
  let field = value ?? '';
  if (text && /^[=+\-@\t\r]/.test(field)) field = `'${field}`;
  return /[",\r\n]|^\s|\s$/.test(field) ? `"${field.replace(/"/g, '""')}"` : field;
}

/**
 * The statement as CSV: a header, the opening balance, one row per line, the closing balance. UTF-8
 * with a byte-order mark (so spreadsheets read names right), CRLF line ends, amounts as decimals.
 */
export function statementCsv(statement: Statement): string {
  const header = [
    t('desk.csvDate'),
    t('desk.csvKind'),
    t('desk.csvDescription'),
    t('desk.csvLesson'),
    t('desk.csvReference'),
    t('desk.csvGross'),
    t('desk.csvCommission'),
    t('desk.csvNet'),
    t('desk.csvReceipt'),
    t('desk.csvBalance'),
  ];
  const amount = (value: string | null) => csvField(value, { text: false });
  const row = (fields: string[]) => fields.join(',');
  // The balances' rows name no date: the opening is the month's start, the closing its end (or now).
  const edge = (label: string, balance: string) =>
    row(['', '', csvField(label), '', '', '', '', '', '', amount(balance)]);
  const body = [
    row(header.map((name) => csvField(name))),
    edge(t('desk.csvOpening'), statement.opening_balance),
    ...statement.lines.map((line) =>
      row([
        csvField(nairobiDateTime(new Date(line.date))),
        csvField(line.kind),
        csvField(line.description),
        csvField(line.lesson_code),
        csvField(line.reference),
        amount(line.gross),
        amount(line.commission),
        amount(line.net),
        csvField(line.receipt),
        amount(line.balance),
      ]),
    ),
    edge(t('desk.csvClosing'), statement.closing_balance),
  ];
  return `\uFEFF${body.join('\r\n')}\r\n`;
}
