// Issue 23 (docs/withdrawals.md): a withdrawal as the wallet lists it, a teacher's monthly statement,
// and the admin money desk's withdrawals, commission and audit trail.
import { array, defaulted, number, record, string, type, unknown, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money, oneOf } from './common';
import { TRANSACTION_STATUSES } from '@/shared/transactions';

/** `GET /api/wallet/withdrawals`: a `withdrawal` transaction with M-Pesa's receipt or reason. */
export const WithdrawalStruct = type({
  id,
  amount: maybe(money),
  fee: maybe(money),
  status: oneOf(TRANSACTION_STATUSES),
  reference: maybe(string()),
  receipt: maybe(string()),
  reason: maybe(string()),
  initiatedAt: maybe(string()),
  completedAt: maybe(string()),
  user: maybe(type({ id, email: maybe(string()), firstName: maybe(string()), lastName: maybe(string()) })),
  withdrawalNo: maybe(string()),
  // The transaction resource (`GET /api/wallet/transaction/show/{id}`) may carry them here instead.
  gatewayReceipt: maybe(string()),
  meta: maybe(record(string(), unknown())),
});
export type Withdrawal = Infer<typeof WithdrawalStruct>;

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);

/** M-Pesa's receipt and reason wherever the answer put them (`receipt`, `gateway_receipt`, `meta`). */
export function decodeWithdrawal(raw: unknown): Withdrawal {
  const wire = decodeWith(WithdrawalStruct, raw);
  return {
    ...wire,
    receipt: wire.receipt ?? wire.gatewayReceipt ?? text(wire.meta?.receipt) ?? text(wire.meta?.mpesaReceipt),
    reason: wire.reason ?? text(wire.meta?.resultDesc) ?? text(wire.meta?.reason),
  };
}

export const StatementLineStruct = type({
  date: string(),
  kind: string(),
  description: maybe(string()),
  lessonCode: maybe(string()),
  gross: maybe(money),
  commission: maybe(money),
  net: maybe(money),
  receipt: maybe(string()),
  balance: maybe(money),
});
export type StatementLine = Infer<typeof StatementLineStruct>;

export const StatementStruct = type({
  month: string(),
  openingBalance: money,
  closingBalance: money,
  lines: defaulted(array(StatementLineStruct), []),
  totals: defaulted(
    type({
      gross: maybe(money),
      commission: maybe(money),
      net: maybe(money),
      withdrawals: maybe(money),
    }),
    {},
  ),
});
export type Statement = Infer<typeof StatementStruct>;
export const decodeStatement = (raw: unknown): Statement => decodeWith(StatementStruct, raw);

/** `GET /api/admin/money`: the platform's commission by month and what waits for review. */
export const MoneySummaryStruct = type({
  commissionByMonth: defaulted(array(type({ month: string(), commission: money, lessons: number() })), []),
  needsReview: defaulted(type({ payments: defaulted(number(), 0), withdrawals: defaulted(number(), 0) }), {}),
});
export type MoneySummary = Infer<typeof MoneySummaryStruct>;
export const decodeMoneySummary = (raw: unknown): MoneySummary => decodeWith(MoneySummaryStruct, raw);

/** One entry of a transaction's audit trail: who did what, when and why. */
export const AuditEntryStruct = type({
  action: string(),
  remark: maybe(string()),
  actor: maybe(type({ id: maybe(id), name: maybe(string()), email: maybe(string()) })),
  createdAt: maybe(string()),
});
export type AuditEntry = Infer<typeof AuditEntryStruct>;
