import { boolean, defaulted, string, type, type Infer } from 'superstruct';
import { decodeWith, id, maybe, money } from './common';

export const WalletStruct = type({
  id,
  accountNo: maybe(string()),
  reference: maybe(string()),
  userId: maybe(id),
  balance: defaulted(money, '0.00'),
  currency: defaulted(string(), 'KES'),
  withdrawalNo: maybe(string()),
  withdrawalProvider: maybe(string()),
  // Issue 23 (docs/withdrawals.md): the number masked, when it may be paid to, what may leave, the fee.
  withdrawalNoUsableAt: maybe(string()),
  // Null where the wallet is nested (the user, the cart): only `GET /api/wallet` works them out.
  withdrawable: maybe(money),
  withdrawalFee: maybe(money),
  hasPin: defaulted(boolean(), false),
});
type WalletWire = Infer<typeof WalletStruct>;
/** SPEC §3 spells it `hasPIN`. */
export type Wallet = Omit<WalletWire, 'hasPin'> & { hasPIN: boolean };

export function toWallet(wire: WalletWire): Wallet {
  const { hasPin, ...rest } = wire;
  return { ...rest, hasPIN: hasPin };
}

export const decodeWallet = (raw: unknown): Wallet => toWallet(decodeWith(WalletStruct, raw));
