// Wallet calls of CONTRACT.md (`/api/wallet`).
import { request } from './http';
import { dataOf, messageOf } from './envelope';
import { decodeGatewayPayment, type GatewayPayment } from './schemas/checkout';
import { decodeWallet, type Wallet } from './schemas/wallet';
import { t } from '@/shared/messages';

export type TopUpValues = { amount: string; method: 'mpesa' | 'pesapal'; phone?: string };

export async function fetchWallet(): Promise<Wallet> {
  return decodeWallet(dataOf(await request('/api/wallet')));
}

/** Answers like the payment calls: a pending transaction (and `pesapal_url` for Pesapal). */
export async function topUpWallet(values: TopUpValues): Promise<GatewayPayment> {
  const body: Record<string, unknown> = { amount: values.amount, method: values.method };
  if (values.method === 'mpesa') body.phone = values.phone ?? '';
  return decodeGatewayPayment(await request('/api/wallet/topup', { method: 'POST', body }));
}

export async function setUpWalletPin(pin: string, pinConfirmation: string): Promise<{ message: string }> {
  const answer = await request('/api/wallet/setup', { method: 'POST', body: { pin, pinConfirmation } });
  return { message: messageOf(answer, t('wallet.setupComplete')) };
}
