// `npm run audit:money` as an operator runs it: a process of its own on a PGlite folder (DATA_DIR),
// exit code 0 when the money adds up, 1 on a breach (printed with its ids), 2 when there is nothing
// it may audit. PGlite on disk belongs to one process at a time, so the test opens the folder only
// between the CLI's runs.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../../server/db/client';
import { users, wallets } from '../../../server/db/schema';
import { seed } from '../../../server/db/seed';
import { auditCli } from '../support/audit-cli';

let folder: string;
let dataDir: string;

/** A seeded PGlite folder (under `npm run test:pg` too: the CLI's PostgreSQL run is in tests/pg). */
async function seededFolder(dir: string): Promise<void> {
  const disk = await createDatabase({ dataDir: dir });
  try {
    await disk.migrate();
    await seed(disk.db);
  } finally {
    await disk.close();
  }
}

/** Opens the folder, changes something, and closes it again before the CLI runs. */
async function withFolder(change: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<void>) {
  const disk = await createDatabase({ dataDir });
  try {
    await change(disk.db);
  } finally {
    await disk.close();
  }
}

describe('npm run audit:money on a PGlite folder', () => {
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'somesha-audit-cli-'));
    dataDir = path.join(folder, 'data');
    await seededFolder(dataDir);
  }, 120_000);

  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('exits 0 on the seeded database and says the money adds up', async () => {
    const run = await auditCli({ DATA_DIR: dataDir });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`Money audit of PGlite in ${dataDir}`);
    expect(run.stdout).toContain('  ok    wallet_ledger');
    expect(run.stdout.trim().split('\n').at(-1)).toBe('The money adds up: 6 checks, no breach.');
    expect(run.code).toBe(0);
  });

  it('exits 1 on a wallet a cent off its ledger, naming the wallet and its user', async () => {
    let walletId = 0;
    let userId = 0;
    await withFolder(async (db) => {
      const [student] = await db.select().from(users).where(eq(users.email, 'student@example.com'));
      const [wallet] = await db
        .update(wallets)
        .set({ balanceCents: 1_000_001 })
        .where(eq(wallets.userId, student?.id ?? 0))
        .returning();
      walletId = wallet?.id ?? 0;
      userId = student?.id ?? 0;
    });
    const run = await auditCli({ DATA_DIR: dataDir });
    expect(run.stdout).toContain('  FAIL  wallet_ledger: 1 breach');
    expect(run.stdout).toContain(
      `balance_differs_from_ledger  wallet_id=${walletId} user_id=${userId} balance=10000.01 ledger=10000.00 difference=0.01`,
    );
    expect(run.stdout.trim().split('\n').at(-1)).toBe('1 of 6 checks failed, 1 breach.');
    expect(run.code).toBe(1);
    await withFolder(async (db) => {
      await db.update(wallets).set({ balanceCents: 1_000_000 }).where(eq(wallets.id, walletId));
    });
  });

  it('refuses a folder another process has open, unless told it is a leftover', async () => {
    // What PGlite leaves while a server has the folder open (or after one was killed).
    await writeFile(path.join(dataDir, 'postmaster.pid'), '-42\n/pglite/data\n');
    const refused = await auditCli({ DATA_DIR: dataDir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('is open in another process');
    const forced = await auditCli({ DATA_DIR: dataDir }, ['--force']);
    expect(forced.code).toBe(0);
  });

  it('exits 2 without touching anything when there is no database, or it was never migrated', async () => {
    const missing = path.join(folder, 'nothing-here');
    const none = await auditCli({ DATA_DIR: missing });
    expect(none.code).toBe(2);
    expect(none.stderr).toContain(`no database in ${missing}`);
    await expect(import('node:fs').then((fs) => fs.existsSync(missing))).resolves.toBe(false);

    // What a database no server has migrated looks like: no migrations table.
    await withFolder(async (db) => {
      await db.execute(sql`drop schema drizzle cascade`);
    });
    const unmigrated = await auditCli({ DATA_DIR: dataDir });
    expect(unmigrated.code).toBe(2);
    expect(unmigrated.stderr).toContain('never migrated');
  });
});
