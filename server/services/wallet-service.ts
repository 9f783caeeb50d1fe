// The wallet itself: balance with recent history, and the 4-digit PIN.
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { transactions, wallets } from '../db/schema';
import { ValidationError, notFound } from '../http/errors';
import { transactionResource } from '../resources/commerce-resource';
import { walletResource } from '../resources/user-resource';
import { hashSecret } from '../security/password';
import { t } from '../../src/shared/messages';
import { pinConfirmationProblem, pinProblem } from '../../src/shared/payment-validation';
import { verifyWalletPin } from './payments';
import { withdrawableCents } from './withdrawal-service';

const RECENT = 20;

/** The wallet with recent history, what may be withdrawn and the withdrawal fee (`feeCents`, WITHDRAWAL_FEE). */
export async function walletWithHistory(db: Database, userId: number, feeCents?: number) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw notFound();
  const recent = await db
    .select()
    .from(transactions)
    .where(eq(transactions.userId, userId))
    .orderBy(desc(transactions.id))
    .limit(RECENT);
  const fee = feeCents ?? 0;
  const withdrawable = Math.max(0, (await withdrawableCents(db, wallet)) - fee);
  return {
    ...walletResource(wallet, { withdrawableCents: withdrawable, feeCents: fee }),
    transactions: recent.map(transactionResource),
  };
}

/** Sets the PIN; changing an existing one needs the current PIN (wrong tries count towards the lock). */
export async function setUpPin(
  db: Database,
  userId: number,
  input: { pin: string; confirmation: string; currentPin: string },
) {
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, userId));
  if (!wallet) throw notFound();
  // The wallet page's PIN form checks the same rules (src/shared/payment-validation.ts).
  const badPin = pinProblem(input.pin);
  if (badPin) throw ValidationError.field('pin', badPin);
  const mismatch = pinConfirmationProblem(input.pin, input.confirmation);
  if (mismatch) throw ValidationError.field('pin_confirmation', mismatch);
  if (wallet.pinHash) {
    if (pinProblem(input.currentPin)) throw ValidationError.field('current_pin', t('wallet.currentPin'));
    try {
      await verifyWalletPin(db, userId, input.currentPin);
    } catch (error) {
      if (error instanceof ValidationError) throw ValidationError.field('current_pin', error.message);
      throw error;
    }
  }
  await db
    .update(wallets)
    .set({
      pinHash: await hashSecret(input.pin),
      pinAttempts: 0,
      pinLockedUntil: null,
      updatedAt: new Date(),
    })
    .where(eq(wallets.id, wallet.id));
}
