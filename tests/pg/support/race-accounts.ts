// The accounts the PostgreSQL race tests set up: made in SQL through the test's own connection, each
// signed in on both server processes. A learner's wallet holds START_CENTS (PIN 1234) as an M-Pesa
// top-up on the ledger, so `npm run audit:money` can hold every wallet to its ledger after the run.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { teachers, transactions, wallets } from '../../../server/db/schema';
import { hashSecret } from '../../../server/security/password';
import { createAccount, type RoleName } from '../../../server/services/account-service';
import type { Browser } from '../../server/support/test-server';
import type { ServerProcess } from './server-processes';

export const RACE_PASSWORD = 'Passw0rd!';
export const RACE_PIN = '1234';
export const START_CENTS = 10_000_000;

export type RaceAccount = { userId: number; profileId: number; email: string; on: [Browser, Browser] };

/** Hashes the password and PIN once per file; `raceAccount` takes them. */
export async function raceSecrets() {
  const [passwordHash, pinHash] = await Promise.all([hashSecret(RACE_PASSWORD), hashSecret(RACE_PIN)]);
  return { passwordHash, pinHash };
}

/** An approved teacher, or a learner with START_CENTS in their wallet, signed in on both processes. */
export async function raceAccount(
  db: Database,
  processes: ServerProcess[],
  secrets: { passwordHash: string; pinHash: string },
  role: RoleName,
): Promise<RaceAccount> {
  const tag = randomBytes(5).toString('hex');
  const email = `${role}.${tag}@example.com`;
  const { userId, profileId } = await db.transaction((tx) =>
    createAccount(tx, {
      firstName: 'Race',
      lastName: tag,
      username: `race_${tag}`,
      email,
      phone: '254708374149',
      passwordHash: secrets.passwordHash,
      status: 'active',
      role,
    }),
  );
  const [wallet] = await db
    .update(wallets)
    .set({ balanceCents: role === 'teacher' ? 0 : START_CENTS, pinHash: secrets.pinHash })
    .where(eq(wallets.userId, userId))
    .returning({ id: wallets.id });
  if (role === 'teacher')
    await db
      .update(teachers)
      .set({ status: 'approved' })
      .where(eq(teachers.id, profileId ?? 0));
  else
    await db.insert(transactions).values({
      userId,
      walletId: wallet?.id ?? null,
      type: 'topup',
      amountCents: START_CENTS,
      reference: `TOP-RACE-${tag}`,
      status: 'completed',
      gateway: 'mpesa',
      gatewayReceipt: `RCE${tag.toUpperCase()}`,
      completedAt: new Date(),
    });
  const on = processes.map((process) => process.browser()) as [Browser, Browser];
  for (const browser of on) await browser.signIn(email, RACE_PASSWORD);
  return { userId, profileId: profileId ?? 0, email, on };
}
