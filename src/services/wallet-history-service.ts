// The wallet screen's reads and PIN change (docs/api.md "Wallet"): `GET /api/wallet` answers the
// wallet plus its 20 newest transactions; changing a PIN needs the current one.
import { array, defaulted, type } from 'superstruct';
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeWith } from './schemas/common';
import { TransactionStruct, toTransaction, type Transaction } from './schemas/transaction';
import { decodeWallet, type Wallet } from './schemas/wallet';
import { t } from '@/shared/messages';

export type WalletOverview = { wallet: Wallet; transactions: Transaction[] };

const HistoryStruct = type({ transactions: defaulted(array(TransactionStruct), []) });

export async function fetchWalletOverview(): Promise<WalletOverview> {
  const data = dataOf(await request('/api/wallet'));
  const { transactions } = decodeWith(HistoryStruct, data ?? {});
  return { wallet: decodeWallet(data), transactions: transactions.map(toTransaction) };
}

/** `POST /api/wallet/setup` with `current_pin`: a wrong current PIN is a 422 on `currentPin`. */
export async function changeWalletPin(values: {
  currentPin: string;
  pin: string;
  pinConfirmation: string;
}): Promise<{ message: string }> {
  const answer = await request('/api/wallet/setup', { method: 'POST', body: values });
  return { message: messageOf(answer, t('wallet.setupComplete')) };
}
