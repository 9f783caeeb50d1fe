// Payment calls of CONTRACT.md (`/api/payments`), each for a cart id or the current cart.
import { request } from './http';
import { dataOf } from './envelope';
import { cartSuffix } from './cart-service';
import {
  decodeGatewayPayment,
  decodePaybill,
  decodePaybillConfirmation,
  decodeWalletPayment,
  type GatewayPayment,
  type Paybill,
  type PaybillConfirmation,
  type WalletPayment,
} from './schemas/checkout';
import { decodeTransaction, type Transaction } from './schemas/transaction';

type CartId = number | null | undefined;
/** A parent's child the lessons are for; the server needs it from a parent of several children. */
type StudentId = number | null | undefined;

/** `student_id` only when there is one: a student's own payment sends none. */
const learner = (studentId: StudentId) => (studentId == null ? {} : { studentId });
/** The body of a call that has nothing else to say: none at all for a student. */
const learnerBody = (studentId: StudentId) => (studentId == null ? undefined : { studentId });

/** 200 `{message}`; 422 wrong PIN, locked PIN or short balance; 409 empty or changed cart. */
export async function payByWallet(cartId: CartId, pin: string, studentId?: StudentId): Promise<WalletPayment> {
  return decodeWalletPayment(
    await request(`/api/payments/wallet${cartSuffix(cartId)}`, {
      method: 'POST',
      body: { pin, ...learner(studentId) },
    }),
  );
}

/** 202 after the STK push: the transaction is pending until the customer answers on the phone. */
export async function payByMpesa(cartId: CartId, phone: string, studentId?: StudentId): Promise<GatewayPayment> {
  return decodeGatewayPayment(
    await request(`/api/payments/mpesa${cartSuffix(cartId)}`, {
      method: 'POST',
      body: { phone, ...learner(studentId) },
    }),
  );
}

export async function fetchPaybill(cartId: CartId, studentId?: StudentId): Promise<Paybill> {
  const query = studentId == null ? undefined : { student_id: studentId };
  return decodePaybill(await request(`/api/payments/paybill${cartSuffix(cartId)}`, { query }));
}

/** Paid once the C2B confirmation for the cart's account number has come in; else still waiting. */
export async function confirmPaybill(cartId: CartId, studentId?: StudentId): Promise<PaybillConfirmation> {
  return decodePaybillConfirmation(
    await request(`/api/payments/paybill/confirm${cartSuffix(cartId)}`, {
      method: 'POST',
      body: learnerBody(studentId),
    }),
  );
}

/** 202 with `pesapal_url`, the hosted payment page the modal shows. */
export async function payByPesapal(cartId: CartId, studentId?: StudentId): Promise<GatewayPayment> {
  return decodeGatewayPayment(
    await request(`/api/payments/pesapal${cartSuffix(cartId)}`, {
      method: 'POST',
      body: learnerBody(studentId),
    }),
  );
}

export async function fetchTransaction(transactionId: number): Promise<Transaction> {
  return decodeTransaction(
    dataOf(await request(`/api/wallet/transaction/show/${encodeURIComponent(String(transactionId))}`)),
  );
}
