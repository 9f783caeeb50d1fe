// A wallet ledger entry (CONTRACT.md "Transaction"). Payments by M-Pesa and Pesapal answer with one
// in status `pending`; the SPA follows it until it is final.
import { enums, record, string, type, unknown, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money } from './common';
import { PersonStruct } from './user';
import { WalletStruct, toWallet, type Wallet } from './wallet';
import {
  TRANSACTION_STATUSES,
  TRANSACTION_TYPES,
  transactionFailureReason,
  type TransactionStatus,
} from '@/shared/transactions';

export { TRANSACTION_STATUSES, TRANSACTION_TYPES, transactionFailureReason, type TransactionStatus };

export const TransactionStruct = type({
  id,
  userId: maybe(id),
  user: maybe(PersonStruct),
  walletId: maybe(id),
  wallet: maybe(WalletStruct),
  type: maybe(enums(TRANSACTION_TYPES)),
  amount: maybe(money),
  reference: maybe(string()),
  status: enums(TRANSACTION_STATUSES),
  relatedTransaction: maybe(unknown()),
  // Keys arrive renamed like everything else: the gateway's `result_desc` reads as `resultDesc`.
  meta: maybe(record(string(), unknown())),
  initiatedAt: maybe(string()),
  completedAt: maybe(string()),
  receiptSentAt: maybe(string()),
});
type TransactionWire = Infer<typeof TransactionStruct>;

export type Transaction = Omit<TransactionWire, 'wallet'> & { wallet: Wallet | null };

export function toTransaction(wire: TransactionWire): Transaction {
  return { ...wire, wallet: wire.wallet ? toWallet(wire.wallet) : null };
}

export const decodeTransaction = (raw: unknown): Transaction =>
  toTransaction(decodeWith(TransactionStruct, raw));
