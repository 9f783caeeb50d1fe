// Checkout data and the answers of the payment calls (CONTRACT.md "Cart" and "Payments").
import { array, boolean, coerce, defaulted, string, type, union, unknown, type Infer } from 'superstruct';
import { t } from '@/shared/messages';
import { CartBodyStruct, toCartView, type CartView } from './cart';
import { decodeWith, maybe, money } from './common';
import { TransactionStruct, toTransaction, type Transaction } from './transaction';
import { WalletStruct, toWallet, type Wallet } from './wallet';

export const PAYMENT_METHODS = ['wallet', 'mpesa', 'paybill', 'pesapal'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

// The server may list methods as names (`"mpesa"`) or as objects (`{method: "mpesa", ...}`).
const MethodName = coerce(string(), type({ method: string() }), (value) => value.method);

const CheckoutStruct = type({
  ...CartBodyStruct.schema,
  paymentMethods: defaulted(array(union([string(), MethodName])), [...PAYMENT_METHODS]),
  wallet: maybe(WalletStruct),
});

export type Checkout = CartView & {
  /** The methods the server offers for this cart, in its order; unknown names are dropped. */
  paymentMethods: PaymentMethod[];
  wallet: Wallet | null;
};

export function decodeCheckout(raw: unknown): Checkout {
  const { paymentMethods, wallet, ...body } = decodeWith(CheckoutStruct, raw);
  return {
    ...toCartView(body),
    paymentMethods: paymentMethods.filter(isPaymentMethod),
    wallet: wallet ? toWallet(wallet) : null,
  };
}

/** `POST payments/wallet` → `{message}`. */
const WalletPaymentStruct = type({ message: defaulted(string(), t('payment.paid')) });
export type WalletPayment = Infer<typeof WalletPaymentStruct>;
export const decodeWalletPayment = (raw: unknown): WalletPayment =>
  decodeWith(WalletPaymentStruct, raw ?? {});

/** `POST payments/mpesa` and `POST payments/pesapal` (and wallet top-ups) → a pending transaction. */
const GatewayPaymentStruct = type({
  message: maybe(string()),
  pesapalUrl: maybe(string()),
  transaction: TransactionStruct,
});
export type GatewayPayment = { message: string | null; pesapalUrl: string | null; transaction: Transaction };
export function decodeGatewayPayment(raw: unknown): GatewayPayment {
  const { transaction, ...rest } = decodeWith(GatewayPaymentStruct, raw);
  return { ...rest, transaction: toTransaction(transaction) };
}

/** `GET payments/paybill` → where to pay by M-Pesa paybill. */
const PaybillStruct = type({
  businessNumber: coerce(string(), unknown(), (value) => String(value)),
  accountNumber: coerce(string(), unknown(), (value) => String(value)),
  amount: defaulted(money, '0.00'),
});
export type Paybill = Infer<typeof PaybillStruct>;
export const decodePaybill = (raw: unknown): Paybill => decodeWith(PaybillStruct, raw);

/**
 * `POST payments/paybill/confirm` → 200 paid or 202 still waiting. The body says which too
 * (`paid`, or the transaction's status), so the answer reads the same whatever carried it.
 */
const PaybillConfirmationStruct = type({
  message: maybe(string()),
  paid: maybe(boolean()),
  transaction: maybe(TransactionStruct),
});
/** `underReview`: the server holds the payment for staff (transaction `needs_review`). */
export type PaybillConfirmation = { paid: boolean; underReview: boolean; message: string | null };
export function decodePaybillConfirmation(raw: unknown, status?: number): PaybillConfirmation {
  const body = decodeWith(PaybillConfirmationStruct, raw ?? {});
  const paid = body.paid ?? (body.transaction ? body.transaction.status === 'completed' : status === 200);
  return { paid, underReview: body.transaction?.status === 'needs_review', message: body.message };
}
